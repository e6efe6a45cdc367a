#if canImport(Glibc)
import Glibc
#endif

/// The runner's memory of the calls it ran, kept in a journal so that a
/// restarted process neither runs a call again nor loses a result it had not
/// delivered, and compacted so that its size follows the retention, not the
/// history.
///
/// Each event is one JSON line, written with a single `write` and made durable
/// with `fdatasync` before the runner acts on it: a claim before the tool
/// runs, the result before it is sent, each delivery attempt, the delivery.
/// A `kill -9` can only cut the last line short; reading drops such a line.
///
/// Once the file holds more than twice as many lines as calls it remembers
/// (plus 1024), it is compacted: every call still remembered becomes one
/// `snapshot` line, and settled calls the ``LedgerRetention`` lets go are
/// left out. Compaction writes a temporary file, makes it durable, renames it
/// over the ledger and syncs the folder, so a crash at any point leaves either
/// the old ledger or the new one, both whole; a temporary file a crash left
/// behind is removed on the next open.
///
/// A lock file beside it (`<path>.lock`, `flock`) is held while a runner uses
/// the ledger, so two runners never share one; it is a file of its own because
/// compaction replaces the ledger's inode. Records name the user and install:
/// a runner takes only its own, and compaction keeps everyone's.
final class ToolRunLedger: @unchecked Sendable {  // used only under the engine's lock
    /// One event of one call.
    enum Event: String {
        case claimed, result, attempt, delivered
        case gaveUp = "gave_up"
        /// A call's whole record on one line, written by compaction.
        case snapshot
    }

    /// What the journal says about one of this user's and install's calls.
    struct Record {
        var tool: String
        /// The result; a delivered call's is not kept.
        var result: AIToolResult?
        var attempts = 0
        var delivered = false
        var gaveUp = false
        /// When its last event was recorded, in seconds since 1970.
        var at: Int64 = 0
    }

    /// A call of any user or install in the file, as compaction writes it back.
    struct Stored {
        var user: String
        var client: String
        var call: String
        var tool: String
        var result: JSONValue?
        var attempts = 0
        var delivered = false
        var gaveUp = false
        var at: Int64
        var isSettled: Bool { delivered || gaveUp }
    }

    struct Key: Hashable {
        var user: String
        var client: String
        var call: String
    }

    let path: String
    let retention: LedgerRetention
    let userID: String
    let clientID: String
    let clock: @Sendable () -> Int64
    var fd: Int32 = -1
    private var lockFD: Int32 = -1
    /// Every call the file remembers, in first-seen order, and where each is.
    var stored: [Stored] = []
    var index: [Key: Int] = [:]
    /// Lines in the file now, and the count at which it is compacted.
    var lineCount = 0
    var compactAtLines = 0
    /// Why the last compaction failed, if it did (the ledger stays usable, only larger).
    var compactionProblem: String?
    /// This user's and install's calls at open, in first-seen order.
    private(set) var records: [(callID: String, record: Record)] = []

    var temporaryPath: String { path + ".compacting" }

    /// How long a lock held elsewhere is waited for before the ledger is reported in use. A child process being
    /// spawned (by any thread of the host: an MCP server, a plugin helper) holds a copy of every open file until it
    /// runs its program, the lock's too, so a ledger let go a moment ago can look held for that moment.
    struct LockWait: Sendable {
        /// How many times the lock is tried.
        var attempts: Int
        /// What happens between tries.
        var pause: @Sendable () -> Void

        /// 25 tries 10 ms apart: a quarter of a second for a runner that really holds the ledger to be reported.
        static let standard = LockWait(attempts: 25, pause: { usleep(10_000) })
    }

    /// Opens (creating it when missing) and locks the ledger at `path`, reads
    /// it, and compacts it when it is due.
    /// - Throws: when the ledger can't be created or read, is locked by another runner, or is damaged.
    init(path: String, userID: String, clientID: String, retention: LedgerRetention = .standard,
         clock: @escaping @Sendable () -> Int64 = LedgerRetention.now, lockWait: LockWait = .standard) throws(StreamChatAIError) {
        self.path = path
        self.userID = userID
        self.clientID = clientID
        self.retention = retention
        self.clock = clock
        let slash = path.lastIndex(of: "/")
        if let slash, slash != path.startIndex { try POSIX.makeDirectories(String(path[..<slash])) }
        lockFD = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw POSIX.ioError("cannot open the ledger's lock \(path).lock") }
        var attempt = 1
        while flock(lockFD, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            // (A signal in the call, a child process ending say, is no answer: asked again at once.)
            if error == EINTR { continue }
            let busy = error == EWOULDBLOCK
            guard busy, attempt < lockWait.attempts else {
                close(lockFD)
                if busy { throw StreamChatAIError(.refused, "the ledger \(path) is in use by another runner") }
                throw POSIX.ioError("cannot lock the ledger \(path)")
            }
            lockWait.pause()
            attempt += 1
        }
        unlink(temporaryPath)
        fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            close(lockFD)
            throw POSIX.ioError("cannot open the ledger \(path)")
        }
        let results: [String: AIToolResult]
        do {
            results = try load()
        } catch {
            close(fd)
            close(lockFD)
            throw error
        }
        compactAtLines = Self.compactionThreshold(calls: stored.count)
        if lineCount > compactAtLines || !forgettable().isEmpty { compactKeepingProblem() }
        records = ownRecords(results: results)
    }

    deinit {
        if fd >= 0 { close(fd) }
        close(lockFD)
    }

    /// Lines the file may hold for `calls` remembered calls before it is compacted.
    static func compactionThreshold(calls: Int) -> Int { 2 * calls + 1024 }

    /// Appends one event and makes it durable.
    func append(_ event: Event, callID: String, tool: String, result: AIToolResult? = nil) throws(StreamChatAIError) {
        try append([(event, callID, tool, result)])
    }

    /// Appends events with one `write` and one `fdatasync` (the claims of one
    /// reply, say): all of them are durable when it returns, or none is taken.
    func append(_ events: [(event: Event, callID: String, tool: String, result: AIToolResult?)]) throws(StreamChatAIError) {
        guard !events.isEmpty else { return }
        let now = clock()
        var writer = JSONWriter(capacity: 160 * events.count)
        for e in events {
            writeLine(&writer, call: e.callID, user: userID, client: clientID, tool: e.tool, event: e.event, at: now) { w in
                if let result = e.result {
                    w.raw(",\"result\":")
                    w.value(result.jsonValue(callID: e.callID))
                }
            }
        }
        let line = writer.takeBytes()
        let size = lseek(fd, 0, SEEK_END)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count, fdatasync(fd) == 0 else {
            let error = POSIX.ioError("cannot write to the ledger \(path)")
            // Take a partial line back, so the journal stays readable.
            if size >= 0 { _ = ftruncate(fd, size) }
            throw error
        }
        for e in events {
            apply(e.event, to: Key(user: userID, client: clientID, call: e.callID), tool: e.tool, at: now,
                  result: e.result.map { $0.jsonValue(callID: e.callID) })
        }
        lineCount += events.count
        if lineCount > compactAtLines { compactKeepingProblem() }
    }

    /// Takes one event into the table of remembered calls.
    func apply(_ event: Event, to key: Key, tool: String, at: Int64, result: JSONValue?) {
        let i: Int
        if let known = index[key] {
            i = known
        } else {
            i = stored.count
            index[key] = i
            stored.append(Stored(user: key.user, client: key.client, call: key.call, tool: tool, at: at))
        }
        stored[i].at = max(stored[i].at, at)
        switch event {
        case .claimed, .snapshot: break
        case .result: if !stored[i].delivered { stored[i].result = result }
        case .attempt: stored[i].attempts += 1
        case .delivered:
            stored[i].delivered = true
            stored[i].result = nil
        case .gaveUp: stored[i].gaveUp = true
        }
    }

    /// One ledger line: the call's address, its event and time, then what `more` adds, and a newline.
    func writeLine(_ w: inout JSONWriter, call: String, user: String, client: String, tool: String, event: Event,
                   at: Int64, more: (inout JSONWriter) -> Void) {
        w.raw("{\"call\":")
        w.string(call)
        w.raw(",\"user\":")
        w.string(user)
        w.raw(",\"client\":")
        w.string(client)
        w.raw(",\"tool\":")
        w.string(tool)
        w.raw(",\"event\":")
        w.string(event.rawValue)
        w.raw(",\"at\":")
        w.integer(at)
        more(&w)
        w.raw("}\n")
    }
}
