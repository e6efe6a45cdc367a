import Dispatch
import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatA2UI

#if canImport(Glibc)
import Glibc
#endif

/// What a hostile or broken agent can send ends in a bounded, reported error, never a crash or a hang.
@Suite struct A2UIHostileInputTests {
    func render(_ content: JSONValue, log: Log = Log()) -> UINode? {
        let host = a2uiHost(log)
        receive(host, content)
        return host.render(messageID: "m")?.root
    }

    @Test func `a one-megabyte text renders`() {
        let big = String(repeating: "lorem ipsum ", count: 90_000)
        let log = Log()
        let root = render(jsonl([create(), components([["id": "root", "component": "Text", "text": .string(big)]])]), log: log)
        #expect(root?.children.first?.props["text"]?.stringValue?.count == big.count)
        #expect(log.allErrors.isEmpty)
    }

    @Test func `a line nested ten thousand deep is refused and the next line applies`() {
        let log = Log()
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let text = JSONSerializer.string(create()) + "\n{\"version\": \"v1.0\", \"x\": \(deep)}\n"
            + JSONSerializer.string(components([["id": "root", "component": "Divider"]])) + "\n"
        #expect(render(.string(text), log: log)?.children.first?.type == "Divider")
        #expect(log.allErrors.contains { $0.contains("line 2") && $0.contains("LIMIT_EXCEEDED") })
    }

    @Test func `a JSON array nested past the limit stops reading and says so`() {
        let log = Log()
        let text = "[" + JSONSerializer.string(create()) + "," + String(repeating: "[", count: 5_000)
        _ = render(.string(text), log: log)
        #expect(log.allErrors.contains { $0.contains("LIMIT_EXCEEDED") })
    }

    @Test func `past the nesting limit nothing more is read, whether the array arrives whole or in pieces`() {
        // Found by the fuzz target: streamed, the array's later elements were read again once the piece that passed
        // the limit was over, and a surface appeared that the whole text does not make.
        let deep = "[" + String(repeating: "[", count: 140)
        let text = deep + "\n[" + JSONSerializer.string(create()) + ","
            + JSONSerializer.string(components([["id": "root", "component": "Divider"]])) + "]"
        let whole = render(.string(text))
        let log = Log()
        let host = a2uiHost(log)
        for piece in [deep, text] {  // the first piece ends where the limit is passed
            receive(host, .string(piece), streaming: piece != text)
            _ = host.render(messageID: "m")
        }
        #expect(whole == nil && host.render(messageID: "m") == nil)
        #expect(log.allErrors.filter { $0.contains("LIMIT_EXCEEDED") }.count == 1)
    }

    @Test func `the fuzz target's input that nested past the limit renders the same streamed as whole`() {
        // 268 bytes the A2UI fuzz target found (minimized): an array that passes the nesting limit, then a
        // createSurface. Streamed in the target's growing pieces, the surface appeared; read whole, it does not.
        let bytes: [UInt8] = [
            91, 101, 129, 129, 34, 58, 32, 34, 84, 101, 1, 0, 0, 0, 101, 108, 83, 116, 114, 105, 110, 103, 97, 98,
            101, 108, 101, 110, 99, 116, 104, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91,
            91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91,
            91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 99, 255,
            255, 0, 43, 116, 34, 58, 34, 84, 101, 120, 116, 34, 44, 58, 255, 255, 34, 109, 101, 115, 115, 97, 103,
            101, 34, 34, 73, 32, 34, 58, 34, 84, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91,
            91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91,
            91, 91, 91, 91, 91, 91, 91, 68, 111, 117, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 91, 34, 114, 115, 34,
            58, 32, 97, 115, 114, 117, 101, 125, 125, 10, 123, 58, 123, 73, 115, 125, 123, 34, 118, 101, 114, 115,
            105, 111, 110, 34, 58, 34, 49, 46, 48, 34, 44, 34, 99, 114, 101, 97, 116, 101, 83, 117, 114, 102, 97, 99,
            101, 34, 58, 123, 34, 115, 117, 114, 102, 97, 99, 101, 73, 100, 34, 58, 34, 103, 34, 125, 125
        ]
        func document(_ end: Int, streaming: Bool) -> AIUIDocument {
            AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: streaming, content: .string(String(decoding: bytes[..<end], as: UTF8.self)))
        }
        let host = a2uiHost(Log())
        var end = 0, size = 1
        while end < bytes.count {
            end = min(bytes.count, end + size)
            while end < bytes.count && (bytes[end] & 0xC0) == 0x80 { end += 1 }
            host.receive(messageID: "m", document: document(end, streaming: end < bytes.count))
            _ = host.render(messageID: "m")
            size = size * 2 % 97 + 1
        }
        let fresh = a2uiHost(Log())
        fresh.receive(messageID: "m", document: document(bytes.count, streaming: false))
        #expect(host.render(messageID: "m")?.root == fresh.render(messageID: "m")?.root)
    }

    @Test func `a data path of a hundred thousand segments is refused, in data and in bindings`() {
        let log = Log()
        let path = String(repeating: "/a", count: 100_000)
        let root = render(jsonl([create(), data(path, 1),
                                 components([["id": "root", "component": "Text", "text": ["path": .string(path)]]])]), log: log)
        #expect(root?.children.first?.props["text"] == "")
        #expect(log.allErrors.contains { $0.contains("/updateDataModel/path") && $0.contains("at most 128") })
        #expect(log.allErrors.contains { $0.contains("binding path") })
    }

    @Test func `templates in templates over their own data stop at the node budget`() {
        let log = Log()
        let items = JSONValue.array((0..<30).map { _ in ["sub": .array((0..<30).map { _ in ["sub": .array((0..<30).map { _ in [:] })] })] })
        let root = render(jsonl([create(), components([
            ["id": "root", "component": "Column", "children": ["componentId": "row", "path": "/items"]],
            ["id": "row", "component": "Column", "children": ["componentId": "row", "path": "sub"]],
        ]), data("/items", items)]), log: log)
        #expect((root?.all.count ?? 0) <= A2UIIRBuilder.maxNodes + 100)
        #expect(log.allErrors.contains { $0.contains("more than 20000 nodes") })
    }

    @Test func `ten thousand components per surface at most`() {
        let log = Log()
        let many = (0..<10_001).map { i -> JSONValue in ["id": .string("c\(i)"), "component": "Divider"] }
        _ = render(jsonl([create(), components(many)]), log: log)
        #expect(log.allErrors.contains { $0.contains("at most 10000 components") })
    }

    @Test func `fifty nested components render on a 256 KiB thread`() throws {
        var list: [JSONValue] = (0..<50).map { i in ["id": .string(i == 0 ? "root" : "c\(i)"), "component": "Card", "child": .string("c\(i + 1)")] }
        list.append(["id": "c50", "component": "Column", "children": ["componentId": "t", "path": "/n"]])
        list.append(["id": "t", "component": "Text", "text": ["call": "formatString", "args": ["value": "${formatNumber(value: ${/x}, decimals: 2)}"]]])
        let content = jsonl([create(), components(list), data("/n", [1, 2]), data("/x", 3)])
        nonisolated(unsafe) var depth = 0
        nonisolated(unsafe) var errors: [String] = []
        #expect(onSmallStack(bytes: 256 << 10) {
            let log = Log()
            var node = render(content, log: log)
            while let next = node?.children.first { depth += 1; node = next }
            errors = log.allErrors
        })
        // The surface, 51 components, a template instance; or, where the thread's stack is too small, a reported stop.
        #expect(depth == 53 || errors.contains { $0.contains("nested too deeply for this thread's stack") }, "\(depth) \(errors)")
        print("a2ui on a 256 KiB thread: \(depth) levels, \(errors)")
    }

    @Test func `wrong types everywhere are reported and never trap`() {
        let log = Log()
        let messages: [JSONValue] = [
            ["version": 1, "createSurface": ["surfaceId": "s"]],
            ["version": "v1.0", "createSurface": "s"],
            ["version": "v1.0", "createSurface": ["surfaceId": 7]],
            create(),
            components([["id": 3, "component": "Text"]]),
            components([["id": "root", "component": ["Text": [:]]]]),
            components([["id": "root", "component": "Column", "children": "a"]]),
            components([["id": "root", "component": "Text", "text": ["path": 5]]]),
            components([["id": "root", "component": "Slider", "value": 1, "max": "ten"]]),
            ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": 3, "value": 1]],
            ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": "/a~2", "value": 1]],
            "just a string", 42, .null, [:],
        ]
        _ = render(jsonl(messages), log: log)
        #expect(log.allErrors.count >= messages.count - 2)
        #expect(log.allErrors.allSatisfy { $0.hasPrefix("a2ui line ") })
    }

    @Test func `random mutations of the samples render or are reported, never trap`() throws {
        var random = SeededRandom(state: 2026)
        let names = files(in: fixturesRoot + "/v1_0/examples", suffix: ".json")
        for round in 0..<300 {
            let messages = try #require(try fixture("v1_0/examples/" + names[round % names.count])["messages"]?.arrayValue)
            let mutated = messages.map { mutate($0, &random, depth: 0) }
            let log = Log()
            let host = a2uiHost(log)
            receive(host, jsonl(mutated), streaming: round % 3 == 0)
            let root = host.render(messageID: "m")?.root
            var events: [(String, String)] = []
            root?.walk { node, _ in for e in node.events { events.append((node.id, e)) } }
            for (id, name) in events.prefix(10) { _ = try? host.handle(AIUIEvent(nodeID: id, name: name, value: "x"), messageID: "m") }
            _ = host.render(messageID: "m")
        }
    }

    /// A value with one in ten of its members replaced by something of another type.
    func mutate(_ value: JSONValue, _ random: inout SeededRandom, depth: Int) -> JSONValue {
        let replacements: [JSONValue] = [.null, 0, -1, 1e308, "", "root", ["path": "/"], ["call": "@index"], [], [:], true, .string(String(repeating: "x", count: 300))]
        if Int.random(in: 0..<10, using: &random) == 0 { return replacements[Int.random(in: 0..<replacements.count, using: &random)] }
        switch value {
        case .object(let o): return .object(JSONObject(o.map { ($0.key, depth < 12 ? mutate($0.value, &random, depth: depth + 1) : $0.value) }))
        case .array(let a): return .array(a.map { mutate($0, &random, depth: depth + 1) })
        default: return value
        }
    }
}
