import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

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
}
