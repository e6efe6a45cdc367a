import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// Runs this program again with other arguments, in a process of its own,
/// and collects its standard output lines within a time limit: how `plugins
/// check` keeps a plugin that crashes or hangs from taking the checker down.
enum CheckProcess {
    struct Outcome {
        var lines: [String]
        /// How it ended: nil when it exited 0, else why ("crashed (SIGSEGV)", "did not finish within 60000 ms").
        var failure: String?
    }

    static func run(_ arguments: [String], limitMs: Int) -> Outcome {
        guard let program = POSIX.realPath("/proc/self/exe") else { return Outcome(lines: [], failure: "cannot find this program") }
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { return Outcome(lines: [], failure: POSIX.errnoText("cannot make a pipe")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addclose(&actions, output[0])
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, nil, &argv, environ)
        close(output[1])
        guard status == 0 else {
            close(output[0])
            return Outcome(lines: [], failure: "cannot start a checking process: \(String(cString: strerror(status)))")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int(clock.tv_sec) * 1000 + clock.tv_nsec / 1_000_000 + limitMs
        var timedOut = false
        while true {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int(clock.tv_sec) * 1000 + clock.tv_nsec / 1_000_000)
            guard left > 0 else { timedOut = true; break }
            var poller = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, Int(Int32.max))))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { timedOut = true; break }
            let n = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        close(output[0])
        if timedOut { kill(pid, SIGKILL) }
        var wait: Int32 = 0
        while waitpid(pid, &wait, 0) < 0 && errno == EINTR {}
        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        if timedOut { return Outcome(lines: lines, failure: "did not finish within \(limitMs) ms") }
        return Outcome(lines: lines, failure: wait == 0 ? nil : POSIX.describe(waitStatus: wait))
    }
}
