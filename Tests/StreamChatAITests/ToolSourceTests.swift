import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct ToolSourceTests {
    func echo(_ name: String, answer: String = "") throws -> AIClientTool {
        AIClientTool(definition: try definition(name)) { _, c in c.complete(.completed(output: ["from": .string(answer)], summary: nil)) }
    }

    @Test func `a source's tools that appear and go away are what the runner runs`() throws {
        let source = AIToolList(origin: "a server")
        let runner = try runner([])
        runner.add(source: source)
        #expect(runner.toolNames.isEmpty)
        source.add(try echo("lookup", answer: "server"))
        #expect(runner.toolNames == ["lookup"])
        #expect(try runPluginTool(runner, "lookup", id: "c1") == .completed(output: ["from": "server"], summary: nil))
        source.remove(named: "lookup")
        #expect(runner.toolNames.isEmpty)
        #expect(runner.registrations.isEmpty)
        #expect(try runPluginTool(runner, "lookup", id: "c2") == .failed(reason: #"This install has no tool named "lookup"."#))
    }

    @Test func `the earlier source wins a name; the later one is reported as a conflict`() throws {
        let box = AIToolBox(tools: [try echo("a", answer: "app")])
        let first = AIToolList(origin: "plugin \"one\"", tools: [try echo("a", answer: "one"), try echo("b", answer: "one")])
        let second = AIToolList(origin: "plugin \"two\"", tools: [try echo("b", answer: "two")])
        #expect(box.add(source: first) == [AIToolBox.Conflict(tool: "a", kept: "the app")])
        #expect(box.add(source: second) == [AIToolBox.Conflict(tool: "b", kept: "plugin \"one\"")])
        #expect(box.origin(of: "b") == "plugin \"one\"")
        first.remove(named: "b")
        #expect(box.origin(of: "b") == "plugin \"two\"")
        #expect(box.add(source: second).isEmpty)
    }

    @Test func `adding a tool the box can already run is refused`() throws {
        let box = AIToolBox()
        box.add(source: AIToolList(origin: "plugin \"p\"", tools: [try echo("x")]))
        #expect(!box.add(try echo("x")))
        #expect(box.add(try echo("y")))
        #expect(box.toolNames == ["x", "y"])
    }

    @Test func `observers hear when the tools change`() throws {
        let box = AIToolBox()
        let source = AIToolList(origin: "s")
        box.add(source: source)
        let heard = Mutex(0)
        box.observeChanges { heard.withLock { $0 += 1 } }
        source.add(try echo("a"))
        source.remove(named: "a")
        source.remove(named: "a")
        #expect(heard.withLock { $0 } == 2)
    }

    @Test func `the UI host runs a source's tools under the read-only policy`() throws {
        let host = AIUIHost()
        let source = AIToolList(origin: "s", tools: [try UIToolPolicyTests().tool("calendar_events", readOnly: true),
                                                      try UIToolPolicyTests().tool("book_table", readOnly: false)])
        host.add(source: source)
        #expect(host.runTool("calendar_events", arguments: [:], userInitiated: false).isCompleted)
        #expect(!host.runTool("book_table", arguments: [:], userInitiated: false).isCompleted)
        source.remove(named: "calendar_events")
        #expect(host.runTool("calendar_events", arguments: [:], userInitiated: false) == .failed(reason: #"This install has no tool named "calendar_events"."#))
    }
}
