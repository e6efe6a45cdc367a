import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A plugin marked `"isolation": "process"`: run by the helper program in a
/// child process and spoken to over a socket in length-prefixed frames (see
/// `Sources/streamchatai-plugin-helper/main.c`). A crash (SIGSEGV, abort) or
/// a call over the plugin's timeout fails that call; the child is stopped and
/// the next call starts a fresh one. The host never sees the plugin's code.
final class PluginProcess: Sendable {
    let folder: PluginFolder
    let helperPath: String
    let timeoutMs: Int
    private let log: @Sendable (Int32, String) -> Void
    private let state = Mutex<State>(State())

    private struct State {
        var child: Child?
        var nextID: UInt64 = 1
        var pending: [UInt64: (tool: String, completion: AIToolCompletion)] = [:]
    }

    private struct Child {
        let pid: pid_t
        let fd: Int32
    }

    init(folder: PluginFolder, helperPath: String, timeoutMs: Int, log: @escaping @Sendable (Int32, String) -> Void) {
        self.folder = folder
        self.helperPath = helperPath
        self.timeoutMs = timeoutMs
        self.log = log
    }

    /// Starts the child and checks the plugin (load, ABI, every listed tool),
    /// so a bad plugin is reported before its first call.
    func start() throws(PluginProblem) {
        if case .failure(let problem) = state.withLock({ s in ensureChild(&s) }) { throw problem }
    }

    /// Runs one tool call in the child.
    func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion) {
        let started: Result<(UInt64, Child), PluginProblem> = state.withLock { s in
            ensureChild(&s).map { child in
                let id = s.nextID
                s.nextID += 1
                s.pending[id] = (name, completion)
                return (id, child)
            }
        }
        guard case .success(let (id, child)) = started else {
            if case .failure(let problem) = started {
                completion.complete(.failed(reason: "The plugin \"\(folder.manifest.name)\" could not start: \(problem.reason)"))
            }
            return
        }
        let nameBytes = Array(name.utf8)
        let argumentBytes = Array(JSONSerializer.string(.object(arguments)).utf8)
        let header = Array("CALL \(id) \(nameBytes.count) \(argumentBytes.count)\n".utf8)
        if !Self.send(child.fd, header + nameBytes + argumentBytes) {
            stop(child, reason: nil)
            return
        }
        let limit = timeoutMs
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(limit)) { [weak self] in
            guard let self else { return }
            let overdue = self.state.withLock { s -> Bool in
                guard s.pending[id] != nil, s.child?.pid == child.pid else { return false }
                return true
            }
            if overdue {
                self.stop(child, reason: "The tool \"\(name)\" did not finish within \(limit) ms; the plugin's process was stopped.")
            }
        }
    }

    // MARK: - The child

    private func ensureChild(_ s: inout State) -> Result<Child, PluginProblem> {
        if let child = s.child { return .success(child) }
        let child: Child
        do {
            child = try spawn()
        } catch {
            return .failure(error)
        }
        do throws(PluginProblem) {
            let reader = FrameReader(fd: child.fd)
            let ready = try reader.line(timeoutMs: 10_000)
            if ready.hasPrefix("FAIL ") {
                let message = try reader.bytes(Int(ready.dropFirst(5)) ?? 0, timeoutMs: 1_000)
                throw PluginProblem(reason: String(decoding: message, as: UTF8.self), file: folder.libraryPath)
            }
            guard ready.hasPrefix("READY ") else {
                throw PluginProblem(reason: "the helper answered \(ready.prefix(60).debugDescription) instead of READY", file: folder.libraryPath)
            }
            for (i, tool) in folder.manifest.tools.enumerated() {
                let name = Array(tool.name.utf8)
                guard Self.send(child.fd, Array("HAS \(name.count)\n".utf8) + name) else {
                    throw PluginProblem(reason: "the helper stopped while the tools were checked", file: folder.libraryPath)
                }
                var answer = try reader.line(timeoutMs: 10_000)
                while answer.hasPrefix("LOG ") {
                    try forwardLog(answer, reader)
                    answer = try reader.line(timeoutMs: 10_000)
                }
                guard answer == "HAS 1" else {
                    throw PluginProblem(reason: "the manifest lists the tool \"\(tool.name)\", but the binary doesn't provide it",
                                        file: folder.libraryPath, path: "$.tools[\(i)].name")
                }
            }
            s.child = child
            let thread = DetachedThread(body: { [self] in self.readResults(child, reader) })
            thread.start()
            return .success(child)
        } catch {
            kill(child.pid, SIGKILL)
            close(child.fd)
            var status: Int32 = 0
            waitpid(child.pid, &status, 0)
            return .failure(error)
        }
    }

    private func spawn() throws(PluginProblem) -> Child {
        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw PluginProblem(reason: POSIX.errnoText("cannot create a socket for the helper"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 1)
        let arguments = [helperPath, folder.libraryPath, folder.manifest.entry ?? "", folder.manifest.name]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, helperPath, &actions, nil, &argv, environ)
        close(sockets[1])
        guard status == 0 else {
            close(sockets[0])
            throw PluginProblem(reason: "cannot start the plugin helper \(helperPath): \(String(cString: strerror(status)))")
        }
        return Child(pid: pid, fd: sockets[0])
    }

    private func forwardLog(_ header: String, _ reader: FrameReader) throws(PluginProblem) {
        let parts = header.split(separator: " ")
        guard parts.count == 3, let level = Int32(parts[1]), let length = Int(parts[2]) else {
            throw PluginProblem(reason: "the helper sent a malformed frame")
        }
        log(level, String(decoding: try reader.bytes(length, timeoutMs: 10_000), as: UTF8.self))
    }

    /// Reads results until the child's socket closes, then fails what is still pending.
    private func readResults(_ child: Child, _ reader: FrameReader) {
        while let header = try? reader.line(timeoutMs: -1) {
            let parts = header.split(separator: " ")
            if parts.first == "LOG" {
                if (try? forwardLog(header, reader)) == nil { break }
            } else if parts.first == "RESULT", parts.count == 3, let id = UInt64(parts[1]), let length = Int(parts[2]),
                      let body = try? reader.bytes(length, timeoutMs: 10_000) {
                let entry = state.withLock { $0.pending.removeValue(forKey: id) }
                let result = (try? JSONParser.parse(body)).flatMap { try? AIToolResult(json: $0) }
                    ?? .failed(reason: "The plugin \"\(folder.manifest.name)\" sent a result that is not a result object.")
                entry?.completion.complete(result)
            } else if parts.first == "REFUSED", parts.count == 3, let id = UInt64(parts[1]) {
                let entry = state.withLock { $0.pending.removeValue(forKey: id) }
                entry?.completion.complete(.failed(reason: "The plugin \"\(folder.manifest.name)\" refused the call (code \(parts[2]))."))
            } else {
                break
            }
        }
        stop(child, reason: nil)
    }

    /// Stops `child` (if it is still the current one) and fails its pending calls.
    private func stop(_ child: Child, reason: String?) {
        let pending: [(tool: String, completion: AIToolCompletion)]? = state.withLock { s in
            guard s.child?.pid == child.pid else { return nil }
            s.child = nil
            let all = Array(s.pending.values)
            s.pending.removeAll()
            return all
        }
        guard let pending else { return }
        kill(child.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
        close(child.fd)
        let how: String
        let signal = status & 0x7F
        if reason != nil {
            how = ""
        } else if signal != 0 && signal != 0x7F && signal != SIGKILL {
            how = "crashed (\(Self.signalName(signal)))"
        } else if signal == SIGKILL {
            how = "was killed"
        } else {
            how = "exited with status \((status >> 8) & 0xFF)"
        }
        for entry in pending {
            entry.completion.complete(.failed(reason: reason
                ?? "The plugin \"\(folder.manifest.name)\" \(how) while running the tool \"\(entry.tool)\"."))
        }
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                      SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP", SIGTERM: "SIGTERM", SIGPIPE: "SIGPIPE"]
        return names[signal] ?? "signal \(signal)"
    }

    /// Writes all of `bytes`; false when the child is gone. MSG_NOSIGNAL keeps SIGPIPE away from the host.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}

/// Buffered reads of text lines and byte counts from a socket, with timeouts.
final class FrameReader: @unchecked Sendable {  // used by one thread at a time
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    private func fill(timeoutMs: Int32) throws(PluginProblem) {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMs)
        if ready == 0 { throw PluginProblem(reason: "the plugin helper did not answer in time") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw PluginProblem(reason: "the plugin helper closed its end") }
        buffer.append(contentsOf: chunk[0..<n])
    }

    func line(timeoutMs: Int32) throws(PluginProblem) -> String {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return text
            }
            if buffer.count > 4096 { throw PluginProblem(reason: "the plugin helper sent an overlong frame header") }
            try fill(timeoutMs: timeoutMs)
        }
    }

    func bytes(_ count: Int, timeoutMs: Int32) throws(PluginProblem) -> [UInt8] {
        guard count >= 0, count <= 64 << 20 else { throw PluginProblem(reason: "the plugin helper announced \(count) bytes") }
        while buffer.count < count { try fill(timeoutMs: timeoutMs) }
        let body = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return body
    }
}

/// A detached POSIX thread running a closure (the reader of a plugin's child).
struct DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    let body: @Sendable () -> Void

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        pthread_detach(thread)
    }
}
