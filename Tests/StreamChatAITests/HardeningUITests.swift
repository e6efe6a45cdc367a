import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// A renderer whose view is the document's content as a node, and whose
/// engine echoes each event and the node's props in an action: whatever the
/// host lets an engine see, this one would send.
struct MirrorRenderer: AIUIRenderer {
    let format = "mirror"
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { MirrorEngine() }
}

final class MirrorEngine: AIUIEngine, Sendable {
    func receive(_ document: AIUIDocument, context: AIUIContext) {}
    func remove(messageID: String) {}
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? { try? UINode(json: document.content) }
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        [AIUIAction(messageID: context.messageID, format: format, name: "echo", label: "echo",
                    payload: ["event": event.value ?? .null, "props": .object(node.props), "state": .object(context.state)])]
    }
    let format = "mirror"
}

@Suite struct HardeningUITests {
    @Test func `D12 a NUL in an event value reaches the cards renderer safely`() throws {
        let registry = PluginRegistry()
        _ = try registry.discover(directory: try builtPlugins("plugins"))
        let sent = Mutex<[AIUIAction]>([])
        let host = AIUIHost(renderers: PluginRenderer.all(in: registry), send: { a in sent.withLock { $0.append(a) }; return true })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A\u0000B", "action": "go"}]"#, format: "cards"))
        _ = host.render(messageID: "m")
        let outcome = try host.handle(AIUIEvent(nodeID: "card-a", name: "tap", value: "\u{0}"), messageID: "m")
        #expect(outcome.actions.map(\.name) == ["go"])
    }

    @Test func `D13 a secret never reaches a payload or the reported state`() throws {
        let sent = Mutex<[String]>([])
        let box = try AIUIComponentDefinition(json: ["name": "password_box", "events": [["name": "submit"]]])
        let host = AIUIHost(renderers: [MirrorRenderer()], components: [box],
                            send: { a in sent.withLock { $0.append(JSONSerializer.string(a.jsonValue)) }; return true })
        let form: JSONValue = ["id": "root", "type": "form", "children": [
            ["id": "pw", "type": "password_box", "events": ["submit"]],
            ["id": "pw2", "type": "text_input", "props": ["input_type": "Password"], "events": ["change", "submit"], "bindings": ["value": "pw2"]],
            ["id": "pw3", "type": "text_input", "props": ["secure": "true"], "events": ["change", "submit"], "bindings": ["value": "/login/pin"]],
        ]]
        host.receive(messageID: "m", customData: ["ai_ui": ["v": 1, "format": "mirror", "content": form]])
        _ = host.render(messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "pw", name: "submit", value: "hunter2"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "pw2", name: "change", value: "hunter3"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "pw3", name: "change", value: "4242-pin"), messageID: "m")
        let outcome = try host.handle(AIUIEvent(nodeID: "pw2", name: "submit", value: "hunter3"), messageID: "m")
        let everything = sent.withLock { $0 }.joined() + JSONSerializer.string(outcome.jsonValue) + JSONSerializer.string(.object(host.formValues(messageID: "m")))
        for secret in ["hunter2", "hunter3", "4242-pin"] { #expect(!everything.contains(secret), "\(secret) leaked: \(everything)") }
        #expect(sent.withLock { $0 }.count == 2)
        #expect(host.dataModel("m")["pw2"] == "hunter3")  // kept for the form, never sent
    }

    @Test func `D14 a UI tool's result after its timeout is refused, and a bad timeout setting too`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let slow = AIClientTool(definition: try AIToolDefinition(jsonText: #"{"name": "t", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}"#)) { _, c in
            held.withLock { $0 = c }
        }
        var configuration = AIUIHost.Configuration()
        configuration.toolTimeoutMs = 20
        let host = AIUIHost(configuration: configuration, tools: [slow])
        #expect(host.runTool("t", arguments: [:], userInitiated: false) == .failed(reason: #"The tool "t" did not finish within 20 ms."#))
        #expect(held.withLock { $0 }?.complete(.completed(output: ["x": 1], summary: nil)) == false)
        for bad: JSONValue in [0, -1, 1e300, "5"] {
            #expect(throws: StreamChatAIError.self) { try AIUIHost.Configuration(json: ["tool_timeout_ms": bad]) }
        }
    }

    @Test func `D15 install id edge cases are errors that say what is wrong`() throws {
        #expect((#expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: "") })?.message.contains("dir is empty") == true)
        let open = temporaryDirectory()
        chmod(open, 0o777)
        #expect((#expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: open) })?.kind == .refused)
        let empty = temporaryDirectory()
        write("", to: empty + "/install-id")
        #expect((#expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: empty) })?.message.contains("is damaged") == true)
        let linked = temporaryDirectory()
        symlink("/etc/hostname", linked + "/install-id")
        #expect((#expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: linked) })?.message.contains("is a link") == true)
        let odd = temporaryDirectory()
        write("linux-\u{1B}[31mred\n", to: odd + "/install-id")
        #expect(throws: StreamChatAIError.self) { try AIClientIdentity.installID(directory: odd) }
        let fine = temporaryDirectory()
        let id = try AIClientIdentity.installID(directory: fine)
        #expect(id.hasPrefix("linux-") && AIClientIdentity.isInstallID(id))
    }

    @Test func `D17 a chunk that splits a UTF-8 character waits for the rest`() throws {
        var extractor = AIUIFenceExtractor(fences: ["a2ui": "a2ui"])
        try extractor.feed(utf8: Array("Caf".utf8) + [0xC3])
        try extractor.feed(utf8: [0xA9] + Array(" au lait\n".utf8))
        extractor.finish()
        #expect(extractor.text == "Café au lait\n")
        #expect(throws: StreamChatAIError.self) { try extractor.feed(utf8: [0xFF]) }
        var cut = AIUIFenceExtractor(fences: [:])
        try cut.feed(utf8: Array("x".utf8) + [0xE2, 0x82])
        cut.finish()
        #expect(cut.text == "x\u{FFFD}")
    }

    @Test func `D18 a ledger result that does not read is refused with its line`() throws {
        let path = temporaryDirectory() + "/ledger.jsonl"
        write(#"{"call":"c1","user":"u1","client":"i1","tool":"t","event":"claimed"}"# + "\n" +
              #"{"call":"c1","user":"u1","client":"i1","tool":"t","event":"result","result":{"status":"weird"}}"# + "\n", to: path)
        let error = #expect(throws: StreamChatAIError.self) { try runner([], ledger: path) }
        #expect(error?.message.contains("has a result it can't read at line 2") == true)
        #expect(readBytes(path).filter { $0 == 0x0A }.count == 2)
    }

    @Test func `D19 links need a host, media are checked at any depth, reasoning links only when safe`() throws {
        let opened = Mutex<[String]>([])
        let problems = Mutex<[String]>([])
        let host = AIUIHost(renderers: [MirrorRenderer()], open: { url in opened.withLock { $0.append(url) }; return true },
                            onError: { _, p in problems.withLock { $0.append(p) } })
        for url in ["https:javascript:alert(1)", "http:/etc/passwd", "https://"] { #expect(!host.open(url), "\(url)") }
        #expect(host.open("https://example.com/"))
        let node: JSONValue = ["id": "n", "type": "card", "props": [
            "poster": "file:///etc/passwd", "images": ["https://cdn.example.com/a.png", "data:x"],
            "items": [["image_url": "javascript:x", "title": "kept"]], "thumbnail_url": "https://cdn.example.com/t.png",
        ]]
        host.receive(messageID: "m", customData: ["ai_ui": ["v": 1, "format": "mirror", "content": node]])
        let props = try #require(host.render(messageID: "m")?.root.props)
        #expect(props["poster"] == nil)
        #expect(props["images"] == ["https://cdn.example.com/a.png"])
        #expect(props["items"] == [["title": "kept"]])
        #expect(props["thumbnail_url"] == "https://cdn.example.com/t.png")
        #expect(problems.withLock { $0 }.count == 3)
        let reasoning = try parts(#"{"type": "ai_reasoning", "id": "r", "status": "completed", "preview": "[a](javascript:alert(1)) [b](https://example.com) [c](mailto:a@b.c)"}"#)
        let runs = StepsPresenter.tree(for: reasoning, options: .init()).root.children[0].children[0].props["runs"]?.arrayValue ?? []
        #expect(runs.compactMap { $0["href"]?.stringValue } == ["https://example.com", "mailto:a@b.c"])
    }
}
