import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct ExactlyOnceEngineTests {
    let call = AIClientToolInvocation(toolName: "t", arguments: [:]).call(id: "c1")

    @Test func `with a back-off schedule a failed delivery is tried again after each delay, then given up`() throws {
        let settled = DispatchSemaphore(value: 0)
        let final = Mutex<ExactlyOnceEngine.CallState?>(nil)
        let engine = try ExactlyOnceEngine(schedule: .backoff(delaysMs: [1, 2, 4])) { _, state in
            final.withLock { $0 = state }
            settled.signal()
        }
        let attempts = Atomic<Int>(0)
        #expect(engine.offer(call) { _, _ in attempts.add(1, ordering: .relaxed); return false } == .run)
        #expect(engine.complete(call, with: .completed(output: [:], summary: nil)))
        #expect(settled.wait(timeout: .now() + 10) == .success)
        #expect(attempts.load(ordering: .relaxed) == 4)
        #expect(final.withLock { $0 } == .gaveUp)
        #expect(engine.entries.first?.state == .gaveUp && engine.entries.first?.attempts == 4)
    }

    @Test func `with a back-off schedule delivery stops at the first success`() throws {
        let settled = DispatchSemaphore(value: 0)
        let engine = try ExactlyOnceEngine(schedule: .backoff(delaysMs: [1, 1, 1])) { _, _ in settled.signal() }
        let attempts = Atomic<Int>(0)
        _ = engine.offer(call) { _, _ in attempts.add(1, ordering: .relaxed).newValue == 2 }
        engine.complete(call, with: .failed(reason: "no"))
        #expect(settled.wait(timeout: .now() + 10) == .success)
        #expect(attempts.load(ordering: .relaxed) == 2)
        #expect(engine.entries.first?.state == .delivered)
    }

    @Test func `with a back-off schedule a later offer neither runs nor resends the call`() throws {
        let engine = try ExactlyOnceEngine(schedule: .backoff(delaysMs: [60_000]))
        _ = engine.offer(call) { _, _ in false }
        engine.complete(call, with: .failed(reason: "no"))
        #expect(engine.offer(call) { _, _ in true } == .handled)
        #expect(engine.entries.first?.state == .pendingDelivery)
        engine.close()
    }

    @Test func `a released ledger opens in another engine while the first is still held, and keeps what was journaled`() throws {
        let path = memoryTemporaryDirectory() + "/ledger"
        let ledger = (path: path, userID: "u1", clientID: "i1")
        let first = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 1), ledger: ledger)
        #expect(first.offer(call) { _, _ in true } == .run)
        #expect(throws: StreamChatAIError.self) { try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 1), ledger: ledger) }
        first.close()
        first.releaseLedger()
        first.releaseLedger()  // twice is harmless
        let second = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 1), ledger: ledger)
        #expect(second.offer(call) { _, _ in true } != .run)  // the claim was journaled: never run again
        withExtendedLifetime(first) {}
    }

    @Test func `a second result for a call is refused; a call never claimed takes none`() throws {
        let engine = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 3))
        _ = engine.offer(call) { _, _ in true }
        #expect(engine.complete(call, with: .failed(reason: "first")))
        #expect(!engine.complete(call, with: .failed(reason: "second")))
        #expect(!engine.complete(AIClientToolInvocation(toolName: "t", arguments: [:]).call(id: "other"), with: .failed(reason: "x")))
        #expect(engine.entries.map(\.result) == [.failed(reason: "first")])
    }

    @Test func `eight threads offering one call: one runs it`() throws {
        let engine = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 3))
        let runs = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 where engine.offer(call, deliver: { _, _ in true }) == .run { runs.add(1, ordering: .relaxed) }
        }
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test func `the addressing policies`() throws {
        let mine = try parts(clientCall("a"), clientCall("b", user: "u2"), clientCall("c", client: "i2"), clientCall(nil),
                             clientCall("d", executor: "server"), clientCall("e", status: "running")).compactMap(\.toolCall)
        #expect(mine.filter(AIToolCallAddressing.thisInstall(userID: "u1", clientID: "i1").accepts).map(\.id) == ["a"])
        #expect(mine.filter(AIToolCallAddressing.anyClientCall.accepts).map(\.id) == ["a", "b", "c"])
    }
}
