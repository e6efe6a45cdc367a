import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A plugin marked `"isolation": "process"`: run by the helper program in a
/// child process and spoken to over a socket in length-prefixed frames (see
/// `Sources/streamchatai-plugin-helper/main.c`). A crash (SIGSEGV, abort)
/// fails the calls in flight; a call that times out has the child stopped;
/// the next call starts a fresh one. The host never runs the plugin's code.
///
/// The child gets only the environment every program needs (plus the
/// variables its manifest names), none of the host's other descriptors, a
/// process group of its own (stopping it stops what it started), the
/// manifest's memory and CPU limits; what it prints goes to its log.
final class PluginProcess: PluginCode {
    let folder: PluginFolder
    let helperPath: String
    private let log: @Sendable (Int32, String) -> Void
    private let state = Mutex<State>(State())

    private struct State {
        var child: ChildProcess?
        var nextID: UInt64 = 1
        var pending: [UInt64: (tool: String, completion: AIToolCompletion)] = [:]
    }

    init(folder: PluginFolder, helperPath: String, log: @escaping @Sendable (Int32, String) -> Void) {
        self.folder = folder
        self.helperPath = helperPath
        self.log = log
    }

    private var name: String { folder.manifest.name }

    /// Starts the child and checks the plugin (load, ABI, every listed tool),
    /// so a bad plugin is reported before its first call.
    func start() throws(PluginProblem) {
        if case .failure(let problem) = state.withLock({ s in ensureChild(&s) }) { throw problem }
    }

    func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion) {
        let started: Result<(UInt64, ChildProcess), PluginProblem> = state.withLock { s in
            ensureChild(&s).map { child in
                let id = s.nextID
                s.nextID += 1
                s.pending[id] = (name, completion)
                return (id, child)
            }
        }
        let id: UInt64, child: ChildProcess
        switch started {
        case .failure(let problem):
            completion.complete(.failed(reason: "The plugin \"\(self.name)\" could not start: \(problem.reason)"))
            return
        case .success(let started):
            (id, child) = started
        }
        // A call that times out leaves a helper that may never answer: stop it.
        // (Strong: a plugin's code lives as long as the process.)
        completion.onCancel { [self] in
            guard state.withLock({ $0.pending.removeValue(forKey: id) != nil }) else { return nil }
            stop(child)
            return "the plugin's process was stopped"
        }
        let nameBytes = Array(name.utf8)
        let argumentBytes = Array(JSONSerializer.string(.object(arguments)).utf8)
        let header = Array("CALL \(id) \(nameBytes.count) \(argumentBytes.count)\n".utf8)
        if !child.send(header + nameBytes + argumentBytes) { stop(child) }
    }

    // MARK: - The child

    private func ensureChild(_ s: inout State) -> Result<ChildProcess, PluginProblem> {
        if let child = s.child { return .success(child) }
        let child: ChildProcess
        do {
            let manifest = folder.manifest
            child = try ChildProcess.spawn(
                helperPath,
                arguments: [helperPath, folder.libraryPath ?? "", manifest.entry ?? "", name,
                            String(manifest.memoryLimitMB), String(manifest.cpuLimitSeconds)],
                // A helper linked with a shared Swift runtime (a debug build) must not run
                // Swift's crash reporter: a crash should end it at once.
                environment: ChildProcess.environment(passing: manifest.environment) + ["SWIFT_BACKTRACE=enable=no"],
                workingDirectory: folder.path, captureErrors: true, ownGroup: true)
        } catch {
            return .failure(PluginProblem(reason: "cannot start the plugin helper \(helperPath): \(error.message)"))
        }
        let reader = DescriptorReader(fd: child.channel, endedWhenReadable: child.exitSignal)
        do throws(PluginProblem) {
            try handshake(child, reader)
            s.child = child
            DetachedThread(body: { [self] in self.readResults(child, reader) }).start()
            DetachedThread(body: { [self] in self.readLog(child) }).start()
            return .success(child)
        } catch {
            child.kill()
            return .failure(error)
        }
    }

    /// How long the helper may take to start and answer the tool checks: the
    /// plugin's own timeout, at most 10 s.
    private var startLimitMs: Int32 { Int32(min(folder.manifest.toolTimeoutMs ?? 10_000, 10_000)) }

    private func handshake(_ child: ChildProcess, _ reader: DescriptorReader) throws(PluginProblem) {
        let ready: String
        do {
            ready = try reader.line(timeoutMs: startLimitMs)
        } catch {
            // A slow start may be a cold disk: not held against the plugin for good.
            throw PluginProblem(reason: "the plugin helper did not start within \(startLimitMs) ms (\(error.reason))",
                                file: folder.libraryPath, transient: true)
        }
        if ready.hasPrefix("FAIL ") {
            let message = try read { () throws(DescriptorReader.Failure) in try reader.bytes(Int(ready.dropFirst(5)) ?? 0, timeoutMs: 1_000) }
            throw PluginProblem(reason: String(decoding: message, as: UTF8.self), file: folder.libraryPath)
        }
        guard ready.hasPrefix("READY ") else {
            throw PluginProblem(reason: "the helper answered \(ready.prefix(60).debugDescription) instead of READY", file: folder.libraryPath)
        }
        for (i, tool) in folder.manifest.tools.enumerated() {
            let nameBytes = Array(tool.name.utf8)
            guard child.send(Array("HAS \(nameBytes.count)\n".utf8) + nameBytes) else {
                throw PluginProblem(reason: "the helper stopped while the tools were checked", file: folder.libraryPath)
            }
            var answer = try read { () throws(DescriptorReader.Failure) in try reader.line(timeoutMs: startLimitMs) }
            while answer.hasPrefix("LOG ") {
                try forwardLog(answer, reader)
                answer = try read { () throws(DescriptorReader.Failure) in try reader.line(timeoutMs: startLimitMs) }
            }
            guard answer == "HAS 1" else {
                throw PluginProblem(reason: "the manifest lists the tool \"\(tool.name)\", but the binary doesn't provide it",
                                    file: folder.libraryPath, path: "$.tools[\(i)].name")
            }
        }
    }

    /// Runs a read, turning its failure into the plugin's problem.
    private func read<T>(_ body: () throws(DescriptorReader.Failure) -> T) throws(PluginProblem) -> T {
        do {
            return try body()
        } catch {
            throw PluginProblem(reason: "the plugin helper: \(error.reason)", file: folder.libraryPath)
        }
    }

    private func forwardLog(_ header: String, _ reader: DescriptorReader) throws(PluginProblem) {
        let parts = header.split(separator: " ")
        guard parts.count == 3, let level = Int32(parts[1]), let length = Int(parts[2]) else {
            throw PluginProblem(reason: "the helper sent a malformed frame")
        }
        log(level, String(decoding: try read { () throws(DescriptorReader.Failure) in try reader.bytes(length, timeoutMs: 10_000) }, as: UTF8.self))
    }

    /// Reads results until the child ends or breaks the protocol, then fails what is still pending.
    private func readResults(_ child: ChildProcess, _ reader: DescriptorReader) {
        var broken: String?
        while true {
            let header: String
            do {
                header = try reader.line(timeoutMs: -1)
            } catch {
                if error.reason.hasPrefix("a line over") { broken = "sent a frame header over \(reader.maxLineBytes) bytes" }
                break
            }
            let parts = header.split(separator: " ")
            if parts.first == "LOG" {
                do throws(PluginProblem) { try forwardLog(header, reader) } catch { broken = "sent a malformed log frame"; break }
            } else if parts.first == "RESULT", parts.count == 3, let id = UInt64(parts[1]), let length = Int(parts[2]) {
                let body: [UInt8]
                do {
                    body = try reader.bytes(length, timeoutMs: 10_000)
                } catch {
                    broken = "sent a result frame it did not finish (\(error.reason))"
                    break
                }
                let entry = state.withLock { $0.pending.removeValue(forKey: id) }
                let result = (try? JSONParser.parse(body)).flatMap { try? AIToolResult(json: $0) }
                    ?? .failed(reason: "The plugin \"\(name)\" sent a result that is not a result object.")
                entry?.completion.complete(result)
            } else if parts.first == "REFUSED", parts.count == 3, let id = UInt64(parts[1]) {
                let entry = state.withLock { $0.pending.removeValue(forKey: id) }
                entry?.completion.complete(.failed(reason: "The plugin \"\(name)\" refused the call (code \(parts[2]))."))
            } else {
                broken = "sent a frame the host does not know (\(header.prefix(40).debugDescription))"
                break
            }
        }
        stop(child, protocolError: broken)
    }

    /// Forwards what the child prints (the plugin's own output) to the plugin's log, a line at a time.
    private func readLog(_ child: ChildProcess) {
        guard let fd = child.errorOutput else { return }
        let reader = DescriptorReader(fd: fd, maxLineBytes: 8192)
        while let line = try? reader.line(timeoutMs: -1) { log(1, "output: " + line) }
    }

    /// Stops `child` (if it is still the current one) and fails its pending calls,
    /// saying how it ended, or which rule of the protocol it broke.
    private func stop(_ child: ChildProcess, protocolError: String? = nil) {
        let pending: [(tool: String, completion: AIToolCompletion)]? = state.withLock { s in
            guard s.child === child else { return nil }
            s.child = nil
            let all = Array(s.pending.values)
            s.pending.removeAll()
            return all
        }
        guard let pending else { return }
        let status = child.kill()
        for entry in pending {
            let reason = protocolError.map { "The plugin \"\(name)\" \($0) while running the tool \"\(entry.tool)\"; its process was stopped." }
                ?? "The plugin \"\(name)\" \(ChildProcess.describe(status)) while running the tool \"\(entry.tool)\"."
            entry.completion.complete(.failed(reason: reason))
        }
    }
}
