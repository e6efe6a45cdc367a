import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

/// A small renderer for tests: content is a JSON array of `{"id", "title", "component"?, "arguments"?}`.
struct ListRenderer: AIUIRenderer {
    var format = "list"
    var versions: Set<String>? = nil
    var fence: String? { "list-json" }
    var ownComponents: [String] { ["item"] }
    let log = Log()

    func supports(version: String?) -> Bool { versions.map { v in version.map(v.contains) ?? false } ?? true }
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String {
        "Write a JSON array of items.\n" + AIUIInstructions.describe(components: components, tools: tools)
    }
    func makeEngine() -> any AIUIEngine { ListEngine(log: log) }
}

final class Log: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

final class ListEngine: AIUIEngine, Sendable {
    let log: Log
    init(log: Log) { self.log = log }

    func receive(_ document: AIUIDocument, context: AIUIContext) { log.append("receive \(context.messageID)") }
    func remove(messageID: String) { log.append("remove \(messageID)") }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        guard let items = document.content.arrayValue else { return nil }
        let children = items.enumerated().map { i, item -> UINode in
            let id = item["id"]?.stringValue ?? "item-\(i)"
            if let name = item["component"]?.stringValue, let component = context.component(named: name) {
                return context.componentNode(component, id: id, arguments: item["arguments"] ?? [:])
            }
            if item["input"] != nil {
                return UINode(id: id, type: item["password"] == true ? "password" : "text_field",
                              props: ["label": item["title"] ?? ""], events: ["change"], bindings: ["value": item["input"]!])
            }
            return UINode(id: id, type: "item", props: ["title": item["title"] ?? ""], events: ["tap"])
        }
        return UINode(id: "list", type: "list", children: children)
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        [AIUIAction(messageID: context.messageID, format: "list", name: "chosen", label: node.props["title"]?.stringValue ?? "",
                    payload: .object(JSONObject([("form", .object(context.state))])))]
    }
}

func uiData(_ content: String, status: String = "complete", format: String = "list", version: String? = nil) throws -> JSONValue {
    let versionField = version.map { #", "version": "\#($0)""# } ?? ""
    return try JSONValue(parsing: #"{"ai_ui": {"v": 1, "format": "\#(format)"\#(versionField), "status": "\#(status)", "content": \#(content)}}"#)
}

@Suite struct AIUIDocumentTests {
    @Test func `a valid ai_ui field reads`() throws {
        let doc = try AIUIDocument.read(customData: try uiData("[1]", status: "streaming", version: "1.0")).get()
        #expect(doc.format == "list" && doc.version == "1.0" && doc.isStreaming && doc.content == [1])
        #expect(try AIUIDocument.read(customData: try JSONValue(parsing: #"{"ai_ui": {"v": 1, "format": "openui", "content": "root = Card([])"}}"#)).get().isStreaming == false)
    }

    @Test func `anything malformed reads as no UI with a reason`() throws {
        let cases: [(String, String)] = [
            (#"{}"#, "no ai_ui field"), (#"{"ai_ui": 3}"#, "not an object"), (#"{"ai_ui": {"format": "x", "content": 1}}"#, "has no v"),
            (#"{"ai_ui": {"v": 2, "format": "x", "content": 1}}"#, "v is 2"), (#"{"ai_ui": {"v": "1", "format": "x", "content": 1}}"#, "must be an integer"),
            (#"{"ai_ui": {"v": 1, "content": 1}}"#, "format"), (#"{"ai_ui": {"v": 1, "format": "x"}}"#, "no content"),
            (#"{"ai_ui": {"v": 1, "format": "x", "status": "done", "content": 1}}"#, "status"), ("[]", "not an object"),
        ]
        for (json, needle) in cases {
            guard case .failure(let reason) = AIUIDocument.read(customData: try JSONValue(parsing: json)) else {
                Issue.record("\(json) must read as no UI")
                continue
            }
            #expect(reason.reason.contains(needle), "\(reason)")
        }
    }
}

@Suite struct AIUIHostTests {
    @Test func `renderers are asked in order; the first that reads the format and version wins`() throws {
        let strict = ListRenderer(versions: ["2.0"])
        let open = ListRenderer()
        let host = AIUIHost(renderers: [strict, open])
        #expect(host.receive(messageID: "m1", customData: try uiData(#"[{"title": "A"}]"#, version: "1.0")) == nil)
        #expect(open.log.all == ["receive m1"])
        #expect(strict.log.all.isEmpty)
        #expect(host.receive(messageID: "m2", customData: try uiData("[]", format: "other"))?.reason.contains("no renderer reads other") == true)
        #expect(host.render(messageID: "m2")?.jsonValue == nil)
    }

    @Test func `a reply from history enters at once; streamed parts enter together, in order`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "old", customData: try uiData(#"[{"id": "a"}, {"id": "b"}]"#))
        let history = try #require(host.render(messageID: "old")?.jsonValue)
        #expect(history["root"]?["children"]?.arrayValue?.map { $0["entrance"] } == [0, 0])
        host.receive(messageID: "new", customData: try uiData(#"[{"id": "a"}]"#, status: "streaming"))
        _ = host.render(messageID: "new")?.jsonValue
        host.receive(messageID: "new", customData: try uiData(#"[{"id": "a"}, {"id": "b"}, {"id": "c"}]"#, status: "streaming"))
        let later = try #require(host.render(messageID: "new")?.jsonValue)
        #expect(later["root"]?["children"]?.arrayValue?.map { $0["entrance"] } == [0, 1, 1])
        #expect(later["streaming"] == true)
    }

    @Test func `node ids stay stable while a document streams, and the diff touches only what changed`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A"}]"#, status: "streaming"))
        let first = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A!"}, {"id": "b", "title": "B"}]"#))
        let second = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        let ops = UIDiff.ops(from: first, to: second).map(\.jsonValue)
        #expect(ops.map { $0["op"] } == ["update", "insert"])
        #expect(ops[0]["id"] == "a" && ops[0]["props"]?["title"] == "A!")
        #expect(ops[1]["parent"] == "list" && ops[1]["index"] == 1)
    }

    @Test func `forgetting a reply tells the engines and drops its state`() throws {
        let renderer = ListRenderer()
        let host = AIUIHost(renderers: [renderer])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "f", "input": "email"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "a@b.c"), messageID: "m")
        #expect(host.state("m")["email"] == "a@b.c")
        host.forget(messageID: "m")
        #expect(renderer.log.all.contains("remove m"))
        #expect(host.state("m").isEmpty)
    }

    @Test func `each reply keeps its own UI state`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        for id in ["m1", "m2"] {
            host.receive(messageID: id, customData: try uiData(#"[{"id": "f", "input": "name"}]"#))
            _ = host.render(messageID: id)?.jsonValue
        }
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "Ann"), messageID: "m1")
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "Bo"), messageID: "m2")
        #expect(host.state("m1")["name"] == "Ann" && host.state("m2")["name"] == "Bo")
    }

    @Test func `actions are sent one after another, in order; a failed send keeps them waiting`() throws {
        let sent = Mutex<[String]>([])
        let online = Mutex(false)
        let host = AIUIHost(renderers: [ListRenderer()], send: { action in
            guard online.withLock({ $0 }) else { return false }
            sent.withLock { $0.append(action.label) }
            return true
        })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "First"}, {"id": "b", "title": "Second"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(try host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m").unsent == 1)
        #expect(try host.handle(AIUIEvent(nodeID: "b", name: "tap"), messageID: "m").unsent == 2)
        online.withLock { $0 = true }
        #expect(host.retryActions(messageID: "m").unsent == 0)
        #expect(sent.withLock { $0 } == ["First", "Second"])
    }

    @Test func `action forms: custom data and JSON`() {
        let action = AIUIAction(messageID: "m", format: "list", name: "chosen", label: "Lake Ohrid", payload: ["i": 1])
        #expect(action.jsonValue == ["message_id": "m", "format": "list", "name": "chosen", "label": "Lake Ohrid", "payload": ["i": 1]])
        #expect(action.customData == ["ai_ui_action": action.jsonValue])
    }

    @Test func `password values never leave in an action`() throws {
        let sent = Mutex<[AIUIAction]>([])
        let host = AIUIHost(renderers: [ListRenderer()], send: { a in sent.withLock { $0.append(a) }; return true })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "u", "input": "user"}, {"id": "p", "input": "pass", "password": true}, {"id": "go", "title": "Sign in"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        _ = try host.handle(AIUIEvent(nodeID: "u", name: "change", value: "ann"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "p", name: "change", value: "hunter2"), messageID: "m")
        let outcome = try host.handle(AIUIEvent(nodeID: "go", name: "tap"), messageID: "m")
        #expect(outcome.actions[0].payload == ["form": ["user": "ann"]])
        #expect(sent.withLock { $0 }.first?.payload == ["form": ["user": "ann"]])
        #expect(host.formValues(messageID: "m") == ["user": "ann"])
        #expect(!JSONSerializer.string(outcome.jsonValue).contains("hunter2"))
    }

    @Test func `events for unknown nodes or events are refused`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a"}]"#))
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m") }  // not rendered yet
        _ = host.render(messageID: "m")?.jsonValue
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "zz", name: "tap"), messageID: "m") }
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "a", name: "swipe"), messageID: "m") }
    }

    @Test func `links open only for allowed schemes; media load only over http(s)`() {
        let opened = Mutex<[String]>([])
        let host = AIUIHost(open: { url in opened.withLock { $0.append(url) }; return true })
        #expect(host.open("https://example.com/a"))
        #expect(host.open("mailto:ann@example.com"))
        #expect(!host.open("javascript:alert(1)"))
        #expect(!host.open("tel:+123"))
        #expect(!host.open("https://exa mple.com"))
        #expect(opened.withLock { $0 } == ["https://example.com/a", "mailto:ann@example.com"])
        #expect(host.mediaURL("https://cdn.example.com/x.png") == "https://cdn.example.com/x.png")
        #expect(host.mediaURL("file:///etc/passwd") == nil)
        #expect(host.mediaURL("data:image/png;base64,xx") == nil)
        let custom = AIUIHost(mediaURL: { $0.hasPrefix("https://cdn.example.com/") ? $0 : nil })
        #expect(custom.mediaURL("https://other.example.com/x.png") == nil)
    }
}

@Suite struct AIUIComponentTests {
    static let placeCard = #"{"name": "place_card", "description": "A photo and a short summary of a place.", "parameters": {"type": "object", "properties": {"title": {"type": "string"}, "visit_date": {"type": "string", "format": "date"}}, "required": ["title"], "x-order": ["title", "visit_date"]}, "events": [{"name": "ask_about", "description": "The user asks about the place."}]}"#

    @Test func `definitions read and write the same JSON`() throws {
        let json = try JSONValue(parsing: Self.placeCard)
        let definition = try AIUIComponentDefinition(json: json)
        #expect(definition.jsonValue == json)
        #expect(definition.parameterOrder == ["title", "visit_date"])
        #expect(definition.pascalCaseName == "PlaceCard")
        let built = try AIUIComponentDefinition(name: "place_card", description: "A photo and a short summary of a place.",
                                                parameters: [.required("title", .string), .optional("visit_date", .date)],
                                                events: [.init(name: "ask_about", description: "The user asks about the place.")])
        #expect(built.parameters["x-order"] == ["title", "visit_date"])
        #expect(built.parameters["required"] == ["title"])
    }

    @Test func `parameter types map to JSON Schema`() throws {
        #expect(AIUIParameterType.dateTime.schema == ["type": "string", "format": "date-time"])
        #expect(AIUIParameterType.url.schema == ["type": "string", "format": "uri"])
        #expect(AIUIParameterType.enumeration(["a", "b"]).schema == ["type": "string", "enum": ["a", "b"]])
        #expect(AIUIParameterType.array(.integer).schema == ["type": "array", "items": ["type": "integer"]])
        #expect(AIUIParameterType.object(["x": .number]).schema == ["type": "object", "properties": ["x": ["type": "number"]]])
        #expect(AIUIParameterType(schema: ["type": "string", "minLength": 2]).schema["minLength"] == 2)
    }

    @Test func `bad definitions are refused`() {
        for bad in [#"{"description": "x"}"#, #"{"name": "place card"}"#, #"{"name": "x", "parameters": {"type": "array"}}"#,
                    #"{"name": "x", "events": [{"name": ""}]}"#] {
            #expect(throws: StreamChatAIError.self) { try AIUIComponentDefinition(json: try JSONValue(parsing: bad)) }
        }
    }

    @Test func `a component node is pending while its arguments don't fit, and says whether the reply streams`() throws {
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"visit_date": "2026-11"}}]"#, status: "streaming"))
        let pending = try #require(host.render(messageID: "m")?.jsonValue["root"]?["children"]?[0])
        #expect(pending["state"] == "pending" && pending["props"]?["is_streaming"] == true)
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": "St. Naum", "visit_date": "2026-11-14"}}]"#))
        let ready = try #require(host.render(messageID: "m")?.jsonValue["root"]?["children"]?[0])
        #expect(ready["state"] == "ready" && ready["type"] == "place_card" && ready["events"] == ["ask_about"])
    }

    @Test func `a component's event becomes an action labelled by what the user did`() throws {
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": "St. Naum"}}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        let outcome = try host.handle(AIUIEvent(nodeID: "c", name: "ask_about", label: "Tell me more about St. Naum"), messageID: "m")
        #expect(outcome.actions == [AIUIAction(messageID: "m", format: "list", name: "ask_about", label: "Tell me more about St. Naum",
                                               payload: ["component": "place_card", "node_id": "c"])])
    }

    @Test func `a component named like one of a format's own is left out of it and reported`() throws {
        let problems = Mutex<[String]>([])
        let host = AIUIHost(renderers: [ListRenderer()], onError: { _, p in problems.withLock { $0.append(p) } })
        host.add(component: try AIUIComponentDefinition(json: ["name": "item"]))
        #expect(problems.withLock { $0 }.first?.contains("named like one of list's own") == true)
        #expect(host.capabilities.jsonValue["renderers"]?[0]?["instructions"]?.stringValue?.contains("- item(") == false)
    }

    @Test func `bad arguments of a finished reply are reported with the reply id`() throws {
        let problems = Mutex<[(String?, String)]>([])
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))],
                            onError: { id, p in problems.withLock { $0.append((id, p)) } })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": 3}}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(problems.withLock { $0 }.first?.0 == "m")
        #expect(problems.withLock { $0 }.first?.1.contains("$.title: expected string") == true)
    }
}

@Suite struct UIToolPolicyTests {
    func tool(_ name: String, readOnly: Bool) throws -> AIClientTool {
        try AIClientTool(definition: AIToolDefinition(jsonText: #"{"name": "\#(name)", "inputSchema": {"type": "object", "properties": {"day": {"type": "string", "format": "date"}}}, "annotations": {"readOnlyHint": \#(readOnly)}}"#)) { call, c in
            c.complete(.completed(output: ["ran": .string(call.name ?? "")], summary: nil))
        }
    }

    @Test func `a read-only tool runs whenever the UI asks; others only from a tap`() throws {
        let host = AIUIHost(tools: [try tool("calendar_events", readOnly: true), try tool("book_table", readOnly: false)])
        #expect(host.runTool("calendar_events", arguments: [:], userInitiated: false).isCompleted)
        guard case .failed(let reason) = host.runTool("book_table", arguments: [:], userInitiated: false) else {
            Issue.record("a tool that changes things must not run without a tap")
            return
        }
        #expect(reason.contains("runs only when the user taps"))
        #expect(host.runTool("book_table", arguments: [:], userInitiated: true).isCompleted)
        #expect(!host.runTool("calendar_events", arguments: ["day": "soon"], userInitiated: false).isCompleted)
        #expect(!host.runTool("nope", arguments: [:], userInitiated: true).isCompleted)
    }
}

@Suite struct CapabilitiesTests {
    @Test func `capabilities match the golden file`() throws {
        let host = AIUIHost(configuration: .init(instructions: "Answer trip plans as UI."), renderers: [ListRenderer()],
                            components: [try AIUIComponentDefinition(json: try JSONValue(parsing: AIUIComponentTests.placeCard))],
                            tools: [try UIToolPolicyTests().tool("calendar_events", readOnly: true), try UIToolPolicyTests().tool("book_table", readOnly: false)])
        let golden = try JSONParser.parse(readBytes(repositoryRoot + "/Tests/StreamChatAITests/Golden/capabilities.json"))
        #expect(host.capabilities.jsonValue == golden, "\(JSONSerializer.string(host.capabilities.jsonValue, style: .pretty))")
        #expect(JSONSerializer.string(host.capabilities.jsonValue) == JSONSerializer.string(host.capabilities.jsonValue))
    }
}

@Suite struct FenceExtractorTests {
    let reply = "Here is your weekend:\n```openui-lang\nroot = Card([title])\ntitle = CardHeader(\"Ohrid\")\n```\nEnjoy!\n```python\nprint(1)\n```\n"

    @Test func `a fenced UI block moves into ai_ui, the words around it stay`() {
        var e = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        e.feed(reply)
        e.finish()
        #expect(e.text == "Here is your weekend:\nEnjoy!\n```python\nprint(1)\n```\n")
        #expect(e.ui == ["v": 1, "format": "openui", "status": "complete", "content": "root = Card([title])\ntitle = CardHeader(\"Ohrid\")\n"])
    }

    @Test func `streaming until the fence closes, with fences split across chunks`() {
        for size in 1...9 {
            var e = AIUIFenceExtractor(fences: ["openui-lang": "openui"])
            var sawStreaming = false
            var i = reply.startIndex
            while i < reply.endIndex {
                let j = reply.index(i, offsetBy: size, limitedBy: reply.endIndex) ?? reply.endIndex
                e.feed(String(reply[i..<j]))
                if e.ui?["status"] == "streaming" { sawStreaming = true }
                #expect(!e.text.contains("CardHeader"), "UI text leaked into the reply at chunk size \(size)")
                i = j
            }
            e.finish()
            #expect(sawStreaming)
            #expect(e.text == "Here is your weekend:\nEnjoy!\n```python\nprint(1)\n```\n", "chunk size \(size)")
            #expect(e.ui?["status"] == "complete")
        }
    }

    @Test func `a closed block that is JSON is given as JSON`() {
        var e = AIUIFenceExtractor(fences: ["cards-json": "cards"])
        e.feed("Cards:\n```cards-json\n[{\"title\": \"A\"}]\n")
        #expect(e.ui?["content"] == .string("[{\"title\": \"A\"}]\n"))
        e.feed("```\n")
        #expect(e.ui?["content"] == [["title": "A"]])
    }

    @Test func `UI over the custom data limit is left out`() {
        var e = AIUIFenceExtractor(fences: ["a2ui": "a2ui"], maxCustomDataBytes: 200, otherCustomDataBytes: 50)
        e.feed("Look:\n```a2ui\n" + String(repeating: "{\"x\": 1}\n", count: 40) + "```\nDone.\n")
        e.finish()
        #expect(e.ui == nil && e.droppedForSize)
        #expect(e.text == "Look:\nDone.\n")
    }
}

@Suite struct AIUIMoreTests {
    @Test func `arguments decode with snake_case keys and dates as a day or RFC 3339`() throws {
        struct Arguments: Decodable, Equatable { let title: String; let visitDate: AIUIDate? }
        let card = try AIUIComponentDefinition(json: try JSONValue(parsing: AIUIComponentTests.placeCard))
        let day = try card.decodeArguments(["title": "St. Naum", "visit_date": "2026-11-14"], as: Arguments.self)
        #expect(day.visitDate?.isDay == true && day.visitDate?.epochMilliseconds == 1_794_614_400_000)
        let moment = try #require(AIUIDate("2026-11-14T10:30:00+01:00"))
        #expect(!moment.isDay && moment.epochMilliseconds == 1_794_614_400_000 + 9 * 3_600_000 + 30 * 60_000)
        #expect(throws: StreamChatAIError.self) { try card.decodeArguments(["visit_date": "2026-11-14"], as: Arguments.self) }
        #expect(AIUIDate("next tuesday") == nil)
    }

    @Test func `an event can run tools under the policy; the outcome lists them`() throws {
        final class ToolEngine: AIUIEngine, Sendable {
            func receive(_ document: AIUIDocument, context: AIUIContext) {}
            func remove(messageID: String) {}
            func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
                UINode(id: "root", type: "box", children: [UINode(id: "book", type: "button", props: ["label": "Book"], events: ["tap"])])
            }
            func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
                _ = context.runTool("book_table", arguments: [:], userInitiated: true)
                return []
            }
        }
        struct ToolRenderer: AIUIRenderer {
            let format = "tools"
            func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
            func makeEngine() -> any AIUIEngine { ToolEngine() }
        }
        let problems = Mutex<[(String?, String)]>([])
        let host = AIUIHost(renderers: [ToolRenderer()], tools: [try UIToolPolicyTests().tool("book_table", readOnly: false)],
                            onError: { id, p in problems.withLock { $0.append((id, p)) } })
        host.receive(messageID: "m", customData: try uiData("{}", format: "tools"))
        _ = host.render(messageID: "m")?.jsonValue
        let outcome = try host.handle(AIUIEvent(nodeID: "book", name: "tap"), messageID: "m")
        #expect(outcome.toolRuns.map(\.tool) == ["book_table"])
        #expect(outcome.toolRuns.first?.result.isCompleted == true)
        #expect(problems.withLock { $0 }.isEmpty)
        // Without the tool, the failure reaches the error callback with the reply's id.
        let bare = AIUIHost(renderers: [ToolRenderer()], onError: { id, p in problems.withLock { $0.append((id, p)) } })
        bare.receive(messageID: "m2", customData: try uiData("{}", format: "tools"))
        _ = bare.render(messageID: "m2")?.jsonValue
        _ = try bare.handle(AIUIEvent(nodeID: "book", name: "tap"), messageID: "m2")
        #expect(problems.withLock { $0 }.first?.0 == "m2")
        #expect(problems.withLock { $0 }.first?.1.contains("the tool book_table failed") == true)
    }

    @Test func `an unchanged document is not rendered again`() throws {
        let renderer = CountingRenderer()
        let host = AIUIHost(renderers: [renderer])
        host.receive(messageID: "m", customData: try uiData("[1]", format: "count"))
        let first = host.render(messageID: "m")?.jsonValue
        #expect(host.render(messageID: "m")?.jsonValue == first)
        host.receive(messageID: "m", customData: try uiData("[1, 2]", format: "count"))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(renderer.views.withLock { $0 } == 2)
    }
}

final class CountingRenderer: AIUIRenderer, AIUIEngine, Sendable {
    let views = Mutex(0)
    let format = "count"
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { self }
    func receive(_ document: AIUIDocument, context: AIUIContext) {}
    func remove(messageID: String) {}
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        views.withLock { $0 += 1 }
        return UINode(id: "r", type: "box", props: ["n": .integer(Int64(document.content.arrayValue?.count ?? 0))])
    }
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] { [] }
}

@Suite struct AIUIConcurrencyTests {
    @Test func `eight threads receiving, rendering and tapping keep each reply's state apart`() throws {
        let sent = Mutex<[String: Int]>([:])
        let host = AIUIHost(renderers: [ListRenderer()], send: { action in
            sent.withLock { $0[action.messageID, default: 0] += 1 }
            return true
        })
        let documents = try (0..<8).map { i in try uiData(#"[{"id": "f", "input": "name"}, {"id": "go", "title": "Go \#(i)"}]"#) }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let id = "m\(i)"
            for round in 0..<25 {
                host.receive(messageID: id, customData: documents[i])
                _ = host.render(messageID: id)?.jsonValue
                _ = try? host.handle(AIUIEvent(nodeID: "f", name: "change", value: .integer(Int64(round))), messageID: id)
                _ = try? host.handle(AIUIEvent(nodeID: "go", name: "tap"), messageID: id)
            }
        }
        for i in 0..<8 {
            #expect(host.state("m\(i)")["name"] == 24)
            #expect(sent.withLock { $0["m\(i)"] } == 25)
        }
    }
}
