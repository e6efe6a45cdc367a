import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An MCP server run over stdio as a tool source: its tools run through the
/// same runner, UI host and chat client as the app's and the plugins'.
///
/// The server starts on first need (a call, or asking for its tools when the
/// configuration declares none), one process shared by every call; a server
/// that ended starts again on the next call. Its `notifications/tools/list_changed`
/// makes the source list the tools again and tell its observers. A call that
/// times out or is cancelled sends `notifications/cancelled`. The process
/// stops when the source is freed or ``stop()`` is called: its input closes,
/// then SIGTERM, then SIGKILL; it is always waited for.
///
/// ```swift
/// let notes = MCPServer(configuration: .init(name: "notes", command: ["python3", "notes.py"]))
/// runner.add(source: notes)
/// ```
public final class MCPServer: AIToolSource {
    /// How the server is started and spoken to.
    public let configuration: MCPServerConfiguration

    private struct State {
        var connection: MCPConnection?
        /// The tools the server listed last, once it did.
        var listed: [AIToolDefinition]?
        var observers: [@Sendable () -> Void] = []
        var nextToken = 1
        var progress: [String: AIToolCompletion] = [:]
        var logLines: [String] = []
        var starts = 0
    }

    private let state = Mutex(State())
    /// Held while the server starts, so concurrent first calls share one start.
    private let starting = Mutex(())
    private let sink: (@Sendable (String) -> Void)?

    /// The most log lines kept.
    static let maxLogLines = 200

    /// A source for the server `configuration` describes; nothing starts yet.
    /// - Parameter log: also gets each log line (the server's standard error, warnings).
    public init(configuration: MCPServerConfiguration, log: (@Sendable (String) -> Void)? = nil) {
        self.configuration = configuration
        sink = log
    }

    deinit { stop() }

    /// `MCP server "<name>"`.
    public var origin: String { "MCP server \(JSONSerializer.quoted(configuration.name))" }

    /// The server's recent log lines: what it wrote to standard error, warnings.
    public var log: [String] { state.withLock { $0.logLines } }

    /// The era of the running connection, if the server runs.
    public var era: MCPEra? { state.withLock { $0.connection }?.era }

    /// The running server's process id, if it runs.
    public var processID: Int32? { state.withLock { $0.connection }?.child.pid }

    /// The host's descriptors of the running server (its socket, its standard error, its pidfd).
    var descriptors: [Int32] {
        guard let child = state.withLock({ $0.connection })?.child else { return [] }
        return [child.channel, child.errorOutput ?? -1, child.exitSignal].filter { $0 >= 0 }
    }

    /// How many times the server was started.
    public var startCount: Int { state.withLock { $0.starts } }

    private func record(_ line: String) {
        state.withLock { s in
            s.logLines.append(line)
            if s.logLines.count > Self.maxLogLines { s.logLines.removeFirst(s.logLines.count - Self.maxLogLines) }
        }
        sink?(line)
    }

    // MARK: - Lifecycle

    /// Starts the server if it doesn't run, and lists its tools; a declared
    /// tool the server doesn't offer is reported in the log.
    /// - Throws: ``StreamChatAIError`` when it can't start, speaks no version
    ///   this library does, or can't list its tools.
    public func start() throws(StreamChatAIError) {
        _ = try connection()
    }

    private func connection() throws(StreamChatAIError) -> MCPConnection {
        if let running = state.withLock({ $0.connection }), !running.hasEnded { return running }
        return try starting.withLock { _ throws(StreamChatAIError) -> MCPConnection in
            if let running = state.withLock({ $0.connection }), !running.hasEnded { return running }
            let connection = try MCPConnection.start(
                configuration, log: { [weak self] line in self?.record(line) },
                onNotification: { [weak self] method, params in self?.notified(method, params) },
                onEnd: { [weak self] in self?.ended() })
            state.withLock { s in
                s.connection = connection
                s.starts += 1
            }
            do throws(StreamChatAIError) {
                try relist(connection, timeoutMs: configuration.startTimeoutMs)
            } catch {
                state.withLock { s in if s.connection === connection { s.connection = nil } }
                connection.close(graceMs: 0)
                throw error
            }
            return connection
        }
    }

    /// Stops the server, if it runs; the next call starts it again.
    public func stop() {
        guard let connection = state.withLock({ s -> MCPConnection? in defer { s.connection = nil }; return s.connection }) else { return }
        connection.close()
    }

    private func ended() {
        state.withLock { s in
            if let connection = s.connection, connection.hasEnded { s.connection = nil }
            s.progress.removeAll()
        }
    }

    // MARK: - Tools

    /// The tools: those the server listed last; before it ran, the declared
    /// ones, or (when none are declared) the server is started to list them.
    public var tools: [AIClientTool] {
        var definitions = knownTools
        if definitions == nil {
            do {
                try start()
            } catch {
                record("error: \(error.message)")
            }
            definitions = state.withLock { $0.listed }
        }
        return (definitions ?? []).map { definition in
            AIClientTool(definition: definition, timeoutMs: configuration.toolTimeoutMs) { [self] call, completion in
                self.call(tool: definition.name, arguments: call.arguments ?? JSONObject(), completion: completion)
            }
        }
    }

    /// The tools as known now, without starting the server: those it listed
    /// last, else the declared ones (nil when neither is known yet).
    public var knownTools: [AIToolDefinition]? { state.withLock { $0.listed } ?? configuration.declaredTools }

    /// Calls `handler` (on any thread) when the server's tools changed.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(handler) }
    }

    /// The server's tools, page after page (`nextCursor`).
    private func relist(_ connection: MCPConnection, timeoutMs: Int) throws(StreamChatAIError) {
        var definitions: [AIToolDefinition] = []
        var cursor: String?
        var seenCursors = Set<String>()
        repeat {
            var params = JSONObject()
            if let cursor { params["cursor"] = .string(cursor) }
            let result: JSONValue
            switch connection.request("tools/list", params, timeoutMs: timeoutMs) {
            case .success(let value): result = value
            case .failure(let failure):
                throw StreamChatAIError(.plugin, "the \(origin) did not list its tools: \(failure.description)")
            }
            guard let page = result["tools"]?.arrayValue else {
                throw StreamChatAIError(.plugin, "the \(origin) answered tools/list without a tools array")
            }
            for (i, item) in page.enumerated() {
                do {
                    let definition = try AIToolDefinition(json: item)
                    if definitions.contains(where: { $0.name == definition.name }) {
                        record("warning: the tool \"\(definition.name)\" is listed twice; the first is kept")
                    } else {
                        definitions.append(definition)
                    }
                } catch {
                    record("warning: skipped tool \(item["name"]?.stringValue.map { "\"\($0)\"" } ?? "#\(i)"): \(error.message)")
                }
            }
            cursor = result["nextCursor"]?.stringValue
            if let next = cursor {
                guard seenCursors.insert(next).inserted, seenCursors.count <= 1_000 else {
                    throw StreamChatAIError(.plugin, "the \(origin) pages its tools without end (cursor \(JSONSerializer.quoted(next)) again)")
                }
            }
        } while cursor != nil
        for declared in configuration.declaredTools ?? [] where !definitions.contains(where: { $0.name == declared.name }) {
            record("warning: the server does not offer the declared tool \"\(declared.name)\"")
        }
        let changed = state.withLock { s -> Bool in
            defer { s.listed = definitions }
            return s.listed != nil ? s.listed != definitions : definitions != (configuration.declaredTools ?? [])
        }
        if changed { notifyObservers() }
    }

    private func notifyObservers() {
        for observer in state.withLock({ $0.observers }) { observer() }
    }

    private func notified(_ method: String, _ params: JSONObject) {
        switch method {
        case "notifications/tools/list_changed":
            // Not on the reader thread: the listing's answer comes through it.
            DetachedThread(body: { [weak self] in
                guard let self, let connection = self.state.withLock({ $0.connection }) else { return }
                do throws(StreamChatAIError) {
                    try self.relist(connection, timeoutMs: self.configuration.startTimeoutMs)
                } catch {
                    self.record("error: \(error.message)")
                }
            }).start()
        case "notifications/progress":
            let token: String? = switch params["progressToken"] {
            case .string(let s)?: s
            case .integer(let i)?: String(i)
            default: nil
            }
            guard let token, let completion = state.withLock({ $0.progress[token] }) else { return }
            // The SDKs send integers (mcp) or floats (fastmcp).
            func number(_ value: JSONValue?) -> Double? {
                switch value {
                case .integer(let i)?: Double(i)
                case .number(let d)?: d
                default: nil
                }
            }
            guard let amount = number(params["progress"]) else { return }
            let total = number(params["total"])
            completion.report(AIToolProgress(progress: amount, total: total, message: params["message"]?.stringValue))
        case "notifications/message":
            let level = params["level"]?.stringValue ?? "info"
            let data = params["data"].map { $0.stringValue ?? JSONSerializer.string($0) } ?? ""
            record("\(level): \(data)")
        default:
            break
        }
    }

    /// Runs one of the server's tools; the completion gets its result.
    public func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion) {
        let connection: MCPConnection
        do {
            connection = try self.connection()
        } catch {
            completion.complete(.failed(reason: "The \(origin) could not start: \(error.message)"))
            return
        }
        let token = state.withLock { s -> String in
            defer { s.nextToken += 1 }
            let token = "streamchatai-\(s.nextToken)"
            s.progress[token] = completion
            return token
        }
        let params = JSONObject([
            ("name", .string(name)), ("arguments", .object(arguments)),
            ("_meta", .object(JSONObject([("progressToken", .string(token))]))),
        ])
        let server = configuration.name
        let id = connection.send("tools/call", params) { [weak self] reply in
            _ = self?.state.withLock { $0.progress.removeValue(forKey: token) }
            completion.complete(MCPCallResult.result(reply, tool: name, server: server))
        }
        completion.onCancel { [weak self] in
            _ = self?.state.withLock { $0.progress.removeValue(forKey: token) }
            guard connection.forget(id) else { return nil }
            connection.notify("notifications/cancelled", JSONObject([("requestId", .integer(id)), ("reason", "the call timed out or was cancelled")]))
            return "the MCP server was told to cancel it"
        }
    }
}

/// A plugin folder of kind `mcp_server` runs its tools through its server.
extension MCPServer: PluginCode {}
