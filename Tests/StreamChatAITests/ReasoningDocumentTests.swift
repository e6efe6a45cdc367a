import TestSupport
import Testing
import StreamChatAI

/// A run as text and style letters, for readable expectations: "b:bold", "i:it", "c:code", "l(url):text".
func describe(_ doc: ReasoningDocument) -> [[String]] {
    doc.paragraphs.map { paragraph in
        paragraph.runs.map { run in
            var tag = ""
            if run.style.contains(.bold) { tag += "b" }
            if run.style.contains(.italic) { tag += "i" }
            if run.style.contains(.code) { tag += "c" }
            if let target = doc.linkTarget(of: run) { tag += "l(\(target))" }
            return tag.isEmpty ? doc.text(of: run) : "\(tag):\(doc.text(of: run))"
        }
    }
}

@Suite struct ReasoningDocumentTests {
    @Test func `blank lines separate paragraphs`() {
        let doc = ReasoningDocument("One\nstill one.\n\nTwo.\n  \t\n\n\nThree.\n")
        #expect(describe(doc) == [["One\nstill one."], ["Two."], ["Three."]])
        #expect(ReasoningDocument("").paragraphs.isEmpty)
        #expect(ReasoningDocument("\n\n  \n").paragraphs.isEmpty)
        #expect(describe(ReasoningDocument("a\r\n\r\nb")) == [["a"], ["b"]])
    }

    @Test func `bold italic and code`() {
        #expect(describe(ReasoningDocument("a **b** c")) == [["a ", "b:b", " c"]])
        #expect(describe(ReasoningDocument("a __b__ c")) == [["a ", "b:b", " c"]])
        #expect(describe(ReasoningDocument("a *b* _c_")) == [["a ", "i:b", " ", "i:c"]])
        #expect(describe(ReasoningDocument("***both*** x")) == [["bi:both", " x"]])
        #expect(describe(ReasoningDocument("use `x * y` now")) == [["use ", "c:x * y", " now"]])
        #expect(describe(ReasoningDocument("``a ` b`` c")) == [["c:a ` b", " c"]])
        #expect(describe(ReasoningDocument("**bold *both* bold**")) == [["b:bold ", "bi:both", "b: bold"]])
    }

    @Test func `every special byte is seen at every place of an eight-byte word`() {
        for offset in 0..<20 {
            let lead = "b" + String(repeating: "a", count: offset)
            #expect(describe(ReasoningDocument(lead + " `c` z")) == [[lead + " ", "c:c", " z"]], "code at \(offset)")
            #expect(describe(ReasoningDocument(lead + " *i* z")) == [[lead + " ", "i:i", " z"]], "star at \(offset)")
            #expect(describe(ReasoningDocument(lead + " _i_ z")) == [[lead + " ", "i:i", " z"]], "underscore at \(offset)")
            #expect(describe(ReasoningDocument(lead + "\n\nb")) == [[lead], ["b"]], "blank line at \(offset)")
            #expect(describe(ReasoningDocument(lead + "\r\n\r\nb")) == [[lead], ["b"]], "CRLF blank line at \(offset)")
            #expect(describe(ReasoningDocument(lead + " [l](https://a.example) z")) == [[lead + " ", "l(https://a.example):l", " z"]], "link at \(offset)")
            #expect(describe(ReasoningDocument(lead + #" \* z"#)) == [[lead + " ", "* z"]], "escape at \(offset)")
        }
    }

    @Test func `bytes that only look special to the word-at-a-time scan stay plain text`() {
        // Neighbours of the special bytes, control bytes, and bytes of multi-byte characters.
        let text = "a^b\u{1}c\u{B}d\u{C}e+f)g'h@i{j|k}l~m é ü 😀 \u{7F}z"
        for offset in 0..<9 {
            let lead = String(repeating: "x", count: offset)
            #expect(describe(ReasoningDocument(lead + text)) == [[lead + text]])
        }
    }

    @Test func `delimiters inside words or between spaces stay as written`() {
        #expect(describe(ReasoningDocument("call snake_case_name now")) == [["call snake_case_name now"]])
        #expect(describe(ReasoningDocument("2*3 = 6 and 5 * 3")) == [["2*3 = 6 and 5 * 3"]])
        #expect(describe(ReasoningDocument("a ** b")) == [["a ** b"]])
    }

    @Test func `a style still open runs to the end of its paragraph`() {
        #expect(describe(ReasoningDocument("a **open\n\nnext")) == [["a ", "b:open"], ["next"]])
        #expect(describe(ReasoningDocument("`code")) == [["c:code"]])
    }

    @Test func `links`() {
        #expect(describe(ReasoningDocument("see [the docs](https://e.x/a) now")) ==
                [["see ", "l(https://e.x/a):the docs", " now"]])
        #expect(describe(ReasoningDocument("[**bold** link](u)")) == [["bl(u):bold", "l(u): link"]])
        #expect(describe(ReasoningDocument("[](u)")) == [["l(u):u"]])
    }

    @Test func `brackets that are no link stay as written`() {
        #expect(describe(ReasoningDocument("a [b] c")) == [["a [b] c"]])
        #expect(describe(ReasoningDocument("a [b](c d) e")) == [["a [b](c d) e"]])
        #expect(describe(ReasoningDocument("a [b")) == [["a [b"]])
        #expect(describe(ReasoningDocument("a [b](c")) == [["a [b](c"]])
        #expect(describe(ReasoningDocument("x] [y [z](u)")) == [["x] [y ", "l(u):z"]])
        #expect(describe(ReasoningDocument("a\rb\r")) == [["a\rb"]])
    }

    @Test func `backslash escapes`() {
        #expect(describe(ReasoningDocument(#"\*not italic\* \\ \q"#)) == [["*not italic", "* ", "\\ \\q"]])
    }

    @Test func `the layout is the same however the text is split`() {
        let texts = [
            "The user asks about **Amsterdam**. I should call `get_weather` first.\n\nThen look for a *free* slot, see [the docs](https://e.x/cal).",
            "a **b *c* d** e\n\n``x`y`` [l](u) snake_case\\_x\n \n\nlast [no link](a b) *open",
            "```\ncode block\n```\n\n__x__ _y_ [a]\n\n\n[z](q)",
            "ünïcödé **wörds** and emoji 😀 `ç`\n\n",
        ]
        var rng = SeededRandom(state: 11)
        for text in texts {
            let whole = ReasoningDocument(text)
            let bytes = Array(text.unicodeScalars)
            for _ in 0..<40 {
                var doc = ReasoningDocument()
                var i = 0
                while i < bytes.count {
                    let n = Int.random(in: 1...7, using: &rng)
                    var piece = String.UnicodeScalarView()
                    piece.append(contentsOf: bytes[i..<min(i + n, bytes.count)])
                    doc.append(String(piece))
                    i += n
                }
                doc.finish()
                #expect(doc.paragraphs == whole.paragraphs, "split layout differs for \(text.debugDescription)")
            }
        }
    }

    @Test func `only the last paragraph changes while text streams`() {
        var doc = ReasoningDocument()
        doc.append("First paragraph.\n\nSecond")
        let first = doc.paragraphs[0]
        doc.append(" grows **bold")
        doc.append("**.")
        #expect(doc.paragraphs[0] == first)
        #expect(doc.paragraphs.count == 2)
        #expect(describe(doc)[1] == ["Second grows ", "b:bold", "."])
    }

    @Test func `look-ahead waits for the next append`() {
        var doc = ReasoningDocument()
        doc.append("a *")
        #expect(describe(doc) == [["a "]])
        doc.append("b*")
        doc.finish()
        #expect(describe(doc) == [["a ", "i:b"]])
    }
}
