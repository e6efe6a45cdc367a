import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI
import TestSupport

/// A renderer whose engine keeps its own state: a counter bumped by `select`
/// inputs, and a "weather" line filled in later by a read-only tool.
struct StatefulRenderer: AIUIRenderer {
    let format = "stateful"
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { StatefulEngine() }
}

final class StatefulEngine: AIUIEngine, Sendable {
    let counters = Mutex<[String: Int]>([:])
    let weather = Mutex<[String: String]>([:])

    func receive(_ document: AIUIDocument, context: AIUIContext) {
        guard !document.isStreaming else { return }
        context.runTool("forecast", arguments: [:], userInitiated: false) { [self] result in
            if case .completed(let output, _) = result { weather.withLock { $0[context.messageID] = output["sky"]?.stringValue } }
            context.setNeedsRender()
        }
    }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        let id = context.messageID
        let count = counters.withLock { $0[id] ?? 0 }
        let sky = weather.withLock { $0[id] } ?? "…"
        return UINode(id: "root", type: "box", children: [
            UINode(id: "tabs", type: "tabs", props: ["selected": .integer(Int64(count))], events: ["select"]),
            UINode(id: "sky", type: "text", props: ["text": .string(sky)]),
            UINode(id: "email", type: "text_field", props: ["name": context.value(at: try! JSONPointer("/form/email")) ?? ""],
                   events: ["change"], bindings: ["value": "/form/email"]),
        ])
    }

    func input(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> Bool {
        guard event.name == "select" else { return false }
        counters.withLock { $0[context.messageID, default: 0] += 1 }
        return true
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] { [] }
    func remove(messageID: String) {}
}

@Suite struct EngineStateTests {
    func forecast(_ gate: DispatchSemaphore? = nil) throws -> AIClientTool {
        AIClientTool(definition: try AIToolDefinition(jsonText: #"{"name": "forecast", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}"#)) { _, c in
            onOwnThread {
                gate?.wait()
                c.complete(.completed(output: ["sky": "sunny"], summary: nil))
            }
        }
    }

    @Test func `an input goes to the engine first, and the reply renders anew from the engine's state`() throws {
        let host = AIUIHost(renderers: [StatefulRenderer()])
        host.receive(messageID: "m", customData: try uiData("{}", status: "streaming", format: "stateful"))
        #expect(host.render(messageID: "m")?.root.find("tabs")?.props["selected"] == 0)
        let outcome = try host.handle(AIUIEvent(nodeID: "tabs", name: "select", value: 1), messageID: "m")
        #expect(outcome.actions.isEmpty)
        #expect(host.render(messageID: "m")?.root.find("tabs")?.props["selected"] == 1)
    }

    @Test func `a bound input the engine leaves writes the data model at its JSON pointer`() throws {
        let host = AIUIHost(renderers: [StatefulRenderer()])
        host.receive(messageID: "m", customData: try uiData("{}", status: "streaming", format: "stateful"))
        _ = host.render(messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "email", name: "change", value: "ann@example.com"), messageID: "m")
        #expect(host.dataModel("m") == ["form": ["email": "ann@example.com"]])
        #expect(host.render(messageID: "m")?.root.find("email")?.props["name"] == "ann@example.com")
    }

    @Test func `a tool result that lands later tells the app to render the reply again`() throws {
        let gate = DispatchSemaphore(value: 0)
        let heard = DispatchSemaphore(value: 0)
        let asked = Mutex<[String]>([])
        let host = AIUIHost(renderers: [StatefulRenderer()], tools: [try forecast(gate)])
        host.setRenderCallback { id in
            asked.withLock { $0.append(id) }
            heard.signal()
        }
        host.receive(messageID: "m", customData: try uiData("{}", format: "stateful"))
        #expect(host.render(messageID: "m")?.root.find("sky")?.props["text"] == "…")
        #expect(host.render(messageID: "m")?.root.find("sky")?.props["text"] == "…")
        gate.signal()
        #expect(heard.wait(timeout: .now() + 10) == .success)
        #expect(asked.withLock { $0 } == ["m"])
        #expect(host.render(messageID: "m")?.root.find("sky")?.props["text"] == "sunny")
    }

    @Test func `a context kept by an engine does not keep its host alive`() throws {
        weak var gone: AIUIHost?
        let engine = StatefulEngine()
        struct Keeper: AIUIRenderer {
            let engine: StatefulEngine
            let format = "stateful"
            func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
            func makeEngine() -> any AIUIEngine { engine }
        }
        do {
            let host = AIUIHost(renderers: [Keeper(engine: engine)])
            gone = host
            host.receive(messageID: "m", customData: try uiData("{}", format: "stateful"))
        }
        #expect(gone == nil)
    }

    @Test func `D9 an event sent from inside send is queued, not sent twice`() throws {
        let sent = Mutex<[String]>([])
        let hostBox = Mutex<AIUIHost?>(nil)
        let host = AIUIHost(renderers: [ListRenderer()], send: { action in
            sent.withLock { $0.append(action.label) }
            if action.label == "First" { _ = try? hostBox.withLock { $0 }?.handle(AIUIEvent(nodeID: "b", name: "tap"), messageID: "m") }
            return true
        })
        hostBox.withLock { $0 = host }
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "First"}, {"id": "b", "title": "Second"}]"#))
        _ = host.render(messageID: "m")
        #expect(try host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m").unsent == 0)
        #expect(sent.withLock { $0 } == ["First", "Second"])
        hostBox.withLock { $0 = nil }
    }

    @Test func `D9 eight threads tapping one reply send each action exactly once`() throws {
        let sent = Atomic<Int>(0)
        let host = AIUIHost(renderers: [ListRenderer()], send: { _ in sent.add(1, ordering: .relaxed); return true })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A"}]"#))
        _ = host.render(messageID: "m")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 { _ = try? host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m") }
        }
        _ = host.retryActions(messageID: "m")
        #expect(sent.load(ordering: .relaxed) == 400)
    }
}

@Suite struct BuiltInRendererTests {
    let builtIns = [
        AIUIBuiltInRenderer(format: "list", options: ["versions"]) { (options) throws(StreamChatAIError) in
            ListRenderer(versions: (try options.strings("versions")).map(Set.init))
        },
        AIUIBuiltInRenderer(format: "count") { _ in CountingRenderer() },
    ]

    @Test func `with no renderers key every built-in renderer is on, in the offered order`() throws {
        let host = try AIUIHost(configuration: try .init(json: [:], builtIns: builtIns), builtIns: builtIns)
        #expect(host.capabilities.renderers.map(\.format) == ["list", "count"])
    }

    @Test func `the renderers key picks and orders them, with each format's options under its key`() throws {
        let json: JSONValue = ["renderers": ["count", "list"], "list": ["versions": ["2.0"]]]
        let host = try AIUIHost(configuration: try .init(json: json, builtIns: builtIns), builtIns: builtIns)
        #expect(host.capabilities.renderers.map(\.format) == ["count", "list"])
        #expect(host.receive(messageID: "m", customData: try uiData("[]", version: "1.0"))?.reason.contains("no renderer reads list 1.0") == true)
        #expect(host.receive(messageID: "m", customData: try uiData("[]", version: "2.0")) == nil)
        let only = try AIUIHost(configuration: try .init(json: ["renderers": []], builtIns: builtIns), builtIns: builtIns)
        #expect(only.capabilities.renderers.isEmpty)
    }

    @Test func `unknown or repeated renderers and unknown options are refused with their path`() throws {
        let cases: [(JSONValue, String)] = [
            (["renderers": ["a2ui"]], #"$.renderers[0]: unknown renderer "a2ui"; this library has: list, count"#),
            (["renderers": ["list", "list"]], #"$.renderers[1]: "list" is listed twice"#),
            (["list": ["theme": "dark"]], "$.list.theme: unknown setting; known: versions"),
            (["renderers": "list"], "$.renderers: expected an array of strings"),
        ]
        for (json, message) in cases {
            let error = #expect(throws: StreamChatAIError.self) { try AIUIHost.Configuration(json: json, builtIns: builtIns) }
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        }
        let noBuiltIns = #expect(throws: StreamChatAIError.self) { try AIUIHost.Configuration(json: ["renderers": ["openui"]]) }
        #expect(noBuiltIns?.message.contains("this library has: none") == true)
    }

    @Test func `a renderer's bad option value is refused when the host is made`() throws {
        let configuration = try AIUIHost.Configuration(json: ["list": ["versions": "2.0"]], builtIns: builtIns)
        let error = #expect(throws: StreamChatAIError.self) { try AIUIHost(configuration: configuration, builtIns: builtIns) }
        #expect(error?.message.hasPrefix("$.list.versions: expected an array of strings") == true)
    }
}
