import CSystemShims
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A program the library starts and speaks to over a socket on its standard
/// input and output: the isolated-plugin helper, an MCP server.
///
/// The child keeps no other descriptor of the host (descriptors 3 and up are
/// closed in it), starts in the folder it is given, and is always waited for,
/// so it never lingers as a zombie. The host's ends are closed only when the
/// last user lets go of this object, so a reader still blocked on the socket of
/// a stopped child can never read a later child's bytes from a reused descriptor.
final class ChildProcess: Sendable {
    /// The child's process id.
    let pid: pid_t
    /// The host's end of the socket on the child's standard input and output.
    let channel: Int32
    /// The host's end of a pipe on the child's standard error, when captured.
    let errorOutput: Int32?
    /// Readable once the child has ended (a pidfd), whoever else holds its socket; -1 when the kernel has none.
    let exitSignal: Int32
    /// Whether the child leads a process group of its own, which stopping it ends whole.
    let ownsGroup: Bool
    /// The wait status, once the child was reaped.
    private let exitStatus = Mutex<Int32?>(nil)

    private init(pid: pid_t, channel: Int32, errorOutput: Int32?, ownsGroup: Bool) {
        self.pid = pid
        self.channel = channel
        self.errorOutput = errorOutput
        self.ownsGroup = ownsGroup
        exitSignal = sca_pidfd_open(pid)
        if exitSignal >= 0 { _ = fcntl(exitSignal, F_SETFD, FD_CLOEXEC) }
    }

    deinit {
        if exitStatus.withLock({ $0 }) == nil { kill() }
        close(channel)
        if let errorOutput { close(errorOutput) }
        if exitSignal >= 0 { close(exitSignal) }
    }

    /// The variables every program needs, passed on from the host's
    /// environment, plus those of `names`; nothing else (tokens, keys) leaves the host.
    static func environment(passing names: [String]) -> [String] {
        let common: Set<String> = ["PATH", "HOME", "LANG", "TZ", "TMPDIR", "USER", "LOGNAME"]
        var passed: [String] = []
        var entry = Glibc.environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = String(text.prefix { $0 != "=" })
            if common.contains(name) || name.hasPrefix("LC_") || names.contains(name) { passed.append(text) }
            entry += 1
        }
        return passed
    }

    /// Starts `executable` with `arguments` (the first is the program's name).
    /// - Parameters:
    ///   - environment: `NAME=value` entries; nil passes the host's environment on.
    ///   - workingDirectory: where the child starts; nil: the host's.
    ///   - captureErrors: give the child's standard error to ``errorOutput`` instead of the host's.
    ///   - ownGroup: start the child in a process group of its own, so stopping it also stops what it started.
    static func spawn(_ executable: String, arguments: [String], environment: [String]? = nil,
                      workingDirectory: String? = nil, captureErrors: Bool = false, ownGroup: Bool = false) throws(StreamChatAIError) -> ChildProcess {
        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw StreamChatAIError(.internal, POSIX.errnoText("cannot create a socket for \(executable)"))
        }
        var errors: [Int32] = [-1, -1]
        if captureErrors && (pipe(&errors) != 0 || fcntl(errors[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(errors[1], F_SETFD, FD_CLOEXEC) != 0) {
            let message = POSIX.errnoText("cannot create a pipe for \(executable)")
            close(sockets[0]); close(sockets[1])
            throw StreamChatAIError(.internal, message)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 1)
        if captureErrors { posix_spawn_file_actions_adddup2(&actions, errors[1], 2) }
        _ = sca_spawn_add_close_from(&actions, 3)
        if let workingDirectory { _ = sca_spawn_add_chdir(&actions, workingDirectory) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid: pid_t = 0
        let status = environment == nil
            ? posix_spawn(&pid, executable, &actions, &attributes, &argv, Glibc.environ)
            : posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        close(sockets[1])
        if captureErrors { close(errors[1]) }
        guard status == 0 else {
            close(sockets[0])
            if captureErrors { close(errors[0]) }
            throw StreamChatAIError(.notFound, "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return ChildProcess(pid: pid, channel: sockets[0], errorOutput: captureErrors ? errors[0] : nil, ownsGroup: ownGroup)
    }

    /// Writes all of `bytes` to the child; false when it is gone. MSG_NOSIGNAL
    /// keeps SIGPIPE away from the host.
    func send(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(channel, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Kills the child at once, waits for it, wakes whoever reads its socket,
    /// and returns its wait status (the same on later calls).
    @discardableResult
    func kill() -> Int32 {
        if let status = exitStatus.withLock({ $0 }) { return status }
        deliver(SIGKILL)
        return reap()
    }

    /// Sends `number` to the child, and to its whole group when it leads one.
    private func deliver(_ number: Int32) {
        if ownsGroup { Glibc.kill(-pid, number) }
        Glibc.kill(pid, number)
    }

    /// Stops the child gently: its input ends (so a server reading it sees the
    /// end), then SIGTERM after `graceMs`, then SIGKILL after as long again.
    /// Returns its wait status.
    @discardableResult
    func stop(graceMs: Int) -> Int32 {
        if let status = exitStatus.withLock({ $0 }) { return status }
        shutdown(channel, Int32(SHUT_WR))
        if let status = waitExited(withinMs: graceMs) { return finished(status) }
        deliver(SIGTERM)
        if let status = waitExited(withinMs: graceMs) { return finished(status) }
        deliver(SIGKILL)
        return reap()
    }

    private func waitExited(withinMs limit: Int) -> Int32? {
        var status: Int32 = 0
        var waited = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return status }
            if r < 0 && errno != EINTR { return 0 }
            guard waited < limit else { return nil }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
            waited += 5
        }
    }

    private func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // What the child started dies with it (the child, now gone, led the group).
        if ownsGroup { Glibc.kill(-pid, SIGKILL) }
        return finished(status)
    }

    /// Keeps the status and wakes a reader blocked on the socket (the descriptor stays open).
    private func finished(_ status: Int32) -> Int32 {
        let kept = exitStatus.withLock { s -> Int32 in
            if s == nil { s = status }
            return s!
        }
        shutdown(channel, Int32(SHUT_RDWR))
        return kept
    }

    /// How a wait status ended: "crashed (SIGSEGV)", "was killed", "exited with status 3".
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == SIGKILL { return "was killed" }
        if signal != 0 && signal != 0x7F { return "crashed (\(signalName(signal)))" }
        return "exited with status \((status >> 8) & 0xFF)"
    }

    /// The name of a signal, such as `SIGSEGV`.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                      SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP", SIGTERM: "SIGTERM", SIGPIPE: "SIGPIPE",
                                      SIGKILL: "SIGKILL"]
        return names[signal] ?? "signal \(signal)"
    }
}
