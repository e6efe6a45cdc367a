import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct ToolCallExecutionTests {
    func call(_ tool: String = "t", arguments: JSONObject = [:]) -> AIToolCallPart {
        AIClientToolInvocation(toolName: tool, arguments: arguments).call(id: "c")
    }

    func tool(_ name: String = "t", timeoutMs: Int? = nil, schema: String = #"{"type": "object"}"#,
              _ handler: @escaping AIClientTool.Handler) throws -> AIClientTool {
        AIClientTool(definition: try definition(name, schema: schema), timeoutMs: timeoutMs, handler: handler)
    }

    @Test func `the first result wins and a later one is refused`() throws {
        let second = Mutex<Bool?>(nil)
        let t = try tool { _, completion in
            completion.complete(.completed(output: ["n": 1], summary: nil))
            second.withLock { $0 = completion.complete(.completed(output: ["n": 2], summary: nil)) }
        }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 60_000)
        #expect(run.wait() == .completed(output: ["n": 1], summary: nil))
        #expect(second.withLock { $0 } == false)
    }

    @Test func `one timeout fails a silent tool, once, and a late result is refused`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let finished = Mutex(0)
        let t = try tool { _, completion in held.withLock { $0 = completion } }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 20, onFinish: { _ in finished.withLock { $0 += 1 } })
        #expect(run.wait() == .failed(reason: #"The tool "t" did not finish within 20 ms."#))
        #expect(held.withLock { $0 }?.complete(.completed(output: [:], summary: nil)) == false)
        #expect(held.withLock { $0 }?.isCancelled == true)
        #expect(finished.withLock { $0 } == 1)
    }

    @Test func `the tool's own timeout is the one timer, over the caller's default`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let t = try tool(timeoutMs: 15) { _, completion in held.withLock { $0 = completion } }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 60_000)
        #expect(run.timeoutMs == 15)
        #expect(run.wait() == .failed(reason: #"The tool "t" did not finish within 15 ms."#))
    }

    @Test func `a timeout runs the tool's cancel handlers first and carries their notes`() throws {
        let t = try tool { _, completion in completion.onCancel { "the plugin's process was stopped" } }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 10)
        #expect(run.wait() == .failed(reason: #"The tool "t" did not finish within 10 ms; the plugin's process was stopped."#))
    }

    @Test func `a result during the cancel handlers is refused`() throws {
        let late = Mutex<Bool?>(nil)
        let t = try tool { _, completion in
            completion.onCancel {
                late.withLock { $0 = completion.complete(.completed(output: [:], summary: nil)) }
                return nil
            }
        }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 10)
        #expect(!run.wait().isCompleted)
        #expect(late.withLock { $0 } == false)
    }

    @Test func `a cancel handler given after the call timed out runs at once`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let ran = Mutex(false)
        let t = try tool { _, completion in held.withLock { $0 = completion } }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 5)
        _ = run.wait()
        held.withLock { $0 }?.onCancel { ran.withLock { $0 = true }; return nil }
        #expect(ran.withLock { $0 })
    }

    @Test func `cancelling fails the call with the caller's reason`() throws {
        let t = try tool { _, _ in }
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 60_000)
        #expect(run.cancel(reason: "The reply was cancelled."))
        #expect(run.wait() == .failed(reason: "The reply was cancelled."))
        #expect(!run.cancel(reason: "again"))
    }

    @Test func `arguments are checked before the tool runs`() throws {
        let ran = Mutex(false)
        let t = try tool(schema: #"{"type": "object", "required": ["city"]}"#) { _, c in
            ran.withLock { $0 = true }
            c.complete(.completed(output: [:], summary: nil))
        }
        guard case .failed(let reason) = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 1_000).wait() else {
            Issue.record("invalid arguments must fail the call")
            return
        }
        #expect(reason.hasPrefix(#"Invalid arguments for "t": "#))
        #expect(!ran.withLock { $0 })
    }

    @Test func `a missing tool fails at once, naming it`() {
        #expect(ToolCallExecution.start(nil, call: call("teleport"), defaultTimeoutMs: 1_000).wait()
                    == .failed(reason: #"This install has no tool named "teleport"."#))
    }

    @Test func `an output over 20 KB becomes a failed result`() throws {
        let t = try tool { _, c in c.complete(.completed(output: ["x": .string(String(repeating: "a", count: 30_000))], summary: nil)) }
        guard case .failed(let reason) = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 1_000).wait() else {
            Issue.record("an oversized output must fail")
            return
        }
        #expect(reason.contains("over the limit of 20480 bytes"))
    }

    @Test func `a tool that lets go of its completion without completing fails the call`() throws {
        let t = try tool { _, _ in }
        let got = Mutex<AIToolResult?>(nil)
        ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 60_000, onFinish: { result in got.withLock { $0 = result } })
        #expect(got.withLock { $0 } == .failed(reason: #"The tool "t" ended the call without a result."#))
    }

    @Test func `eight threads completing one call: exactly one result is taken`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let t = try tool { _, completion in held.withLock { $0 = completion } }
        let taken = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        let run = ToolCallExecution.start(t, call: call(), defaultTimeoutMs: 60_000, onFinish: { _ in delivered.add(1, ordering: .relaxed) })
        let completion = try #require(held.withLock { $0 })
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if completion.complete(.completed(output: ["i": .integer(Int64(i))], summary: nil)) { taken.add(1, ordering: .relaxed) }
        }
        #expect(run.wait().isCompleted)
        #expect(taken.load(ordering: .relaxed) == 1)
        #expect(delivered.load(ordering: .relaxed) == 1)
    }

    @Test func `progress reports reach the caller until the result, and later ones are dropped`() throws {
        let held = Mutex<AIToolCompletion?>(nil)
        let slow = AIClientTool(definition: try definition("slow")) { _, c in
            c.report(AIToolProgress(progress: 1, total: 2))
            held.withLock { $0 = c }
        }
        let seen = Mutex<[AIToolProgress]>([])
        let run = ToolCallExecution.start(slow, call: AIToolCallPart(id: "p", name: "slow", arguments: [:]), defaultTimeoutMs: 10_000,
                                          onProgress: { p in seen.withLock { $0.append(p) } })
        #expect(run.progress == AIToolProgress(progress: 1, total: 2))
        let completion = try #require(held.withLock { $0 })
        completion.report(AIToolProgress(progress: 2, total: 2, message: "almost"))
        completion.complete(.completed(output: [:], summary: nil))
        completion.report(AIToolProgress(progress: 3, total: 2))
        #expect(run.wait().isCompleted)
        #expect(seen.withLock { $0 } == [AIToolProgress(progress: 1, total: 2), AIToolProgress(progress: 2, total: 2, message: "almost")])
        #expect(AIToolProgress(progress: 2, total: 2, message: "almost").jsonValue == ["progress": 2.0, "total": 2.0, "message": "almost"])
    }
}
