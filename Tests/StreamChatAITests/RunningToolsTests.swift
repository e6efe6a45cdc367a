import Synchronization
import Testing
@testable import StreamChatAI
import TestSupport

/// An engine that runs the host's tools the way engines do, and asks for no render of its own after an answer: on a
/// complete document it starts `lookup` (as an A2UI function call or an OpenUI Query does) and keeps the answer, and
/// a `tap` on its button runs `save` and waits for it (as a Mutation does).
final class ToolRunningEngine: AIUIEngine, Sendable {
    let answers = Mutex<[String]>([])

    func receive(_ document: AIUIDocument, context: AIUIContext) {
        guard !document.isStreaming else { return }
        context.runTool("lookup", arguments: [:], userInitiated: false) { [self] result in
            if case .completed(let output, _) = result { answers.withLock { $0.append(output["text"]?.stringValue ?? "") } }
        }
    }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        UINode(id: "root", type: "box", children: [
            UINode(id: "text", type: "text", props: ["text": .string(answers.withLock { $0.last } ?? "…")]),
            UINode(id: "save", type: "button", events: ["tap"]),
        ])
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        _ = context.runTool("save", arguments: [:], userInitiated: true)
        return []
    }

    func remove(messageID: String) {}
}

struct ToolRunningRenderer: AIUIRenderer {
    let format = "tools"
    let engine = ToolRunningEngine()
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { engine }
}

/// A render says which tools the reply's UI started and still waits for (``AIUIRender/runningTools``), and the app
/// hears when that list changes.
@Suite struct RunningToolsTests {
    func document(streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "tools", version: nil, isStreaming: streaming, content: .string("x"))
    }

    @Test func `a render lists each tool run the UI started until its answer arrives, in its JSON too`() throws {
        let log = UIHostLog(), lookup = try HeldTool("lookup", readOnly: true)
        let host = log.host(renderers: [ToolRunningRenderer()], tools: [lookup.tool])
        host.receive(messageID: "m", document: document(streaming: true))
        #expect(host.render(messageID: "m")?.runningTools == [])
        host.receive(messageID: "m", document: document(streaming: false))
        let waiting = try #require(host.render(messageID: "m"))
        #expect(waiting.runningTools == ["lookup"])
        #expect(waiting.jsonValue["running_tools"] == ["lookup"])
        var writer = JSONWriter()
        waiting.write(to: &writer)
        #expect(try JSONParser.parse(writer.takeString()) == waiting.jsonValue)
        var opsWriter = JSONWriter()
        waiting.write(to: &opsWriter, ops: [])
        #expect(try JSONParser.parse(opsWriter.takeString())["running_tools"] == ["lookup"])
        #expect(host.renderOps(messageID: "m")?.render.runningTools == ["lookup"])

        lookup.answer("sunny")
        let answered = try #require(host.render(messageID: "m"))
        #expect(answered.runningTools == [])
        #expect(answered.root.find("text")?.props["text"] == "sunny")
        #expect(answered.jsonValue["running_tools"] == [])
    }

    @Test func `the app hears a tool start on a reply it rendered, and its end though the engine asked for no render`() throws {
        let log = UIHostLog(), lookup = try HeldTool("lookup", readOnly: true)
        let host = log.host(renderers: [ToolRunningRenderer()], tools: [lookup.tool])
        host.receive(messageID: "m", document: document(streaming: true))
        _ = host.render(messageID: "m")
        host.receive(messageID: "m", document: document(streaming: false))
        #expect(log.renders.withLock { $0 } == ["m"])  // the start: the view now shows the wait
        let before = try #require(host.render(messageID: "m"))
        lookup.answer("sunny")
        #expect(log.renders.withLock { $0 } == ["m", "m"])  // the end, told by the host
        let after = try #require(host.render(messageID: "m"))
        #expect(after.runningTools == [] && before.runningTools == ["lookup"])
    }

    @Test func `a reply not rendered yet is not rendered on a tool's start, and one forgotten meanwhile lists nothing`() throws {
        let log = UIHostLog(), lookup = try HeldTool("lookup", readOnly: true)
        let host = log.host(renderers: [ToolRunningRenderer()], tools: [lookup.tool])
        host.receive(messageID: "m", document: document(streaming: false))
        #expect(log.renders.withLock { $0 }.isEmpty)
        #expect(host.render(messageID: "m")?.runningTools == ["lookup"])
        host.forget(messageID: "m")
        lookup.answer("late")
        #expect(host.render(messageID: "m") == nil)
        #expect(log.renders.withLock { $0 }.isEmpty)
    }

    @Test func `a tool the user's tap runs and waits for is listed while it runs, for a render from another thread`() throws {
        let seen = Mutex<[[String]]>([])
        let hostBox = Mutex<AIUIHost?>(nil)
        let save = AIClientTool(definition: try AIToolDefinition(json: ["name": "save", "inputSchema": ["type": "object"]])) { _, completion in
            onOwnThread {
                seen.withLock { $0.append(hostBox.withLock { $0 }?.render(messageID: "m")?.runningTools ?? ["no render"]) }
                completion.complete(.completed(output: [:], summary: nil))
            }
        }
        let log = UIHostLog()
        let host = log.host(renderers: [ToolRunningRenderer()], tools: [save])
        hostBox.withLock { $0 = host }
        host.receive(messageID: "m", document: document(streaming: true))
        _ = host.render(messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "save", name: "tap"), messageID: "m")
        #expect(seen.withLock { $0 } == [["save"]])
        #expect(host.render(messageID: "m")?.runningTools == [])
        #expect(log.renders.withLock { $0 }.isEmpty)  // the tap's caller renders after it: no callback for a run it waited for
        hostBox.withLock { $0 = nil }
    }
}
