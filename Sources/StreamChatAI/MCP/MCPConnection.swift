import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Why an MCP request got no result: the server answered with a JSON-RPC
/// error (``code`` set), or it was silent, gone, or broke the protocol.
struct MCPFailure: Error, Sendable {
    /// The JSON-RPC error code, when the server sent an error.
    var code: Int64?
    /// What went wrong.
    var message: String
    /// The error's `data`.
    var data: JSONValue?

    /// `message (code N)`, or the message alone.
    var description: String { code.map { "\(message) (JSON-RPC error \($0))" } ?? message }
}

/// One running MCP server spoken to over stdio: newline-delimited JSON-RPC
/// on its standard input and output, its standard error sent to the log.
///
/// Requests are matched to responses by id, so any number may be in flight;
/// a reader thread splits lines from its own buffer (two messages in one
/// read are both seen). The server's requests get an answer (`ping`) or
/// "method not found"; a line that is not JSON-RPC is logged and skipped.
/// When the server ends, every pending request fails with how it ended.
final class MCPConnection: Sendable {
    typealias Reply = Result<JSONValue, MCPFailure>

    let configuration: MCPServerConfiguration
    let child: ChildProcess
    private let state = Mutex(State())
    private let log: @Sendable (String) -> Void
    /// Held while a message is written, so two threads' messages never interleave.
    private let writing = Mutex(())
    /// Signalled when standard error is read to its end.
    private let errorsRead = DispatchSemaphore(value: 0)

    private struct State {
        var era: MCPEra?
        var nextID: Int64 = 1
        var pending: [Int64: @Sendable (Reply) -> Void] = [:]
        /// How the server ended, once it did.
        var ended: String?
        var onNotification: (@Sendable (String, JSONObject) -> Void)?
        var onEnd: (@Sendable () -> Void)?
        /// The last lines of standard error, for the reason a start failed.
        var recentErrors: [String] = []
        var skippedLines = 0
    }

    private init(configuration: MCPServerConfiguration, child: ChildProcess, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.child = child
        self.log = log
    }

    private var name: String { JSONSerializer.quoted(configuration.name) }

    /// Starts the server and agrees on the protocol era.
    /// - Parameters:
    ///   - onNotification: gets each notification (method, params) on the reader thread.
    ///   - onEnd: runs once when the server has ended, after pending requests failed.
    static func start(_ configuration: MCPServerConfiguration, log: @escaping @Sendable (String) -> Void,
                      onNotification: @escaping @Sendable (String, JSONObject) -> Void,
                      onEnd: @escaping @Sendable () -> Void) throws(StreamChatAIError) -> MCPConnection {
        let program = try configuration.programPath()
        let child = try ChildProcess.spawn(program, arguments: configuration.command, environment: configuration.childEnvironment,
                                           workingDirectory: configuration.workingDirectory, captureErrors: true, ownGroup: true)
        // A server that stops reading its input must not block the host's threads for good.
        var limit = timeval(tv_sec: configuration.writeTimeoutMs / 1000, tv_usec: (configuration.writeTimeoutMs % 1000) * 1000)
        _ = setsockopt(child.channel, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connection = MCPConnection(configuration: configuration, child: child, log: log)
        connection.state.withLock {
            $0.onNotification = onNotification
            $0.onEnd = onEnd
        }
        let reader = DescriptorReader(fd: child.channel, endedWhenReadable: child.exitSignal, maxLineBytes: configuration.maxMessageBytes)
        DetachedThread(body: { connection.readMessages(reader) }).start()
        DetachedThread(body: { connection.readErrors() }).start()
        do throws(StreamChatAIError) {
            try connection.agreeOnEra()
        } catch {
            connection.close(graceMs: 0)
            throw error
        }
        return connection
    }

    /// The era agreed on at the start.
    var era: MCPEra { state.withLock { $0.era } ?? .modern }

    /// Whether the server has ended.
    var hasEnded: Bool { state.withLock { $0.ended != nil } }

    // MARK: - Era

    private func agreeOnEra() throws(StreamChatAIError) {
        let limit = configuration.startTimeoutMs
        switch configuration.protocolVersion {
        case MCPProtocol.modernVersion?:
            state.withLock { $0.era = .modern }
        case let version?:
            try handshake(version: version, timeoutMs: limit)
        case nil:
            // A dual-era client probes the modern era first, as the SDKs' own clients do,
            // and falls back to the handshake on any error or silence.
            state.withLock { $0.era = .modern }
            switch request("server/discover", JSONObject(), timeoutMs: max(1, limit / 2)) {
            case .success(let result):
                if let supported = result["supportedVersions"]?.arrayValue?.compactMap(\.stringValue),
                   !supported.contains(MCPProtocol.modernVersion) {
                    try handshakeOrRefuse(supported: supported, timeoutMs: limit)
                }
            case .failure(let failure) where failure.code == nil && hasEnded:
                throw startFailure(failure.message)
            case .failure(let failure):
                let supported = failure.code == MCPProtocol.ErrorCode.unsupportedVersion
                    ? failure.data?["supported"]?.arrayValue?.compactMap(\.stringValue) : nil
                try handshakeOrRefuse(supported: supported, timeoutMs: limit)
            }
        }
    }

    /// The handshake, unless the server said it speaks only versions this library doesn't.
    private func handshakeOrRefuse(supported: [String]?, timeoutMs: Int) throws(StreamChatAIError) {
        if let supported, !supported.isEmpty, !supported.contains(where: MCPProtocol.versions.contains) {
            throw StreamChatAIError(.refused, "the MCP server \(name) speaks only \(supported.joined(separator: ", ")); this library speaks \(MCPProtocol.versions.joined(separator: ", "))")
        }
        try handshake(version: MCPProtocol.handshakeVersions[0], timeoutMs: timeoutMs)
    }

    private func handshake(version: String, timeoutMs: Int) throws(StreamChatAIError) {
        state.withLock { $0.era = .handshake(version: version) }
        let params = JSONObject([
            ("protocolVersion", .string(version)), ("capabilities", .object(JSONObject())), ("clientInfo", MCPProtocol.implementation),
        ])
        switch request("initialize", params, timeoutMs: timeoutMs) {
        case .failure(let failure):
            throw startFailure("initialize failed: \(failure.description)")
        case .success(let result):
            guard let agreed = result["protocolVersion"]?.stringValue else {
                throw startFailure("its initialize result names no protocolVersion")
            }
            guard MCPProtocol.handshakeVersions.contains(agreed) else {
                throw StreamChatAIError(.refused, "the MCP server \(name) offered protocol \(JSONSerializer.quoted(agreed)), which this library does not speak")
            }
            state.withLock { $0.era = .handshake(version: agreed) }
            notify("notifications/initialized", JSONObject())
        }
    }

    private func startFailure(_ reason: String) -> StreamChatAIError {
        let errors = state.withLock { $0.recentErrors }
        let shown = errors.isEmpty ? "" : "; its last output: " + errors.joined(separator: " | ")
        return StreamChatAIError(.plugin, "the MCP server \(name) did not start: \(reason)\(shown)")
    }

    // MARK: - Requests

    /// `params` as the era wants them: the modern `_meta` envelope merged in.
    private func enveloped(_ params: JSONObject) -> JSONObject {
        guard era == .modern else { return params }
        var params = params
        var meta = params["_meta"]?.objectValue ?? JSONObject()
        meta[MCPProtocol.versionKey] = .string(MCPProtocol.modernVersion)
        meta[MCPProtocol.capabilitiesKey] = .object(JSONObject())
        meta[MCPProtocol.clientInfoKey] = MCPProtocol.implementation
        params["_meta"] = .object(meta)
        return params
    }

    /// Sends a request; `reply` runs once, on the reader thread (or at once
    /// when the server has ended). Returns the request's id.
    @discardableResult
    func send(_ method: String, _ params: JSONObject, reply: @escaping @Sendable (Reply) -> Void) -> Int64 {
        let params = enveloped(params)
        let started = state.withLock { s -> Result<Int64, MCPFailure> in
            if let ended = s.ended { return .failure(MCPFailure(message: ended)) }
            let id = s.nextID
            s.nextID += 1
            s.pending[id] = reply
            return .success(id)
        }
        switch started {
        case .failure(let failure):
            reply(.failure(failure))
            return 0
        case .success(let id):
            let message = JSONValue.object(JSONObject([("jsonrpc", "2.0"), ("id", .integer(id)), ("method", .string(method)), ("params", .object(params))]))
            if !write(message), let waiting = state.withLock({ $0.pending.removeValue(forKey: id) }) {
                waiting(.failure(MCPFailure(message: state.withLock { $0.ended } ?? "the MCP server \(name) closed its input")))
            }
            return id
        }
    }

    /// Sends a request and waits for its result, at most `timeoutMs`.
    func request(_ method: String, _ params: JSONObject, timeoutMs: Int) -> Reply {
        let waiter = ReplyWaiter()
        let id = send(method, params) { reply in waiter.hand(reply) }
        if let reply = waiter.wait(timeoutMs: timeoutMs) { return reply }
        if forget(id) {
            return .failure(MCPFailure(message: "the MCP server \(name) did not answer \(method) within \(timeoutMs) ms"))
        }
        return waiter.wait(timeoutMs: nil)!  // the answer came as the wait ended: it is being handed over
    }

    /// Stops waiting for request `id`; false when its answer already came.
    func forget(_ id: Int64) -> Bool { state.withLock { $0.pending.removeValue(forKey: id) != nil } }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONObject) {
        _ = write(.object(JSONObject([("jsonrpc", "2.0"), ("method", .string(method)), ("params", .object(params))])))
    }

    private func write(_ message: JSONValue) -> Bool {
        // One message a line: the serializer escapes every newline inside strings.
        let bytes = Array((JSONSerializer.string(message) + "\n").utf8)
        let sent = writing.withLock { _ in child.send(bytes) }
        // A message cut short would garble the next one: a server that stopped reading is stopped.
        if !sent && !hasEnded {
            close(graceMs: 0, reason: "the MCP server \(name) stopped reading its input (a write waited \(configuration.writeTimeoutMs) ms); it was stopped")
        }
        return sent
    }

    // MARK: - Reading

    private func readMessages(_ reader: DescriptorReader) {
        var reason: String?
        while true {
            let line: [UInt8]
            do {
                line = try reader.lineBytes(timeoutMs: -1)
            } catch {
                if error.reason.hasPrefix("a line over") { reason = "sent a message over \(reader.maxLineBytes) bytes" }
                break
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard case .object(let message)? = try? JSONParser.parse(line, limits: JSONLimits(maxDepth: 512, maxBytes: configuration.maxMessageBytes)),
                  message["jsonrpc"] == .string("2.0")
            else {
                let skipped = state.withLock { s -> Int in s.skippedLines += 1; return s.skippedLines }
                if skipped <= 20 {
                    log("warning: skipped a line of standard output that is not JSON-RPC: \(String(decoding: line.prefix(120), as: UTF8.self).debugDescription)")
                }
                continue
            }
            handle(message)
        }
        end(reason)
    }

    private func handle(_ message: JSONObject) {
        let params = message["params"]?.objectValue ?? JSONObject()
        if case .string(let method)? = message["method"] {
            if let id = message["id"], !id.isNull {
                // A request from the server: this client offers no sampling, roots or elicitation.
                let answer: (String, JSONValue) = method == "ping"
                    ? ("result", .object(JSONObject()))
                    : ("error", .object(JSONObject([("code", .integer(MCPProtocol.ErrorCode.methodNotFound)), ("message", "Method not found")])))
                _ = write(.object(JSONObject([("jsonrpc", "2.0"), ("id", id), answer])))
            } else if let observer = state.withLock({ $0.onNotification }) {
                observer(method, params)
            }
            return
        }
        guard case .integer(let id)? = message["id"], let waiting = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        if let result = message["result"] {
            waiting(.success(result))
        } else {
            let error = message["error"]
            var code = MCPProtocol.ErrorCode.internalError
            if case .integer(let given)? = error?["code"] { code = given }
            waiting(.failure(MCPFailure(code: code,
                                        message: error?["message"]?.stringValue ?? "an error without a message",
                                        data: error?["data"])))
        }
    }

    private func readErrors() {
        defer { errorsRead.signal() }
        guard let fd = child.errorOutput else { return }
        let reader = DescriptorReader(fd: fd, maxLineBytes: 8192)
        while let line = try? reader.line(timeoutMs: -1) {
            state.withLock { s in
                s.recentErrors.append(String(line.prefix(300)))
                if s.recentErrors.count > 3 { s.recentErrors.removeFirst() }
            }
            log("stderr: " + line)
        }
    }

    /// The server is gone (or broke the protocol): stop it, fail what waits.
    private func end(_ protocolError: String?) {
        let status = child.stop(graceMs: protocolError == nil ? configuration.stopGraceMs : 0)
        // What the server said last (why it crashed) belongs in the log before its calls fail.
        _ = errorsRead.wait(timeout: .now() + 1)
        let reason = protocolError.map { "the MCP server \(name) \($0); it was stopped" }
            ?? "the MCP server \(name) \(ChildProcess.describe(status))"
        let (pending, onEnd, ended) = state.withLock { s -> ([@Sendable (Reply) -> Void], (@Sendable () -> Void)?, String) in
            if s.ended == nil { s.ended = reason }
            let pending = Array(s.pending.values)
            s.pending.removeAll()
            defer { s.onEnd = nil; s.onNotification = nil }
            return (pending, s.onEnd, s.ended!)
        }
        // Why it ended, as the one who ended it said (stopped, stopped reading), else how it exited.
        for waiting in pending { waiting(.failure(MCPFailure(message: ended))) }
        onEnd?()
        if protocolError != nil { log("error: \(reason)") }
    }

    /// Stops the server: its input closes, then SIGTERM and SIGKILL after
    /// `graceMs` each; it is always waited for.
    func close(graceMs: Int? = nil, reason: String? = nil) {
        state.withLock { s in if s.ended == nil { s.ended = reason ?? "the MCP server \(name) was stopped" } }
        child.stop(graceMs: graceMs ?? configuration.stopGraceMs)
    }
}

/// One reply, handed from the reader thread to the thread that waits for it.
private final class ReplyWaiter: @unchecked Sendable {  // written before the signal, read after the wait
    // Two optionals rather than an optional Result: an optional multi-payload enum leaves bits
    // unwritten that its check reads, which valgrind reports (correctly, as code, wrongly as a bug).
    private var value: JSONValue?
    private var failure: MCPFailure?
    private let arrived = DispatchSemaphore(value: 0)

    func hand(_ reply: MCPConnection.Reply) {
        switch reply {
        case .success(let v): value = v
        case .failure(let f): failure = f
        }
        arrived.signal()
    }

    /// The reply, or nil when none came within `timeoutMs` (nil: as long as it takes).
    func wait(timeoutMs: Int?) -> MCPConnection.Reply? {
        if let timeoutMs {
            guard arrived.wait(timeout: .now() + .milliseconds(timeoutMs)) == .success else { return nil }
        } else {
            arrived.wait()
        }
        if let failure { return .failure(failure) }
        return .success(value ?? .null)
    }
}
