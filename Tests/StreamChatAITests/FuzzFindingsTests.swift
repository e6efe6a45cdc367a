import Testing
@testable import StreamChatAI

/// Inputs the fuzz targets (Tests/Fuzz) found, each a regression test of its own.
@Suite struct FuzzFindingsTests {
    /// Streams `text` in pieces of `size` characters.
    func streamed(_ text: String, size: Int) -> ReasoningDocument {
        var document = ReasoningDocument()
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex
            document.append(String(text[i..<j]))
            i = j
        }
        document.finish()
        return document
    }

    @Test func `reasoning with a stray byte, a form feed and an open link lays out the same streamed or at once`() {
        let bytes: [UInt8] = [73, 32, 115, 104, 111, 12, 108, 100, 32, 42, 42, 229, 104, 101, 99, 107, 42, 42, 32, 116, 104, 101, 32, 95, 119, 101, 97, 116, 104, 101, 114, 95, 32, 102, 105, 114, 115, 116, 46, 10, 10, 84, 104, 101, 110, 32, 115, 97, 108, 108, 32, 96, 103, 101, 116, 40, 99, 105, 116, 121, 41, 96, 32, 97, 110, 100, 32, 115, 101, 101, 32, 91, 100, 111, 99, 115, 125, 40, 104, 116, 116, 112, 115, 58, 47, 47, 101, 120, 97, 109, 112, 108, 101, 46, 99, 111, 109, 41, 46, 32, 92, 42, 32, 110, 111, 116, 32, 98, 111, 108, 100, 32, 42, 111, 112, 101, 110]
        let text = String(decoding: bytes, as: UTF8.self)
        let once = ReasoningDocument(text)
        for size in [1, 2, 3, 7, 13] {
            let pieces = streamed(text, size: size)
            #expect(pieces.paragraphs == once.paragraphs, "size \(size)")
        }
    }

    /// Feeds `bytes` in chunks of 1, 2, … 16 bytes, as the fence target does.
    func chunked(_ bytes: [UInt8]) throws -> AIUIFenceExtractor {
        var extractor = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        var i = 0
        var size = 1
        while i < bytes.count {
            let end = min(bytes.count, i + size)
            try extractor.feed(utf8: bytes[i..<end])
            i = end
            size = size % 16 + 1
        }
        extractor.finish()
        return extractor
    }

    /// The extractor fed `bytes` whole, after checking that chunks give the same.
    func wholeMatchingChunks(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> AIUIFenceExtractor {
        var whole = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        try whole.feed(utf8: bytes)
        whole.finish()
        let pieces = try chunked(bytes)
        #expect(pieces.text == whole.text, sourceLocation: sourceLocation)
        #expect(pieces.ui == whole.ui, sourceLocation: sourceLocation)
        return whole
    }

    @Test func `a fence line indented by many spaces is text, split into chunks or not`() throws {
        let bytes: [UInt8] = [72, 101, 114, 101, 58, 10, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 96, 96, 96, 111, 112, 101, 110, 117, 105, 45, 108, 97, 110, 103, 10, 32, 97, 114, 1, 96, 98, 96, 112, 121, 116, 104, 111, 120, 82, 97, 0, 0, 0, 0, 110, 103, 101]
        let whole = try wholeMatchingChunks(bytes)
        #expect(whole.ui == nil)  // four or more spaces make an indented code block, not a fence
    }

    @Test func `a fence may be indented up to three spaces, not four`() throws {
        for (indent, isFence) in [("", true), ("   ", true), ("    ", false)] {
            let text = "Plan:\n\(indent)```openui-lang\nroot = Card([])\n```\nDone."
            let whole = try wholeMatchingChunks(Array(text.utf8))
            #expect((whole.ui != nil) == isFence, "indent \(indent.count)")
        }
    }

    @Test func `lines that end in CR LF are lines, whole or split into chunks`() throws {
        let bytes: [UInt8] = [72, 96, 10, 96, 96, 10, 96, 96, 96, 111, 47, 103, 10, 125, 13, 10, 96, 96, 96, 10, 96, 96, 0, 30, 72, 101, 114, 101, 58, 10, 96, 96, 96, 111, 112, 101, 110, 117, 105, 45, 108, 97, 110, 103, 10, 114, 111, 111, 58, 116, 32, 61, 32, 67, 97, 123, 34, 10, 10, 10, 96, 90, 10, 114, 111, 111, 96, 110, 117, 108, 97, 72, 0, 3, 0, 123, 226]
        let whole = try wholeMatchingChunks(bytes)
        #expect(whole.ui?["format"] == "openui")  // the sh block closed at its CR LF line
    }

    @Test func `a code block whose lines end in CR LF closes, and the UI block after it opens`() throws {
        var extractor = AIUIFenceExtractor(fences: ["openui-lang": "openui"])
        extractor.feed("Code:\r\n```sh\r\nls\r\n```\r\nUI:\r\n```openui-lang\r\nroot = Card([])\r\n```\r\n")
        extractor.finish()
        #expect(extractor.ui?["format"] == "openui")
        #expect(extractor.text.contains("```sh"))
    }
}
