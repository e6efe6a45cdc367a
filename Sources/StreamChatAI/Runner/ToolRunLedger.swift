#if canImport(Glibc)
import Glibc
#endif

/// The runner's memory of the calls it ran, kept in an append-only journal so
/// that a restarted process neither runs a call again nor loses a result it
/// had not delivered.
///
/// Each event is one JSON line, written with a single `write` and made durable
/// with `fdatasync` before the runner acts on it: a claim before the tool
/// runs, the result before it is sent, each delivery attempt, the delivery.
/// A `kill -9` can only cut the last line short; reading drops such a line.
/// The file is locked (`flock`) while a runner uses it, so two runners never
/// share one ledger. Records name the user and install, and a runner reads
/// only its own.
final class ToolRunLedger: @unchecked Sendable {  // used only under the runner's lock
    /// One event of one call.
    enum Event: String {
        case claimed, result, attempt, delivered
        case gaveUp = "gave_up"
    }

    /// What the journal says about a call.
    struct Record {
        var tool: String
        var result: AIToolResult?
        var attempts = 0
        var delivered = false
        var gaveUp = false
    }

    let path: String
    private let fd: Int32
    private let userID: String
    private let clientID: String
    /// The calls of this user and install, with their recorded events, in first-seen order.
    private(set) var records: [(callID: String, record: Record)] = []

    init(path: String, userID: String, clientID: String) throws(StreamChatAIError) {
        self.path = path
        self.userID = userID
        self.clientID = clientID
        let slash = path.lastIndex(of: "/")
        if let slash, slash != path.startIndex { try POSIX.makeDirectories(String(path[..<slash])) }
        fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIX.ioError("cannot open the ledger \(path)") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            close(fd)
            if busy { throw StreamChatAIError(.refused, "the ledger \(path) is in use by another runner") }
            throw POSIX.ioError("cannot lock the ledger \(path)")
        }
        do {
            try load()
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    private func load() throws(StreamChatAIError) {
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
        // A line cut short by a crash has no newline: drop it, so the next append starts clean.
        if let lastNewline = bytes.lastIndex(of: 0x0A), lastNewline + 1 < bytes.count {
            bytes.removeSubrange((lastNewline + 1)...)
            if ftruncate(fd, off_t(bytes.count)) != 0 { throw POSIX.ioError("cannot repair the ledger \(path)") }
        } else if !bytes.isEmpty, bytes.last != 0x0A {
            bytes.removeAll()
            if ftruncate(fd, 0) != 0 { throw POSIX.ioError("cannot repair the ledger \(path)") }
        }
        var index: [String: Int] = [:]
        for (number, line) in bytes.split(separator: 0x0A).enumerated() {
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(line))
            } catch {
                throw StreamChatAIError(.invalidJSON, "the ledger \(path) is damaged at line \(number + 1): \(error)")
            }
            guard case .string(let call)? = value["call"], case .string(let user)? = value["user"],
                  case .string(let client)? = value["client"], case .string(let name)? = value["event"],
                  let event = Event(rawValue: name)
            else {
                throw StreamChatAIError(.invalidJSON, "the ledger \(path) has an unknown record at line \(number + 1)")
            }
            guard user == userID, client == clientID else { continue }
            let i: Int
            if let known = index[call] {
                i = known
            } else {
                i = records.count
                index[call] = i
                records.append((call, Record(tool: value["tool"]?.stringValue ?? "")))
            }
            switch event {
            case .claimed: break
            case .result:
                // A result that doesn't read is damage (or a newer library's): refuse it rather
                // than take the call as interrupted and record a new result over it.
                do {
                    records[i].record.result = try AIToolResult(json: value["result"] ?? .null)
                } catch {
                    throw StreamChatAIError(.invalidJSON, "the ledger \(path) has a result it can't read at line \(number + 1): \(error.message)")
                }
            case .attempt: records[i].record.attempts += 1
            case .delivered: records[i].record.delivered = true
            case .gaveUp: records[i].record.gaveUp = true
            }
        }
    }

    /// Appends one event and makes it durable.
    func append(_ event: Event, callID: String, tool: String, result: AIToolResult? = nil) throws(StreamChatAIError) {
        var members: [(String, JSONValue)] = [
            ("call", .string(callID)), ("user", .string(userID)), ("client", .string(clientID)),
            ("tool", .string(tool)), ("event", .string(event.rawValue)),
        ]
        if let result { members.append(("result", result.jsonValue(callID: callID))) }
        var line: [UInt8] = []
        JSONSerializer.write(.object(JSONObject(members)), to: &line)
        line.append(0x0A)
        let size = lseek(fd, 0, SEEK_END)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count, fdatasync(fd) == 0 else {
            let error = POSIX.ioError("cannot write to the ledger \(path)")
            // Take a partial line back, so the journal stays readable.
            if size >= 0 { _ = ftruncate(fd, size) }
            throw error
        }
    }
}
