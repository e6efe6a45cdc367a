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
/// The runner is the exactly-once engine (``ExactlyOnceEngine``) with the
/// policies of a chat message: ``AIToolCallAddressing/thisInstall(userID:clientID:)``
/// and ``DeliverySchedule/onNextUpdate(maxAttempts:)``. Its tools come from
/// tool sources (``AIToolBox``): its own, plugins, MCP servers.
///
/// ```swift
/// let runner = try AIClientToolRunner(configuration: .init(userID: me, clientID: installID), tools: [openScreen])
/// runner.run(parts) { call, result in backend.send(result, for: call) }
/// ```
public final class AIClientToolRunner: Sendable {
    /// Returns true when the result reached the backend.
    public typealias Sender = ExactlyOnceEngine.Deliver
    /// Where a call is in the runner.
    public typealias CallState = ExactlyOnceEngine.CallState
    /// What the runner knows about one call.
    public typealias LedgerEntry = ExactlyOnceEngine.LedgerEntry

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

    /// Who the runner runs for, and how.
    public let configuration: Configuration
    /// The tools the runner can run, from its sources.
    public let toolBox: AIToolBox
    /// Which calls are this install's to run.
    public let addressing: AIToolCallAddressing
    private let engine: ExactlyOnceEngine
    /// The latest progress of the calls that run, by call id.
    private let running = Mutex<[String: AIToolProgress]>([:])
    private let progressObservers = Mutex<[@Sendable (AIToolCallPart, AIToolProgress) -> Void]>([])

    /// Creates a runner, reading its ledger when it has one.
    /// - Throws: on a bad configuration (`maxAttempts` < 1, empty ids) or a ledger that can't be used.
    public init(configuration: Configuration, tools: [AIClientTool] = []) throws(StreamChatAIError) {
        guard configuration.toolTimeoutMs >= 1 else { throw .invalid(at: "$.tool_timeout_ms", "must be at least 1") }
        guard !configuration.userID.isEmpty, !configuration.clientID.isEmpty else {
            throw .invalid(at: "$", "user_id and client_id must not be empty")
        }
        self.configuration = configuration
        engine = try ExactlyOnceEngine(
            schedule: .onNextUpdate(maxAttempts: configuration.maxAttempts),
            ledger: configuration.ledgerPath.map { ($0, configuration.userID, configuration.clientID) },
            retention: configuration.retention)
        addressing = .thisInstall(userID: configuration.userID, clientID: configuration.clientID)
        toolBox = AIToolBox(tools: tools)
    }

    /// Adds a tool. The first tool of a name wins: returns false, and keeps the
    /// earlier one, when the runner already has a tool of that name.
    @discardableResult
    public func add(_ tool: AIClientTool) -> Bool { toolBox.add(tool) }

    /// Adds a tool source after the others; returns the tools it offers that the runner already has.
    @discardableResult
    public func add(source: any AIToolSource) -> [AIToolBox.Conflict] { toolBox.add(source: source) }

    /// The names of the runner's tools, sorted.
    public var toolNames: [String] { toolBox.toolNames }

    /// The tools to register with the backend, sorted by name (see ``AIToolDefinition/registration``).
    public var registrations: [JSONValue] { toolBox.tools.map(\.definition.registration) }

    /// Whether `call` asks this user's install to run a tool now.
    public func isAddressedHere(_ call: AIToolCallPart) -> Bool { addressing.accepts(call) }

    /// Runs the calls of `parts` addressed here that haven't run, and offers
    /// again the results that failed to send. Tools that complete inside
    /// their handler are sent before this returns; others are sent from the
    /// thread that completes them.
    @discardableResult
    public func run(_ parts: [AIMessagePart], send: @escaping Sender) -> Report {
        var report = Report()
        guard !engine.isClosed else { return report }
        let calls = parts.compactMap(\.toolCall).filter(addressing.accepts)
        guard !calls.isEmpty else { return report }
        for (call, offer) in zip(calls, engine.offer(calls, deliver: send)) {
            switch offer {
            case .handled: break
            case .run:
                report.started.append(call.id)
                let engine = self.engine
                ToolCallExecution.start(toolBox.tool(named: call.name ?? ""), call: call, defaultTimeoutMs: configuration.toolTimeoutMs,
                                        abandoned: { [weak engine] in engine?.isSettled(call.id) ?? true },
                                        onProgress: { [weak self] progress in self?.progressed(call, progress) },
                                        onFinish: { [weak self] result in
                                            self?.running.withLock { _ = $0.removeValue(forKey: call.id) }
                                            engine.complete(call, with: result)
                                        })
            case .resent(let state):
                report.resent.append(call.id)
                if state == .gaveUp { report.gaveUp.append(call.id) }
            case .gaveUp:
                report.gaveUp.append(call.id)
            case .notRecorded(let why):
                report.errors.append(why)
            }
        }
        return report
    }

    /// Stops the runner: results that arrive later are dropped, not sent, and
    /// `run` does nothing more. The ledger is released once no tool holds the runner.
    public func close() { engine.close() }

    /// Where each call the runner knows is, in the order it first saw them;
    /// a running call has the progress its tool last reported.
    public var ledger: [LedgerEntry] {
        let progress = running.withLock { $0 }
        guard !progress.isEmpty else { return engine.entries }
        return engine.entries.map { entry in
            var entry = entry
            if entry.state == .running { entry.progress = progress[entry.callID] }
            return entry
        }
    }

    /// Calls `handler` (on the thread the tool reports from) with each
    /// progress report of a call the runner runs.
    public func observeProgress(_ handler: @escaping @Sendable (AIToolCallPart, AIToolProgress) -> Void) {
        progressObservers.withLock { $0.append(handler) }
    }

    private func progressed(_ call: AIToolCallPart, _ progress: AIToolProgress) {
        running.withLock { $0[call.id] = progress }
        for observer in progressObservers.withLock({ $0 }) { observer(call, progress) }
    }

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
        guard let tool = toolBox.tool(named: invocation.toolName) else {
            throw StreamChatAIError(.notFound, "$.tool.name: this install has no tool named \(JSONSerializer.quoted(invocation.toolName))")
        }
        let call = invocation.call(id: "invocation-" + RandomUUID.string())
        ToolCallExecution.start(tool, call: call, defaultTimeoutMs: configuration.toolTimeoutMs, onFinish: completion)
        return call
    }
}
