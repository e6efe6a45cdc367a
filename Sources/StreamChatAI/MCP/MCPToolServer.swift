import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Serves tools to an MCP client over a pair of descriptors (standard input
/// and output): `streamchatai mcp serve`. Every tool of its tool box runs
/// through the one tool-call execution (arguments checked, one timer, output
/// checked), so plugins of every kind reach any MCP client unchanged.
///
/// One connection speaks one era, decided by its first request, as the SDK
/// servers do: a request carrying the 2026-07-28 `_meta` envelope (other
/// than `initialize`) makes it modern; anything else makes it a handshake
/// connection. Requests run concurrently; `notifications/cancelled` cancels
/// a call and its answer is never sent. A tool that fails is a result with
/// `isError: true`; an unknown tool or a malformed request is a JSON-RPC error.
///
/// ```swift
/// let server = MCPToolServer(name: "my-tools")
/// _ = try server.loadPlugins(directory: "plugins")
/// server.serve(input: 0, output: 1)
/// ```
public final class MCPToolServer: AIPluginHost {
    /// The tools served.
    public let toolBox: AIToolBox
    /// The name the server gives itself in `serverInfo`.
    public let name: String
    /// How long a call may take when its tool sets no limit of its own.
    public let toolTimeoutMs: Int
    /// Whether plugins writable by group or others are accepted.
    public let allowsWritablePlugins: Bool

    private struct Connection {
        var era: MCPEra?
        var initialized = false
        var running: [String: ToolCallExecution] = [:]
        /// Calls read but not yet started (they start off the reading thread).
        var starting = Set<String>()
        /// Calls cancelled before they started, or whose answer must not be sent.
        var cancelled = Set<String>()
        /// The input ended: calls that start now are cancelled at once.
        var closing = false
    }

    private let connection = Mutex(Connection())
    private let output = Mutex<Int32>(-1)
    /// Calls not answered yet.
    private let inFlight = DispatchGroup()
    /// Calls whose start (off the reading thread) has not returned yet.
    private let starts = DispatchGroup()

    /// A server of the tools in `toolBox` (default: an empty box to load plugins into).
    public init(name: String = "streamchatai", toolBox: AIToolBox = AIToolBox(), toolTimeoutMs: Int = 60_000,
                allowWritablePlugins: Bool = false) {
        self.name = name
        self.toolBox = toolBox
        self.toolTimeoutMs = max(1, toolTimeoutMs)
        allowsWritablePlugins = allowWritablePlugins
    }

    /// Serves requests read from `input`, answering on `output`, until the
    /// input ends; calls still running are then cancelled and waited for.
    public func serve(input: Int32, output fd: Int32) {
        output.withLock { $0 = fd }
        toolBox.observeChanges { [weak self] in self?.toolsChanged() }
        let reader = DescriptorReader(fd: input, maxLineBytes: 64 << 20)
        while let line = try? reader.lineBytes(timeoutMs: -1) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            receive(line)
        }
        let running = connection.withLock { c -> [ToolCallExecution] in
            c.closing = true
            return Array(c.running.values)
        }
        for execution in running { execution.cancel(reason: "The MCP client closed the connection") }
        drain()
    }

    /// Waits until every call started so far has been answered (or cancelled).
    func drain() {
        starts.wait()
        inFlight.wait()
    }

    /// Writes the protocol's messages to `fd` (``serve(input:output:)`` sets it too).
    func answer(to fd: Int32) { output.withLock { $0 = fd } }

    /// Handles one line of input: a request or a notification.
    func receive(_ line: [UInt8]) {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(line)
        } catch {
            send(error: MCPProtocol.ErrorCode.parse, "Parse error: \(error.message)", id: .null)
            return
        }
        guard case .object(let message) = parsed, message["jsonrpc"] == .string("2.0"), case .string(let method)? = message["method"] else {
            if case .object(let o) = parsed, o["method"] == nil, o["result"] != nil || o["error"] != nil { return }  // an answer: we ask nothing
            send(error: MCPProtocol.ErrorCode.invalidRequest, "Invalid Request: expected a JSON-RPC 2.0 request object",
                 id: Self.requestID(parsed["id"]) ?? .null)
            return
        }
        if let id = message["id"], Self.requestID(id) == nil {
            // A null id would read as a notification, which gets no answer: the client would wait for ever.
            send(error: MCPProtocol.ErrorCode.invalidRequest, "Invalid Request: an id is a string or a number, not \(id.typeName)", id: .null)
            return
        }
        let params: JSONObject
        switch message["params"] {
        case nil, .null?: params = JSONObject()
        case .object(let p)?: params = p
        default:
            if let id = message["id"] { send(error: MCPProtocol.ErrorCode.invalidParams, "params must be an object", id: id) }
            return
        }
        guard let id = message["id"] else {
            notification(method, params)
            return
        }
        request(method, params, id: id)
    }

    /// A request's id as JSON-RPC 2.0 allows it and MCP keeps it (a string or a number, never null), else nil: an
    /// answer to a request whose id is anything else carries a null id (JSON-RPC 2.0 §5).
    static func requestID(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case .string?, .integer?, .number?: id
        default: nil
        }
    }

    private func notification(_ method: String, _ params: JSONObject) {
        switch method {
        case "notifications/initialized":
            connection.withLock { $0.initialized = true }
        case "notifications/cancelled":
            guard let id = params["requestId"] else { return }
            let key = JSONSerializer.string(id)
            // Only calls this connection runs count: ids of nothing would pile up.
            let execution = connection.withLock { c -> ToolCallExecution? in
                guard c.starting.contains(key) || c.running[key] != nil else { return nil }
                c.cancelled.insert(key)
                return c.running[key]
            }
            execution?.cancel(reason: "The MCP client cancelled the call" + (params["reason"]?.stringValue.map { ": \($0)" } ?? ""))
        default:
            break
        }
    }

    // MARK: - Requests

    private func request(_ method: String, _ params: JSONObject, id: JSONValue) {
        let meta = params["_meta"]?.objectValue
        let enveloped = meta?[MCPProtocol.versionKey] != nil
        let era = connection.withLock { c -> MCPEra? in
            if c.era == nil { c.era = enveloped && method != "initialize" ? .modern : .handshake(version: MCPProtocol.handshakeVersions[0]) }
            return c.era
        }
        if era == .modern {
            guard method != "initialize" else {
                send(error: MCPProtocol.ErrorCode.unsupportedVersion,
                     "connection is serving the \(MCPProtocol.modernVersion) protocol; the initialize handshake is not accepted", id: id,
                     data: .object(JSONObject([("supported", .array([.string(MCPProtocol.modernVersion)])), ("requested", params["protocolVersion"] ?? .null)])))
                return
            }
            guard case .string(let version)? = meta?[MCPProtocol.versionKey], meta?[MCPProtocol.capabilitiesKey] != nil else {
                send(error: MCPProtocol.ErrorCode.invalidParams,
                     "params._meta must be an object carrying the required '\(MCPProtocol.versionKey)' and '\(MCPProtocol.capabilitiesKey)' envelope keys", id: id)
                return
            }
            guard version == MCPProtocol.modernVersion else {
                send(error: MCPProtocol.ErrorCode.unsupportedVersion, "Unsupported protocol version", id: id,
                     data: .object(JSONObject([("supported", .array([.string(MCPProtocol.modernVersion)])), ("requested", .string(version))])))
                return
            }
        } else if enveloped {
            send(error: MCPProtocol.ErrorCode.invalidRequest,
                 "this connection serves the handshake protocol era; requests carrying the \(MCPProtocol.modernVersion) envelope are not accepted on it", id: id)
            return
        }
        switch method {
        case "server/discover" where era == .modern:
            send(result: JSONObject([("supportedVersions", .array([.string(MCPProtocol.modernVersion)])), ("capabilities", capabilities),
                                     ("ttlMs", 0), ("cacheScope", "private")]), id: id)
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            let agreed = MCPProtocol.handshakeVersions.contains(asked) ? asked : MCPProtocol.handshakeVersions[0]
            connection.withLock { $0.era = .handshake(version: agreed) }
            send(result: JSONObject([("protocolVersion", .string(agreed)), ("capabilities", capabilities), ("serverInfo", serverInfo)]), id: id)
        case "ping" where era != .modern:
            send(result: JSONObject(), id: id)
        case "tools/list":
            if let cursor = params["cursor"], !cursor.isNull {
                send(error: MCPProtocol.ErrorCode.invalidParams, "unknown cursor \(JSONSerializer.string(cursor)): this server lists every tool on one page", id: id)
                return
            }
            var listing = JSONObject([("tools", .array(toolBox.tools.map { $0.definition.jsonValue }))])
            if era == .modern {
                // A listing may change at any time (plugins load, servers say so): nobody should keep it.
                listing["ttlMs"] = 0
                listing["cacheScope"] = "private"
            }
            send(result: listing, id: id)
        case "tools/call":
            call(params, id: id)
        default:
            send(error: MCPProtocol.ErrorCode.methodNotFound, "Method not found", id: id, data: .string(method))
        }
    }

    private var capabilities: JSONValue { .object(JSONObject([("tools", .object(JSONObject([("listChanged", true)])))])) }

    private var serverInfo: JSONValue {
        .object(JSONObject([("name", .string(name)), ("version", .string(StreamChatAIVersion.string))]))
    }

    private func call(_ params: JSONObject, id: JSONValue) {
        guard case .string(let toolName)? = params["name"] else {
            send(error: MCPProtocol.ErrorCode.invalidParams, "tools/call needs the tool's name", id: id)
            return
        }
        let arguments: JSONObject
        switch params["arguments"] {
        case nil, .null?: arguments = JSONObject()
        case .object(let a)?: arguments = a
        case let other?:
            send(error: MCPProtocol.ErrorCode.invalidParams, "the arguments must be an object, found \(other.typeName)", id: id)
            return
        }
        guard let tool = toolBox.tool(named: toolName) else {
            send(error: MCPProtocol.ErrorCode.invalidParams, "Unknown tool: \(toolName)", id: id)
            return
        }
        let key = JSONSerializer.string(id)
        let token = params["_meta"]?["progressToken"]
        let part = AIToolCallPart(id: "mcp-" + RandomUUID.string(), name: toolName, arguments: arguments)
        let onProgress = progressReporter(for: token)
        let onFinish: @Sendable (AIToolResult) -> Void = { [weak self] result in self?.finished(result, id: id, key: key) }
        let duplicate = connection.withLock { c -> Bool in
            guard !c.starting.contains(key), c.running[key] == nil else { return true }
            c.starting.insert(key)
            return false
        }
        guard !duplicate else {
            send(error: MCPProtocol.ErrorCode.invalidRequest, "request id \(key) is already in use by a call that runs", id: id)
            return
        }
        inFlight.enter()
        starts.enter()
        // Off the reading thread: a slow tool must not hold back other requests or a cancellation.
        DispatchQueue.global().async { [self] in
            run(tool, part, key: key, onProgress: onProgress, onFinish: onFinish)
            starts.leave()  // after run returned: the execution is the running table's, or gone
        }
    }

    /// Starts one call and files it as running (or cancels it, if that was asked before it started).
    private func run(_ tool: AIClientTool, _ part: AIToolCallPart, key: String, onProgress: (@Sendable (AIToolProgress) -> Void)?,
                     onFinish: @escaping @Sendable (AIToolResult) -> Void) {
        let execution = ToolCallExecution.start(tool, call: part, defaultTimeoutMs: toolTimeoutMs, onProgress: onProgress, onFinish: onFinish)
        let cancelledEarly = connection.withLock { c -> Bool in
            c.starting.remove(key)
            if execution.result != nil {  // finished inside start: a cancellation came too late to count
                c.cancelled.remove(key)
                return false
            }
            if c.cancelled.contains(key) || c.closing { return true }
            c.running[key] = execution
            return false
        }
        if cancelledEarly { execution.cancel(reason: "The MCP client cancelled the call or closed the connection") }
    }

    /// Sends the tool's progress to the client, when the call asked for it with a token.
    private func progressReporter(for token: JSONValue?) -> (@Sendable (AIToolProgress) -> Void)? {
        guard let token, !token.isNull else { return nil }
        return { [weak self] progress in self?.sendProgress(progress, token: token) }
    }

    private func finished(_ result: AIToolResult, id: JSONValue, key: String) {
        defer { inFlight.leave() }
        let cancelled = connection.withLock { c -> Bool in
            c.running[key] = nil
            return c.cancelled.remove(key) != nil
        }
        guard !cancelled else { return }  // a cancelled request is never answered
        switch result {
        case .completed(let output, let summary):
            let text = summary ?? JSONSerializer.string(.object(output))
            send(result: JSONObject([
                ("content", .array([.object(JSONObject([("type", "text"), ("text", .string(text))]))])),
                ("structuredContent", .object(output)), ("isError", false),
            ]), id: id)
        case .failed(let reason):
            send(result: JSONObject([("content", .array([.object(JSONObject([("type", "text"), ("text", .string(reason))]))])), ("isError", true)]), id: id)
        }
    }

    private func sendProgress(_ progress: AIToolProgress, token: JSONValue) {
        var params: [(String, JSONValue)] = [("progressToken", token), ("progress", .number(progress.progress))]
        if let total = progress.total { params.append(("total", .number(total))) }
        if let message = progress.message { params.append(("message", .string(message))) }
        write(.object(JSONObject([("jsonrpc", "2.0"), ("method", "notifications/progress"), ("params", .object(JSONObject(params)))])))
    }

    private func toolsChanged() {
        // Only a handshake connection has a session to push to.
        guard connection.withLock({ $0.initialized && $0.era != .modern }) else { return }
        write(.object(JSONObject([("jsonrpc", "2.0"), ("method", "notifications/tools/list_changed")])))
    }

    // MARK: - Writing

    private func send(result: JSONObject, id: JSONValue) {
        var result = result
        if connection.withLock({ $0.era }) == .modern {
            result["resultType"] = "complete"
            var meta = result["_meta"]?.objectValue ?? JSONObject()
            meta[MCPProtocol.serverInfoKey] = serverInfo
            result["_meta"] = .object(meta)
        }
        write(.object(JSONObject([("jsonrpc", "2.0"), ("id", id), ("result", .object(result))])))
    }

    private func send(error code: Int64, _ message: String, id: JSONValue, data: JSONValue? = nil) {
        var error: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        write(.object(JSONObject([("jsonrpc", "2.0"), ("id", id), ("error", .object(JSONObject(error)))])))
    }

    private func write(_ message: JSONValue) {
        let bytes = Array((JSONSerializer.string(message) + "\n").utf8)
        output.withLock { fd in
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }
}
