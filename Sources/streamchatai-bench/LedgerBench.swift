import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// A long history through the exactly-once engine and its ledger: size and
/// open time after it, against the size the journal would have without compaction.
enum LedgerBench {
    struct Result {
        var calls: Int
        var secondsPerCall: Double
        var bytes: Int
        var lines: Int
        var uncompactedBytesEstimate: Double
        var openMillis: Double
        var remembered: Int
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }

    static func lineCount(_ path: String) -> Int {
        guard let file = fopen(path, "rb") else { return 0 }
        defer { fclose(file) }
        var count = 0
        while true {
            let c = getc(file)
            if c == EOF { break }
            if c == 0x0A { count += 1 }
        }
        return count
    }

    /// Runs `calls` calls to delivery (claim, result, attempt, delivered each) on a ledger in `folder`.
    /// `openMillis` is the best of `reopenings` opens.
    static func run(calls: Int, folder: String, reopenings: Int = 5) throws -> Result {
        let path = folder + "/bench-ledger.jsonl"
        unlink(path)
        unlink(path + ".lock")
        defer {
            unlink(path)
            unlink(path + ".lock")
        }
        var bytesPerCall = 0.0
        let start = now()
        do {
            let engine = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 3), ledger: (path, "u1", "i1"))
            for i in 0..<calls {
                let step: JSONValue = ["type": "ai_tool_call", "id": .string("call-\(i)"), "name": "get_weather",
                                       "status": "awaiting_client", "executor": "client", "arguments": ["city": "Paris"]]
                guard let call = AIMessagePart(attachment: step, index: 0)?.toolCall else { fatalError("not a call") }
                _ = engine.offer(call) { _, _ in true }
                engine.complete(call, with: .completed(output: ["temperature_c": 21, "sky": "clear"], summary: "21 °C in Paris"))
                if i == 99 { bytesPerCall = Double(fileSize(path)) / 100 }
            }
        }
        let elapsed = now() - start
        let bytes = fileSize(path)
        let lines = lineCount(path)
        var remembered = 0
        var openMillis = Double.infinity
        for _ in 0..<reopenings {
            let openStart = now()
            let engine = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 3), ledger: (path, "u1", "i1"))
            openMillis = min(openMillis, (now() - openStart) * 1000)
            remembered = engine.entries.count
        }
        return Result(calls: calls, secondsPerCall: elapsed / Double(calls), bytes: bytes, lines: lines,
                      uncompactedBytesEstimate: bytesPerCall * Double(calls), openMillis: openMillis, remembered: remembered)
    }
}
