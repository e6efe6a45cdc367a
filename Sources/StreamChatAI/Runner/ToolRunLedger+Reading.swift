#if canImport(Glibc)
import Glibc
#endif

extension ToolRunLedger {
    /// Reads the whole file into the table of remembered calls and returns
    /// the results of this user's and install's calls, by call id. A last
    /// line cut short by a crash is cut off the file; any other damage is
    /// refused with its line number.
    func load() throws(StreamChatAIError) -> [String: AIToolResult] {
        let bytes = try readRepairingLastLine()
        let now = clock()
        var own: [String: AIToolResult] = [:]
        var number = 0
        var start = 0
        let problem = bytes.withUnsafeBytes { (all: UnsafeRawBufferPointer) -> StreamChatAIError? in
            guard let base = all.baseAddress else { return nil }
            while start < all.count {
                let end = memchr(base + start, 0x0A, all.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? all.count
                defer { start = end + 1 }
                number += 1
                guard end > start else { continue }
                do throws(StreamChatAIError) {
                    try read(line: UnsafeRawBufferPointer(rebasing: all[start..<end]), number: number, now: now, own: &own)
                } catch {
                    return error
                }
                lineCount += 1
            }
            return nil
        }
        if let problem { throw problem }
        return own
    }

    /// This user's and install's calls, in first-seen order, with the results read by ``load()``.
    func ownRecords(results: [String: AIToolResult]) -> [(callID: String, record: Record)] {
        stored.compactMap { call in
            guard call.user == userID, call.client == clientID else { return nil }
            let record = Record(tool: call.tool, result: call.delivered ? nil : results[call.call], attempts: call.attempts,
                                delivered: call.delivered, gaveUp: call.gaveUp, at: call.at)
            return (call.call, record)
        }
    }

    private func read(line: UnsafeRawBufferPointer, number: Int, now: Int64, own: inout [String: AIToolResult]) throws(StreamChatAIError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw StreamChatAIError(.invalidJSON, "the ledger \(path) is damaged at line \(number): \(error)")
        }
        let unknown = StreamChatAIError(.invalidJSON, "the ledger \(path) has an unknown record at line \(number)")
        guard case .string(let call)? = value["call"], case .string(let user)? = value["user"],
              case .string(let client)? = value["client"], case .string(let name)? = value["event"],
              let event = Event(rawValue: name)
        else { throw unknown }
        // Lines of libraries before compaction carry no time: take them as recorded now.
        let at: Int64
        switch value["at"] {
        case nil: at = now
        case .integer(let seconds)?: at = seconds
        default: throw unknown
        }
        let key = Key(user: user, client: client, call: call)
        let mine = user == userID && client == clientID
        let result = value["result"]
        if mine, let result, event == .result || event == .snapshot {
            // A result that doesn't read is damage (or a newer library's): refuse it rather
            // than take the call as interrupted and record a new result over it.
            do {
                let decoded = try AIToolResult(json: result)
                apply(event, to: key, tool: value["tool"]?.stringValue ?? "", at: at, result: result)
                own[call] = decoded
            } catch {
                throw StreamChatAIError(.invalidJSON, "the ledger \(path) has a result it can't read at line \(number): \(error.message)")
            }
        } else {
            apply(event, to: key, tool: value["tool"]?.stringValue ?? "", at: at, result: result)
        }
        if event == .snapshot {
            let i = index[key]!
            guard case .integer(let attempts)? = value["attempts"], (0...Int64(Int32.max)).contains(attempts) else { throw unknown }
            stored[i].attempts = Int(attempts)
            stored[i].result = result
            stored[i].at = at
            switch value["settled"] {
            case nil: break
            case .string("delivered")?: stored[i].delivered = true
            case .string("gave_up")?: stored[i].gaveUp = true
            default: throw unknown
            }
            if stored[i].delivered { stored[i].result = nil }
        }
    }

    /// The file's bytes; a last line without its newline (a write a crash cut
    /// short) is truncated away, so the next append starts clean.
    private func readRepairingLastLine() throws(StreamChatAIError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &chunk, chunk.count, offset)
            if n < 0 { throw POSIX.ioError("cannot read the ledger \(path)") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            offset += off_t(n)
        }
        if !bytes.isEmpty, bytes.last != 0x0A {
            let keep = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            bytes.removeSubrange(keep...)
            if ftruncate(fd, off_t(keep)) != 0 { throw POSIX.ioError("cannot repair the ledger \(path)") }
        }
        return bytes
    }
}
