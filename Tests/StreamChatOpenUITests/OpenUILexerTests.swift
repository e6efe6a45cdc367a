import Testing
@testable import StreamChatOpenUI

/// How the lexer reads literals (spec §1.3): a number is the double its text names, however it is read; a string is
/// its bytes with its quote's escapes undone, wherever the escapes are, and a string the text leaves open is closed.
@Suite struct OpenUILexerTests {
    /// The kinds of the tokens of `text`.
    static func kinds(_ text: String) -> [OpenUIToken.Kind] {
        OpenUILexer.tokens(Array(text.utf8)).tokens.map(\.kind)
    }

    /// A deterministic generator (the runs must repeat).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(next(10))) })
        }
    }

    @Test func `a number is the double its text names, short or long, with a fraction or not`() {
        var texts = ["0", "7", "007", "0.1", "0.2", "0.3", "1.5", "2.675", "999999999999999", "999999999999999.9",
                     "123456789012345", "1234567890123456", "9007199254740993", "0.000000000000001", "0.0000000000000000000001",
                     "3.14159265358979", "3.141592653589793", "1e3", "1.5e+3", "2E-2", "12e", "4.9e-324", "1.7976931348623157e308"]
        var generator = Generator(state: 2026)
        for _ in 0..<4_000 {
            var text = generator.digits(1 + generator.next(20))
            if generator.next(2) == 0 { text += "." + generator.digits(1 + generator.next(18)) }
            if generator.next(8) == 0 { text += "e" + (generator.next(2) == 0 ? "-" : "") + generator.digits(1 + generator.next(2)) }
            texts.append(text)
        }
        for text in texts {
            let expected = Double(text.hasSuffix("e") ? String(text.dropLast()) : text)!
            let kinds = Self.kinds(text)
            guard case .number(let value)? = kinds.first else {
                Issue.record("\(text) did not read as a number: \(kinds)")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text) read as \(value), its text names \(expected)")
            #expect(Self.kinds("-" + text).first == .number(-expected), "-\(text)")
        }
    }

    @Test func `a string is its bytes with its escapes undone, wherever they are`() {
        let cases: [(String, String)] = [
            (#""plain""#, "plain"),
            (#""""#, ""),
            (#""\"quoted\" start and end\"""#, #""quoted" start and end""#),
            (#""tab\there\n""#, "tab\there\n"),
            (#""\\""#, "\\"),
            (#""caf\u00e9 \ud83d\ude00 é""#, "café 😀 é"),
            (#""\x kept""#, "x kept"),
            (#"'single \'quote\' and \"'"#, #"single 'quote' and \""#),
            (#"'\n\t\\'"#, "\n\t\\"),
        ]
        for (text, expected) in cases {
            #expect(Self.kinds(text) == [.string(expected)], "\(text)")
        }
    }

    @Test func `brackets the text leaves open are closed in reverse order after closers that match nothing are dropped`() {
        func closing(_ text: String) -> (String, Bool) {
            let (tokens, closed) = OpenUIStatementSplitter.closingImplicitly(OpenUILexer.tokens(Array(text.utf8)).tokens[...])
            return (tokens.map { if case .symbol(let s) = $0.kind { s.description } else { "x" } }.joined(), closed)
        }
        // Tokens that close what they open come back as they are.
        #expect(closing("A([1, {k: 2}], (3))") == ("x([x,{x:x}],(x))", false))
        let balanced = OpenUILexer.tokens(Array("A([1])".utf8)).tokens
        #expect(OpenUIStatementSplitter.closingImplicitly(balanced[...]).tokens.elementsEqual(balanced))
        #expect(closing("A([1, {k: 2") == ("x([x,{x:x}])", true))
        #expect(closing("A(1]) ]") == ("x(x)", true))
        #expect(closing("}A(") == ("x()", true))
        // Deeper than the word that tracks open brackets without copying: closed all the same.
        let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
        #expect(closing(deep) == (String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40), false))
        #expect(closing(String(repeating: "(", count: 40)) == (String(repeating: "(", count: 40) + String(repeating: ")", count: 40), true))
    }

    @Test func `a statement closed again as it is written further is closed as a fresh closing closes it, at every cut`() {
        // Tokens more text extends (a number, `!==`, a name), closers that match nothing (at the start, inside, one
        // closing another bracket's opener), strings holding brackets, nesting opened and closed; then, on the next
        // line, another statement (another first token), closed from its start.
        let text = #"Stack([Col("a)", [12, 345 !== 6]), {k: [1, 2}], ]) Card(x) ] (("#
            + "\n" + #"}Table([Col("n", [1, 2, 3], "number"), Col('m]', [4.5e+6, 7]"#
        let bytes = Array(text.utf8)
        var kept = OpenUIStatementSplitter.Closing()
        for cut in 1...bytes.count {
            // The statement being written: the tokens after the last newline.
            let all = OpenUILexer.tokens(Array(bytes[..<cut])).tokens
            let tokens = all[((all.lastIndex { $0.kind == .newline } ?? -1) + 1)...]
            guard !tokens.isEmpty else { continue }
            let again = kept.closing(tokens, settledEnd: cut - OpenUILexer.lookahead)
            let fresh = OpenUIStatementSplitter.closingImplicitly(tokens)
            #expect(Array(again.tokens) == Array(fresh.tokens), "cut at \(cut)")
            #expect(again.closed == fresh.closed, "cut at \(cut)")
        }
        // Kept while its statement may still be written further; let go once a statement after it has begun.
        let second = bytes.firstIndex(of: 0x0A)! + 1
        kept.forget(before: second)
        #expect(!kept.tokens.isEmpty)
        kept.forget(before: bytes.count + 1)
        #expect(kept.tokens.isEmpty)
    }

    @Test func `a string the text leaves open is closed, with or without an escape in it`() {
        for (text, expected) in [(#""open"#, "open"), (#""open \"q"#, #"open "q"#), (#""ends mid-escape \"#, #"ends mid-escape \"#), ("'", "")] {
            let result = OpenUILexer.tokens(Array(text.utf8))
            #expect(result.tokens.map(\.kind) == [.string(expected)], "\(text)")
            #expect(result.openString, "\(text)")
        }
        let closed = OpenUILexer.tokens(Array(#""done" "#.utf8))
        #expect(!closed.openString)
    }

    @Test func `a statement's source ends where its text ends without the newlines that end it, as characters read them`() {
        // Every newline character, alone and in runs, and characters that share bytes with them without being one.
        let endings = ["", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\n\n\r\n", "\u{2028}\n",
                       "\n\u{301}", "\u{2027}", "\u{A8}", "\u{A9}", "€", "é", "\u{0E}", "\u{2029}x", " ", "\t\n"]
        for body in ["a = 1", "b = \"x\"", "", "\u{2029}", "é\u{85}"] {
            for ending in endings {
                for more in endings {
                    let text = body + ending + more
                    var expected = text
                    while expected.last?.isNewline == true { expected.removeLast() }
                    let bytes = Array(text.utf8)
                    let end = OpenUIStatement.trimmingNewlines(bytes, from: 0, to: bytes.count)
                    #expect(String(decoding: bytes[..<end], as: UTF8.self) == expected, "\(Array(text.unicodeScalars))")
                }
            }
        }
        // Only from `start` on: a newline before it stays.
        let bytes = Array("\n\n".utf8)
        #expect(OpenUIStatement.trimmingNewlines(bytes, from: 1, to: 2) == 1)
        #expect(OpenUIStatement.trimmingNewlines(Array("\u{2028}".utf8), from: 1, to: 3) == 3)
    }
}
