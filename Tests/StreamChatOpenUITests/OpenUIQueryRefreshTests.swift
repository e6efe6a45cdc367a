import StreamChatAI
import Synchronization
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// A Query's refresh interval (spec §6.1, `Query(tool, args, defaults, refreshSeconds)`): the Query is fetched again
/// that long after each answer, on the renderer's timer, which these tests hold and fire themselves (no waiting).
@Suite struct OpenUIQueryRefreshTests {
    /// A timer that keeps what it is asked to run, for the test to run.
    final class ManualTimer: Sendable {
        let waiting = Mutex<[(seconds: Double, work: @Sendable () -> Void)]>([])
        var timer: OpenUIRenderer.Timer { { [self] seconds, work in waiting.withLock { $0.append((seconds, work)) } } }
        var intervals: [Double] { waiting.withLock { $0.map(\.seconds) } }
        /// Runs what is waiting (what that schedules waits for the next call).
        func fire() {
            let due = waiting.withLock { all in defer { all.removeAll() }; return all }
            for entry in due { entry.work() }
        }
    }

    /// A host with a read-only tool `count` whose answer is how many times it ran.
    func host(_ log: UIHostLog, timer: ManualTimer) throws -> AIUIHost {
        let definition = try AIToolDefinition(json: ["name": "count", "description": "counts", "inputSchema": ["type": "object"],
                                                     "annotations": ["readOnlyHint": true]])
        let runs = Mutex(0)
        let count = AIClientTool(definition: definition) { call, completion in
            let n = runs.withLock { n in n += 1; return n }
            log.toolCalls.withLock { $0.append("count \(JSONSerializer.string(.object(call.arguments ?? JSONObject())))") }
            completion.complete(.completed(output: ["n": .integer(Int64(n))], summary: nil))
        }
        return log.host(renderers: [OpenUIRenderer(timer: timer.timer)], tools: [count])
    }

    func receive(_ host: AIUIHost, _ program: String, streaming: Bool = false) {
        host.receive(messageID: "m", document: AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(program)))
    }

    func shown(_ host: AIUIHost) -> String? { host.render(messageID: "m")?.root.children.first?.props["text"]?.stringValue }

    @Test func `a Query with a refresh interval is fetched again that long after each answer, and the reply shows it`() throws {
        let log = UIHostLog(), timer = ManualTimer()
        let host = try host(log, timer: timer)
        let program = "root = Card([TextContent(\"runs: \" + data.n)])\ndata = Query(\"count\", {}, {n: 0}, 5)\n"
        receive(host, program, streaming: true)
        #expect(timer.intervals.isEmpty && log.toolCalls.withLock { $0 }.isEmpty)  // nothing while streaming
        receive(host, program)
        #expect(shown(host) == "runs: 1" && timer.intervals == [5])
        let rendersBefore = log.renders.withLock { $0.count }
        timer.fire()
        #expect(shown(host) == "runs: 2" && timer.intervals == [5])
        #expect(log.renders.withLock { $0.count } > rendersBefore)  // the app is told to render again
        timer.fire()
        #expect(shown(host) == "runs: 3" && log.toolCalls.withLock { $0.count } == 3)
    }

    @Test func `an interval below a second is a second, and none, zero, a negative or a non-number is no refresh`() throws {
        let cases: [(String, [Double])] = [("0.001", [1]), ("2.5", [2.5]), ("null", []), ("0", []), ("-3", []), ("\"soon\"", []), ("", [])]
        for (interval, scheduled) in cases {
            let log = UIHostLog(), timer = ManualTimer()
            let host = try host(log, timer: timer)
            let args = interval.isEmpty ? "" : ", \(interval)"
            receive(host, "root = Card([TextContent(\"runs: \" + data.n)])\ndata = Query(\"count\", {}, {n: 0}\(args))\n")
            #expect(timer.intervals == scheduled, "\(interval)")
            #expect(shown(host) == "runs: 1", "\(interval)")
        }
    }

    @Test func `a refresh stops when the reply goes, and when the program no longer asks for it`() throws {
        let log = UIHostLog(), timer = ManualTimer()
        let host = try host(log, timer: timer)
        receive(host, "root = Card([TextContent(\"runs: \" + data.n)])\ndata = Query(\"count\", {}, {n: 0}, 5)\n")
        host.forget(messageID: "m")
        timer.fire()
        #expect(log.toolCalls.withLock { $0.count } == 1 && timer.intervals.isEmpty)

        let edited = UIHostLog(), editedTimer = ManualTimer()
        let second = try self.host(edited, timer: editedTimer)
        receive(second, "root = Card([TextContent(\"runs: \" + data.n)])\ndata = Query(\"count\", {}, {n: 0}, 5)\n")
        // The same reply, read again complete without the interval: its Query keeps its answer and stops refreshing.
        receive(second, "root = Card([TextContent(\"runs: \" + data.n)])\ndata = Query(\"count\", {}, {n: 0})\n")
        let calls = edited.toolCalls.withLock { $0.count }
        editedTimer.fire()
        #expect(edited.toolCalls.withLock { $0.count } == calls && editedTimer.intervals.isEmpty)
    }

    @Test func `a fetch started meanwhile by a change of state makes the waiting refresh give way to its own`() throws {
        let log = UIHostLog(), timer = ManualTimer()
        let host = try host(log, timer: timer)
        receive(host, """
        root = Card([TextContent("runs: " + data.n), Input("q", "", "text", null, $q)])
        data = Query("count", {q: $q}, {n: 0}, 5)
        $q = ""
        """)
        let input = try #require(host.render(messageID: "m")?.root.children.last?.id)
        _ = try host.handle(AIUIEvent(nodeID: input, name: "change", value: "x"), messageID: "m")
        #expect(log.toolCalls.withLock { $0 } == [#"count {"q":""}"#, #"count {"q":"x"}"#] && timer.intervals == [5, 5])
        // The first answer's timer finds a newer fetch and gives way; the second's fetches again, with the state now.
        timer.fire()
        #expect(log.toolCalls.withLock { $0 } == [#"count {"q":""}"#, #"count {"q":"x"}"#, #"count {"q":"x"}"#])
        #expect(timer.intervals == [5])
    }
}
