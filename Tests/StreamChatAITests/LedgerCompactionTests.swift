import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The bounded ledger: compaction into snapshots, retention, and crash safety
/// of the rewrite (the real kill -9 runs are in python/tests/test_ledger.py).
@Suite struct LedgerCompactionTests {
    let schedule = DeliverySchedule.onNextUpdate(maxAttempts: 3)

    func call(_ id: String) -> AIToolCallPart { AIClientToolInvocation(toolName: "t", arguments: [:]).call(id: id) }

    func engine(_ path: String, retention: LedgerRetention = .standard, user: String = "u1", client: String = "i1") throws -> ExactlyOnceEngine {
        try ExactlyOnceEngine(schedule: schedule, ledger: (path, user, client), retention: retention)
    }

    /// Runs calls `ids` to delivery (or to a failed delivery).
    func settle(_ engine: ExactlyOnceEngine, _ ids: some Sequence<Int>, delivered: Bool = true) {
        for i in ids {
            let c = call("c\(i)")
            #expect(engine.offer(c) { _, _ in delivered } == .run)
            engine.complete(c, with: .completed(output: ["n": .integer(Int64(i))], summary: nil))
        }
    }

    func lines(_ path: String) -> [String] {
        String(decoding: readBytes(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func events(_ path: String) -> [String] {
        lines(path).compactMap { (try? JSONParser.parse($0))?["event"]?.stringValue }
    }

    @Test func `the file is compacted into one snapshot line per call once it holds twice as many lines as calls`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        do {
            let e = try engine(path)
            settle(e, 0..<1000)
            // Four lines a call: the file was compacted on the way, and never exceeds its threshold.
            #expect(lines(path).count <= ToolRunLedger.compactionThreshold(calls: 1000))
            #expect(events(path).contains("snapshot"))
        }
        let reopened = try engine(path)
        #expect(reopened.entries.count == 1000)
        #expect(reopened.entries.allSatisfy { $0.state == .delivered && $0.attempts == 1 })
        #expect(reopened.offer(call("c0")) { _, _ in true } == .handled)
        #expect(reopened.offer(call("c999")) { _, _ in true } == .handled)
    }

    @Test func `delivered calls beyond the retention are forgotten and the newest kept`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let retention = LedgerRetention(deliveredCalls: 10, days: 30)
        do { settle(try engine(path, retention: retention), 0..<2000) }
        // Open compacts what the retention lets go.
        let reopened = try engine(path, retention: retention)
        #expect(reopened.entries.map(\.callID) == (1990..<2000).map { "c\($0)" })
        #expect(lines(path).count == 10)
        #expect(reopened.offer(call("c1999")) { _, _ in true } == .handled)
        #expect(reopened.offer(call("c0")) { _, _ in true } == .run)  // forgotten: the backend's state protects it now
    }

    @Test func `the engine alone also forgets settled calls beyond the retention`() throws {
        let e = try ExactlyOnceEngine(schedule: schedule, retention: LedgerRetention(deliveredCalls: 5, days: 30))
        settle(e, 0..<2000)
        #expect(e.entries.count <= ToolRunLedger.compactionThreshold(calls: 5))
        #expect(e.entries.suffix(5).map(\.callID) == (1995..<2000).map { "c\($0)" })
    }

    @Test func `calls awaiting delivery are never forgotten and keep their result`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let retention = LedgerRetention(deliveredCalls: 1, days: 1)
        do {
            let e = try engine(path, retention: retention)
            settle(e, 0..<3, delivered: false)
            settle(e, 3..<1500)
        }
        let reopened = try engine(path, retention: retention)
        let pending = reopened.entries.filter { $0.state == .pendingDelivery }
        #expect(pending.map(\.callID) == ["c0", "c1", "c2"])
        #expect(pending.map(\.result) == (0..<3).map { .completed(output: ["n": .integer(Int64($0))], summary: nil) })
        #expect(reopened.entries.filter { $0.state == .delivered }.map(\.callID) == ["c1499"])
        let sent = Mutex<[String]>([])
        #expect(reopened.offer(call("c1")) { c, _ in sent.withLock { $0.append(c.id) }; return true } == .resent(.delivered))
        #expect(sent.withLock { $0 } == ["c1"])
    }

    @Test func `settled calls older than the retention days are forgotten, younger ones kept`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let now = LedgerRetention.now()
        func snapshot(_ id: String, _ settled: String, daysAgo: Int64) -> String {
            #"{"call":"\#(id)","user":"u1","client":"i1","tool":"t","event":"snapshot","at":\#(now - daysAgo * 86_400),"attempts":3,"settled":"\#(settled)","result":{"status":"failed","error":"x"}}"# + "\n"
        }
        write(snapshot("old-gave-up", "gave_up", daysAgo: 8) + snapshot("young-gave-up", "gave_up", daysAgo: 6)
              + snapshot("old-delivered", "delivered", daysAgo: 8) + snapshot("young-delivered", "delivered", daysAgo: 1), to: path)
        let e = try engine(path, retention: LedgerRetention(deliveredCalls: 100, days: 7))
        #expect(e.entries.map(\.callID) == ["young-gave-up", "young-delivered"])
        #expect(e.entries.map(\.state) == [.gaveUp, .delivered])
        #expect(e.entries.first?.result == .failed(reason: "x"))  // a given-up call keeps its result; a delivered one doesn't
        #expect(e.entries.last?.result == nil)
        #expect(lines(path).count == 2)
    }

    @Test func `lines written before compaction existed are read and folded in`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        var text = ""
        for i in 0..<600 {
            for event in ["claimed", "result", "attempt", "delivered"] {
                let result = event == "result" ? #","result":{"status":"completed","output":{},"summary":null}"# : ""
                text += #"{"call":"c\#(i)","user":"u1","client":"i1","tool":"t","event":"\#(event)"\#(result)}"# + "\n"
            }
        }
        write(text, to: path)
        let e = try engine(path)
        #expect(e.entries.count == 600 && e.entries.allSatisfy { $0.state == .delivered })
        #expect(lines(path).count == 600)
        #expect(Set(events(path)) == ["snapshot"])
    }

    @Test func `other users' and installs' calls survive compaction as they were`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let result = #"{"call_id":"theirs","status":"completed","output":{"kept":["é",1.5,null]},"summary":"Kept"}"#
        write(#"{"call":"theirs","user":"u2","client":"i9","tool":"t","event":"claimed"}"# + "\n"
              + #"{"call":"theirs","user":"u2","client":"i9","tool":"t","event":"result","result":\#(result)}"# + "\n", to: path)
        do { settle(try engine(path), 0..<1200) }
        let theirs = try #require(lines(path).compactMap { try? JSONParser.parse($0) }.first { $0["user"] == "u2" })
        #expect(theirs["event"] == "snapshot" && theirs["attempts"] == .integer(0))
        #expect(theirs["result"] == (try JSONParser.parse(result)))
        let e = try engine(path, user: "u2", client: "i9")
        #expect(e.entries.map(\.callID) == ["theirs"])
        #expect(e.entries.first?.state == .pendingDelivery)
    }

    @Test func `a temporary file left by a crash during compaction is removed and the ledger is whole`() throws {
        let directory = memoryTemporaryDirectory()
        let path = directory + "/ledger.jsonl"
        do { settle(try engine(path), 0..<3) }
        let before = readBytes(path)
        // A crash before the rename: the ledger is the old file; the half-written copy is garbage.
        write(#"{"call":"c0","user":"u1","cli"#, to: path + ".compacting")
        let e = try engine(path)
        #expect(e.entries.count == 3)
        #expect(access(path + ".compacting", F_OK) != 0)
        #expect(readBytes(path) == before)
    }

    @Test func `a crash right after the rename leaves a ledger of snapshots that reads the same`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let states: [ExactlyOnceEngine.LedgerEntry]
        do {
            let e = try engine(path)
            settle(e, 0..<2, delivered: false)
            settle(e, 2..<4)
            states = e.entries
        }
        // The file as the rename leaves it, with nothing appended after.
        do { try ToolRunLedger(path: path, userID: "u1", clientID: "i1").compact() }
        #expect(Set(events(path)) == ["snapshot"])
        let reopened = try engine(path).entries
        #expect(reopened.map(\.callID) == states.map(\.callID))
        #expect(reopened.map(\.state) == states.map(\.state))
        #expect(reopened.map(\.attempts) == states.map(\.attempts))
        #expect(reopened.prefix(2).map(\.result) == states.prefix(2).map(\.result))
    }

    @Test func `a compaction that can't write leaves the ledger usable and says why`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        // A folder where the temporary file would go: creating it fails.
        #expect(mkdir(path + ".compacting", 0o700) == 0)
        let ledger = try ToolRunLedger(path: path, userID: "u1", clientID: "i1")
        for i in 0..<1100 { try ledger.append(.claimed, callID: "c\(i)", tool: "t") }
        #expect(ledger.compactionProblem?.contains("cannot create") == true)
        #expect(lines(path).count == 1100)
        try ledger.append(.claimed, callID: "more", tool: "t")
        #expect(lines(path).count == 1101)
    }

    @Test func `the claims of one reply are written together`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        let e = try engine(path)
        let offers = e.offer([call("a"), call("b"), call("a")]) { _, _ in true }
        #expect(offers == [.run, .run, .handled])
        #expect(events(path) == ["claimed", "claimed"])
    }

    @Test func `the retention keys of the runner config are read and checked`() throws {
        let configuration = try AIClientToolRunner.Configuration(json: [
            "user_id": "u1", "client_id": "i1", "ledger_retention_calls": 50, "ledger_retention_days": 2,
        ])
        #expect(configuration.retention == LedgerRetention(deliveredCalls: 50, days: 2))
        #expect(try AIClientToolRunner.Configuration(json: ["user_id": "u1", "client_id": "i1"]).retention == .standard)
        for bad: JSONValue in [0, -1, "10", 1.5] {
            let error = #expect(throws: StreamChatAIError.self) {
                try AIClientToolRunner.Configuration(json: ["user_id": "u1", "client_id": "i1", "ledger_retention_calls": bad])
            }
            #expect(error?.message.contains("ledger_retention_calls") == true)
        }
        #expect(throws: StreamChatAIError.self) {
            try AIClientToolRunner.Configuration(json: ["user_id": "u1", "client_id": "i1", "ledger_retention_days": 0])
        }
    }

    @Test func `snapshot lines that don't read are refused with their line`() throws {
        let path = memoryTemporaryDirectory() + "/ledger.jsonl"
        for bad in [#""attempts":-1"#, #""attempts":"2""#, #""attempts":1,"settled":"maybe""#, #""attempts":1,"at":"now""#] {
            write(#"{"call":"c","user":"u1","client":"i1","tool":"t","event":"claimed"}"# + "\n"
                  + #"{"call":"c","user":"u1","client":"i1","tool":"t","event":"snapshot",\#(bad)}"# + "\n", to: path)
            let error = #expect(throws: StreamChatAIError.self) { try engine(path) }
            #expect(error?.message.contains("unknown record at line 2") == true, "\(bad)")
        }
    }
}
