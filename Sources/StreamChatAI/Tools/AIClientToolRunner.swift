import Dispatch
import Synchronization

/// Runs the client tools that a reply addresses to this user and this install,
/// exactly once, and hands each result to the app to deliver, with retries.
///
/// Hand the runner the steps of a reply every time they change. A call runs
/// only when its `executor` is `client`, its `status` is `awaiting_client`,
/// it names this user and this install, and it has its own `id`. Each call
/// runs at most once per runner (and, with a ledger, across restarts), also
/// when several threads hand over the same reply at once. A call for a tool
/// this install lacks, with invalid arguments, or whose tool fails or times
/// out gets a failed result, so the agent doesn't wait forever.
///
/// Delivery: the `send` closure gets each result and returns whether it was
/// delivered. A result that failed to send is offered again on a later
/// `run` while the call still waits, without running the tool again, up to
/// `maxAttempts` times in all; then the runner gives up on it.
///
/// ```swift
/// let runner = try AIClientToolRunner(configuration: .init(userID: me, clientID: installID), tools: [openScreen])
/// runner.run(parts) { call, result in backend.send(result, for: call) }
/// ```
public final class AIClientToolRunner: Sendable {
    /// Who the runner runs for, and how.
    public struct Configuration: Sendable, Hashable {
        /// The signed-in user.
        public var userID: String
        /// This install (see ``AIClientIdentity``).
        public var clientID: String
        /// How many times a result is offered to `send` in all (at least 1).
        public var maxAttempts: Int
        /// Where the ledger is kept, for exactly-once across restarts; nil keeps it in memory.
        public var ledgerPath: String?
        /// How long a tool may take before its call fails, in milliseconds.
        public var toolTimeoutMs: Int
        /// Accept plugins whose files or folders are writable by group or others.
        public var allowWritablePlugins = false

        /// A configuration; `maxAttempts` 3 and a 60 s tool timeout by default.
        public init(userID: String, clientID: String, maxAttempts: Int = 3, ledgerPath: String? = nil,
                    toolTimeoutMs: Int = 60_000) {
            self.userID = userID
            self.clientID = clientID
            self.maxAttempts = maxAttempts
            self.ledgerPath = ledgerPath
            self.toolTimeoutMs = toolTimeoutMs
        }

        /// Reads `{"user_id", "client_id", "max_attempts", "ledger_path", "tool_timeout_ms"}`.
        public init(json: JSONValue) throws(StreamChatAIError) {
            guard case .object(let o) = json else { throw .invalid(at: "$", "the runner config must be an object, found \(json.typeName)") }
            let known = ["user_id", "client_id", "max_attempts", "ledger_path", "tool_timeout_ms", "allow_writable_plugins"]
            for key in o.keys where !known.contains(key) {
                throw .invalid(at: JSONPath.appending(key: key, to: "$"), "unknown setting; known: \(known.joined(separator: ", "))")
            }
            func text(_ key: String) throws(StreamChatAIError) -> String {
                guard case .string(let s)? = o[key], !s.isEmpty else { throw .invalid(at: "$.\(key)", "a non-empty string is required") }
                return s
            }
            func integer(_ key: String, _ fallback: Int) throws(StreamChatAIError) -> Int {
                switch o[key] {
                case nil, .null?: return fallback
                case .integer(let i)? where i >= 1 && i <= Int32.max: return Int(i)
                case let other?: throw .invalid(at: "$.\(key)", "expected a whole number from 1 to \(Int32.max), found \(other)")
                }
            }
            self.init(userID: try text("user_id"), clientID: try text("client_id"),
                      maxAttempts: try integer("max_attempts", 3), toolTimeoutMs: try integer("tool_timeout_ms", 60_000))
            switch o["allow_writable_plugins"] {
            case nil, .null?: allowWritablePlugins = false
            case .bool(let b)?: allowWritablePlugins = b
            case let other?: throw .invalid(at: "$.allow_writable_plugins", "expected a boolean, found \(other.typeName)")
            }
            switch o["ledger_path"] {
            case nil, .null?: ledgerPath = nil
            case .string(let path)? where !path.isEmpty: ledgerPath = path
            case let other?: throw .invalid(at: "$.ledger_path", "expected a file path, found \(other.typeName)")
            }
        }
    }

    /// Returns true when the result reached the backend.
    public typealias Sender = @Sendable (AIToolCallPart, AIToolResult) -> Bool

    /// Where a call is in the runner.
    public enum CallState: String, Sendable {
        /// The tool is running.
        case running
        /// The result is being handed to `send`.
        case sending
        /// Sending failed; the result is offered again on a later `run`.
        case pendingDelivery = "pending_delivery"
        /// `send` took the result.
        case delivered
        /// Sending failed `maxAttempts` times; the runner stopped offering.
        case gaveUp = "gave_up"
    }

    /// What one `run` did.
    public struct Report: Sendable, Hashable {
        /// Calls whose tools were started (or answered at once, for a tool this install lacks).
        public var started: [String] = []
        /// Calls whose stored results were offered to `send` again.
        public var resent: [String] = []
        /// Calls the runner gave up delivering during this run.
        public var gaveUp: [String] = []
        /// Calls skipped because their claim couldn't be written to the ledger, with why.
        public var errors: [String] = []
    }

    let configuration: Configuration
    private let core: Core

    /// Creates a runner, reading its ledger when it has one.
    /// - Throws: on a bad configuration (`maxAttempts` < 1, empty ids) or a ledger that can't be used.
    public init(configuration: Configuration, tools: [AIClientTool] = []) throws(StreamChatAIError) {
        guard configuration.maxAttempts >= 1 else { throw .invalid(at: "$.max_attempts", "must be at least 1") }
        guard configuration.toolTimeoutMs >= 1 else { throw .invalid(at: "$.tool_timeout_ms", "must be at least 1") }
        guard !configuration.userID.isEmpty, !configuration.clientID.isEmpty else {
            throw .invalid(at: "$", "user_id and client_id must not be empty")
        }
        self.configuration = configuration
        let ledger = try configuration.ledgerPath.map { path throws(StreamChatAIError) in
            try ToolRunLedger(path: path, userID: configuration.userID, clientID: configuration.clientID)
        }
        core = try Core(configuration: configuration, ledger: ledger)
        for tool in tools { add(tool) }
    }

    /// Adds a tool. The first tool of a name wins: returns false, and keeps the
    /// earlier one, when the runner already has a tool of that name.
    @discardableResult
    public func add(_ tool: AIClientTool) -> Bool { core.add(tool, origin: "the app") }

    /// Discovers the plugins in `directory` (manifests only; code loads on first
    /// use) and adds their tools. The first tool of a name wins, in sorted folder
    /// order after the runner's own tools; the report names each plugin, its
    /// status, and why a plugin or a tool was left out.
    public func loadPlugins(directory: String, registry: PluginRegistry = .shared) throws(StreamChatAIError) -> JSONValue {
        let entries: [PluginRegistry.Entry]
        do {
            entries = try registry.discover(directory: directory, allowWritable: configuration.allowWritablePlugins)
        } catch {
            throw StreamChatAIError(.notFound, error.description)
        }
        var report: [JSONValue] = []
        for entry in entries {
            var value = entry.jsonValue
            if let plugin = entry.plugin {
                var conflicts: [JSONValue] = []
                for tool in plugin.tools() where !core.add(tool, origin: "plugin \"\(plugin.name)\"") {
                    conflicts.append(["tool": .string(tool.name), "kept": .string(core.origin(of: tool.name) ?? "another tool")])
                }
                if case .object(var o) = value {
                    o["conflicts"] = .array(conflicts)
                    value = .object(o)
                }
            }
            report.append(value)
        }
        return ["directory": .string(directory), "plugins": .array(report)]
    }

    /// The names of the runner's tools, sorted.
    public var toolNames: [String] { core.tools.keys.sorted() }

    /// The tools to register with the backend, sorted by name (see ``AIToolDefinition/registration``).
    public var registrations: [JSONValue] {
        let tools = core.tools
        return tools.keys.sorted().map { tools[$0]!.definition.registration }
    }

    /// Whether `call` asks this user's install to run a tool now.
    public func isAddressedHere(_ call: AIToolCallPart) -> Bool {
        call.executor == .client && call.status == .awaitingClient && call.hasOwnID
            && call.targetUserID == configuration.userID && call.targetClientID == configuration.clientID
    }

    /// Runs the calls of `parts` addressed here that haven't run, and offers
    /// again the results that failed to send. Tools that complete inside
    /// their handler are sent before this returns; others are sent from the
    /// thread that completes them.
    @discardableResult
    public func run(_ parts: [AIMessagePart], send: @escaping Sender) -> Report {
        var report = Report()
        guard !core.isClosed else { return report }
        for call in parts.compactMap(\.toolCall) where isAddressedHere(call) {
            switch core.claim(call, send: send) {
            case .skip: break
            case .execute: report.started.append(call.id); execute(call)
            case .resend(let result):
                report.resent.append(call.id)
                if core.deliver(call, result, via: send) == .gaveUp { report.gaveUp.append(call.id) }
            case .gaveUp: report.gaveUp.append(call.id)
            case .error(let message): report.errors.append(message)
            }
        }
        return report
    }

    /// Stops the runner: results that arrive later are dropped, not sent, and
    /// `run` does nothing more. The ledger is released once no tool holds the runner.
    public func close() { core.close() }

    /// Where each call the runner knows is: `[{"call_id", "tool", "state", "attempts", "result"}]`.
    public var ledger: JSONValue { core.snapshot() }

    /// Runs the tool a `custom_client_tool_invocation` event names, with its
    /// `args`. No result is sent back: those agents don't wait for one.
    /// - Returns: the call that was started.
    /// - Throws: ``StreamChatAIError`` (not found) when no tool has that name,
    ///   or (invalid argument) for an event of another shape.
    @discardableResult
    public func handle(invocation event: JSONValue, completion: (@Sendable (AIToolResult) -> Void)? = nil)
        throws(StreamChatAIError) -> AIToolCallPart
    {
        let invocation = try AIClientToolInvocation(json: event)
        guard let tool = core.tools[invocation.toolName] else {
            throw StreamChatAIError(.notFound, "$.tool.name: this install has no tool named \(JSONSerializer.quoted(invocation.toolName))")
        }
        let call = invocation.call(id: "invocation-" + RandomUUID.string())
        if let failure = Core.argumentFailure(call, tool) {
            completion?(failure)
            return call
        }
        let done = Atomic<Bool>(false)
        tool.handler(call, AIToolCompletion(deliver: { result in
            guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return false }
            completion?(result)
            return true
        }, isCancelled: { done.load(ordering: .acquiring) }))
        return call
    }

    private func execute(_ call: AIToolCallPart) {
        guard let name = call.name, let tool = core.tools[name] else {
            let named = call.name.map { "no tool named \(JSONSerializer.quoted($0))" } ?? "no tool for a call that names none"
            _ = core.finish(call, .failed(reason: "This install has \(named)."))
            return
        }
        if let failure = Core.argumentFailure(call, tool) {
            _ = core.finish(call, failure)
            return
        }
        let core = self.core
        let timeout = configuration.toolTimeoutMs
        let completion = AIToolCompletion(deliver: { result in core.finish(call, result) },
                                          isCancelled: { [weak core] in core?.isSettled(call.id) ?? true })
        tool.handler(call, completion)
        guard !completion.isAnswered else { return }
        // Weak: a pending timer must not keep a released runner (and its ledger lock) alive;
        // the completion handed to the tool does that while the tool may still answer.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(timeout)) { [weak core] in
            _ = core?.finish(call, .failed(reason: "The tool \"\(name)\" did not finish within \(timeout) ms."))
        }
    }
}

// MARK: - The shared state

extension AIClientToolRunner {
    /// The runner's state; completions keep it alive, so a result that comes
    /// after the runner is released is still delivered.
    final class Core: Sendable {
        struct Entry {
            var tool: String
            var state: CallState
            var result: AIToolResult?
            var attempts: Int
            var sender: Sender?
        }

        struct State {
            var tools: [String: AIClientTool] = [:]
            var origins: [String: String] = [:]
            var entries: [String: Entry] = [:]
            var order: [String] = []
            var ledger: ToolRunLedger?
        }

        enum Claim {
            case skip, execute, gaveUp
            case resend(AIToolResult)
            case error(String)
        }

        let maxAttempts: Int
        private let state: Mutex<State>
        private let closed = Atomic<Bool>(false)

        var isClosed: Bool { closed.load(ordering: .acquiring) }

        /// Whether a call no longer waits for its tool: it has a result, or the runner stopped.
        func isSettled(_ callID: String) -> Bool {
            isClosed || state.withLock { $0.entries[callID].map { $0.state != .running } ?? true }
        }
        func close() { closed.store(true, ordering: .releasing) }

        init(configuration: Configuration, ledger: ToolRunLedger?) throws(StreamChatAIError) {
            maxAttempts = configuration.maxAttempts
            var initial = State()
            if let ledger {
                for (callID, record) in ledger.records {
                    var entry = Entry(tool: record.tool, state: .pendingDelivery, result: record.result,
                                      attempts: record.attempts, sender: nil)
                    if record.delivered {
                        entry.state = .delivered
                    } else if record.gaveUp || record.attempts >= configuration.maxAttempts && record.result != nil {
                        entry.state = .gaveUp
                    } else if record.result == nil {
                        // Claimed, but the process ended before the tool finished: it may
                        // have acted, so it does not run again; the agent learns why.
                        let interrupted = AIToolResult.failed(
                            reason: "The app stopped while the tool \"\(record.tool)\" ran; it was not run again.")
                        try ledger.append(.result, callID: callID, tool: record.tool, result: interrupted)
                        entry.result = interrupted
                    }
                    initial.entries[callID] = entry
                    initial.order.append(callID)
                }
            }
            initial.ledger = ledger
            state = Mutex(initial)
        }

        var tools: [String: AIClientTool] { state.withLock { $0.tools } }

        func add(_ tool: AIClientTool, origin: String) -> Bool {
            state.withLock { s in
                guard s.tools[tool.name] == nil else { return false }
                s.tools[tool.name] = tool
                s.origins[tool.name] = origin
                return true
            }
        }

        func origin(of name: String) -> String? { state.withLock { $0.origins[name] } }

        static func argumentFailure(_ call: AIToolCallPart, _ tool: AIClientTool) -> AIToolResult? {
            let violations = tool.definition.validate(arguments: .object(call.arguments ?? JSONObject()))
            guard !violations.isEmpty else { return nil }
            let shown = violations.prefix(5).map(\.description).joined(separator: "; ")
            return .failed(reason: "Invalid arguments for \"\(tool.name)\": \(shown)\(violations.count > 5 ? "; …" : "")")
        }

        /// Decides, atomically, what a `run` does with an addressed call.
        func claim(_ call: AIToolCallPart, send: @escaping Sender) -> Claim {
            state.withLock { s in
                if var entry = s.entries[call.id] {
                    guard entry.state == .pendingDelivery, let result = entry.result else { return .skip }
                    guard entry.attempts < maxAttempts else {
                        entry.state = .gaveUp
                        try? s.ledger?.append(.gaveUp, callID: call.id, tool: entry.tool)
                        s.entries[call.id] = entry
                        return .gaveUp
                    }
                    entry.state = .sending
                    entry.sender = send
                    s.entries[call.id] = entry
                    return .resend(result)
                }
                let tool = call.name ?? ""
                do {
                    try s.ledger?.append(.claimed, callID: call.id, tool: tool)
                } catch {
                    return .error("\(call.id): \(error)")
                }
                s.entries[call.id] = Entry(tool: tool, state: .running, result: nil, attempts: 0, sender: send)
                s.order.append(call.id)
                return .execute
            }
        }

        /// Takes a tool's result (the first one wins) and sends it.
        func finish(_ call: AIToolCallPart, _ result: AIToolResult) -> Bool {
            let checked: AIToolResult
            if case .completed(let output, let summary) = result {
                checked = .checked(output: output, summary: summary)
            } else {
                checked = result
            }
            let sender: Sender? = state.withLock { s in
                guard var entry = s.entries[call.id], entry.state == .running else { return nil }
                entry.result = checked
                entry.state = .sending
                do {
                    try s.ledger?.append(.result, callID: call.id, tool: entry.tool, result: checked)
                } catch {
                    // Still deliver: the result only lacks durability.
                }
                s.entries[call.id] = entry
                return entry.sender
            }
            guard let sender else { return false }
            if !isClosed { _ = deliver(call, checked, via: sender) }
            return true
        }

        /// One delivery attempt; returns the state it leaves the call in.
        func deliver(_ call: AIToolCallPart, _ result: AIToolResult, via send: Sender) -> CallState {
            state.withLock { s in
                s.entries[call.id]?.attempts += 1
                try? s.ledger?.append(.attempt, callID: call.id, tool: s.entries[call.id]?.tool ?? "")
            }
            let delivered = send(call, result)
            return state.withLock { s in
                guard var entry = s.entries[call.id] else { return .delivered }
                if delivered {
                    entry.state = .delivered
                    try? s.ledger?.append(.delivered, callID: call.id, tool: entry.tool)
                } else if entry.attempts >= maxAttempts {
                    entry.state = .gaveUp
                    try? s.ledger?.append(.gaveUp, callID: call.id, tool: entry.tool)
                } else {
                    entry.state = .pendingDelivery
                }
                entry.sender = nil
                s.entries[call.id] = entry
                return entry.state
            }
        }

        func snapshot() -> JSONValue {
            state.withLock { s in
                .array(s.order.compactMap { id in
                    guard let e = s.entries[id] else { return nil }
                    return .object(JSONObject([
                        ("call_id", .string(id)), ("tool", .string(e.tool)), ("state", .string(e.state.rawValue)),
                        ("attempts", .integer(Int64(e.attempts))), ("result", e.result?.jsonValue(callID: id) ?? .null),
                    ]))
                })
            }
        }
    }
}
