import TestSupport
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

@Suite struct JSONWriterTests {
    @Test func `written values read back as the same values`() throws {
        var g = SeededRandom(state: 1)
        for _ in 0..<2_000 {
            let value = randomJSON(&g)
            var writer = JSONWriter(capacity: 16)
            writer.value(value)
            let text = writer.takeString()
            #expect(try JSONParser.parse(text) == value, "\(text)")
        }
    }

    @Test func `escapes are the short ones, control bytes as u00XX, the rest untouched`() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\re\tf\u{1}g\u{7F}é😀/")
        #expect(writer.takeString() == #""a\"b\\c\nd\re\tf\u0001g\#u{7F}é😀/""#)
        var numbers = JSONWriter()
        numbers.value([.integer(Int64.min), .integer(0), .number(.infinity), .number(2.5), .number(1e21)])
        #expect(numbers.takeString() == "[-9223372036854775808,0,null,2.5,1e+21]")
    }

    @Test func `a byte needing an escape is found at every place in a word, and read back at every place`() throws {
        // The scans jump to the first special byte of eight; each special byte at each offset, after each kind of text.
        let specials: [(String, String)] = [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1F}", #"\u001f"#), ("\u{0}", #"\u0000"#)]
        for filler in ["a", "é", "😀"] {
            for length in 0..<20 {
                for place in 0...length {
                    for (special, escaped) in specials {
                        let before = String(repeating: filler, count: place), after = String(repeating: filler, count: length - place)
                        let text = before + special + after + special
                        var writer = JSONWriter()
                        writer.string(text)
                        let written = writer.takeString()
                        #expect(written == "\"" + before + escaped + after + escaped + "\"")
                        #expect(try JSONParser.parse(written) == .string(text))
                        #expect(try JSONParser.parse("\"" + before + after + "\"") == .string(before + after))
                    }
                }
            }
        }
    }

    @Test func `a C string taken from the writer is NUL-terminated and owned by the caller`() throws {
        var writer = JSONWriter(capacity: 1)
        for _ in 0..<1_000 { writer.raw("[1]") }
        let taken = writer.takeCString()
        let text = try #require(taken)
        #expect(String(cString: text).utf8.count == 3_000)
        free(text)
    }

    @Test func `the spans of a top-level array are each element's own text`() throws {
        let text = #"[ {"a": 1} ,"x",[2, 3] ,null ]"#
        let result = try text.utf8CString.withUnsafeBytes { raw in
            try JSONParser.parseArrayWithSpans(UnsafeRawBufferPointer(rebasing: raw.dropLast()))
        }
        let (elements, spans) = try #require(result)
        let bytes = Array(text.utf8)
        #expect(spans.map { String(decoding: bytes[$0], as: UTF8.self) } == [#"{"a": 1}"#, #""x""#, "[2, 3]", "null"])
        #expect(elements.count == 4)
        #expect(try "{}".utf8CString.withUnsafeBytes { try JSONParser.parseArrayWithSpans(UnsafeRawBufferPointer(rebasing: $0.dropLast())) } == nil)
    }

    @Test func `steps written straight to the writer equal the parts' JSON, payload copied or not`() throws {
        var g = SeededRandom(state: 7)
        let samples = try [
            String(decoding: readBytes(repositoryRoot + "/examples-c/data/message.json"), as: UTF8.self),
            String(decoding: readBytes(repositoryRoot + "/examples-c/data/tool-reply.json"), as: UTF8.self),
        ].map { text -> String in
            let value = try JSONParser.parse(text)
            return JSONSerializer.string(value["attachments"] ?? value)
        }
        var documents = samples
        // Random attachments: steps of both kinds with fields of every type, and non-steps.
        for _ in 0..<300 {
            var attachments: [JSONValue] = []
            for _ in 0..<Int.random(in: 0..<6, using: &g) {
                var fields: [(String, JSONValue)] = [("type", .string(["ai_reasoning", "ai_tool_call", "ai_other", "image"][Int.random(in: 0..<4, using: &g)]))]
                for key in ["id", "v", "status", "summary", "preview", "duration_ms", "name", "display_title", "executor",
                            "target_user_id", "target_client_id", "arguments", "approval", "authorization"] where Bool.random(using: &g) {
                    fields.append((key, randomJSON(&g, depth: 2)))
                }
                if Bool.random(using: &g) { fields.append(("authorization", ["type": "oauth", "url": "https://a.example/x#f", "handoff_token": "t k"])) }
                attachments.append(.object(JSONObject(fields)))
            }
            documents.append(JSONSerializer.string(.array(attachments)))
        }
        for text in documents {
            let parsed = try #require(try Array(text.utf8).withUnsafeBytes { try JSONParser.parseArrayWithSpans($0) })
            let expected = JSONValue.array(AIMessagePart.parts(from: parsed.elements).map(\.jsonValue))
            var copied = JSONWriter()
            Array(text.utf8).withUnsafeBytes { raw in
                AIMessagePart.writeParts(of: parsed.elements, source: raw, spans: parsed.spans, to: &copied)
            }
            #expect(try JSONParser.parse(copied.takeString()) == expected)
            var written = JSONWriter()
            AIMessagePart.writeParts(of: parsed.elements, to: &written)
            #expect(try JSONParser.parse(written.takeString()) == expected)
            var streamed = JSONWriter()
            let isArray = try Array(text.utf8).withUnsafeBytes { raw in try AIMessagePart.writeParts(ofArrayText: raw, to: &streamed) }
            #expect(isArray)
            #expect(try JSONParser.parse(streamed.takeString()) == expected)
        }
    }

    @Test func `the steps' tree written as the parts are read equals the tree made of them all`() throws {
        var g = SeededRandom(state: 11)
        let options = StepsPresentationOptions(nowMs: 1_800_000_000_000)
        var documents: [String] = [
            "[]", #"[{"kind": "ai_reasoning", "id": "p", "payload": {"type": "ai_reasoning", "preview": "**a** b\n\nc"}}, 1, "x"]"#,
        ]
        for _ in 0..<300 {
            var elements: [JSONValue] = []
            for _ in 0..<Int.random(in: 0..<6, using: &g) {
                var fields: [(String, JSONValue)] = [("type", .string(["ai_reasoning", "ai_tool_call", "ai_other", "image"][Int.random(in: 0..<4, using: &g)]))]
                for key in ["id", "v", "status", "summary", "preview", "duration_ms", "name", "display_title", "executor",
                            "arguments", "approval", "authorization"] where Bool.random(using: &g) {
                    fields.append((key, randomJSON(&g, depth: 2)))
                }
                if Bool.random(using: &g) { fields.append(("preview", "Some *text*, `code` and [a link](https://a.example).\n\nMore.")) }
                let attachment = JSONValue.object(JSONObject(fields))
                // A third of the elements are parts as the decoder writes them.
                elements.append(Int.random(in: 0..<3, using: &g) == 0
                    ? AIMessagePart(attachment: attachment, index: elements.count)?.jsonValue ?? attachment : attachment)
            }
            documents.append(JSONSerializer.string(.array(elements)))
        }
        for text in documents {
            let elements = try #require(try JSONParser.parse(text).arrayValue)
            var whole = JSONWriter()
            StepsPresenter.tree(for: AIMessagePart.parts(fromPartsOrAttachments: elements), options: options).write(to: &whole)
            var streamed = JSONWriter()
            let isArray = try Array(text.utf8).withUnsafeBytes { try StepsPresenter.writeTree(ofArrayText: $0, options: options, to: &streamed) }
            #expect(isArray)
            let (streamedText, wholeText) = (streamed.takeString(), whole.takeString())
            #expect(streamedText == wholeText)
        }
        var writer = JSONWriter()
        writer.raw("x")
        #expect(try Array(#"{"a": 1}"#.utf8).withUnsafeBytes { try StepsPresenter.writeTree(ofArrayText: $0, to: &writer) } == false)
        #expect(writer.count == 1)
        #expect(throws: JSONError.self) {
            _ = try Array(#"[{"type": "ai_reasoning"}, {"type": tru}]"#.utf8).withUnsafeBytes { try StepsPresenter.writeTree(ofArrayText: $0, to: &writer) }
        }
        #expect(writer.count == 1)
    }

    @Test func `streaming an array that is not one writes nothing; a syntax error names the element`() throws {
        var writer = JSONWriter()
        #expect(try Array(#"{"a": 1}"#.utf8).withUnsafeBytes { try AIMessagePart.writeParts(ofArrayText: $0, to: &writer) } == false)
        #expect(writer.count == 0)
        let error = #expect(throws: JSONError.self) {
            var w = JSONWriter()
            _ = try Array(#"[{"type": "ai_reasoning"}, {"type": tru}]"#.utf8).withUnsafeBytes { try AIMessagePart.writeParts(ofArrayText: $0, to: &w) }
        }
        #expect(error?.message.contains("[1]") == true || error?.path.contains("[1]") == true, "\(String(describing: error))")
    }

    @Test func `a node written straight to the writer equals its JSON`() throws {
        var g = SeededRandom(state: 3)
        func node(_ depth: Int) -> UINode {
            UINode(id: "n\(Int.random(in: 0..<1000, using: &g))", type: "box", props: randomJSON(&g, depth: 2).objectValue ?? ["k": "v"],
                   children: depth > 0 ? (0..<Int.random(in: 0..<3, using: &g)).map { _ in node(depth - 1) } : [],
                   events: ["tap"], state: Bool.random(using: &g) ? .ready : .pending, bindings: ["value": "/a"], entrance: 3)
        }
        for _ in 0..<200 {
            let tree = UITree(root: node(3))
            var writer = JSONWriter()
            tree.write(to: &writer)
            #expect(try JSONParser.parse(writer.takeString()) == tree.jsonValue)
        }
    }
}
