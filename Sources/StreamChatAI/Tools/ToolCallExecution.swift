import Dispatch
import Synchronization

/// One run of one tool call, the same wherever a call is run (the runner,
/// the UI host, an invocation, the chat client's tool loop):
///
/// 1. the arguments are checked against the tool's input schema;
/// 2. the tool is called with a completion;
/// 3. the first result wins; a later one is refused (`complete` returns false);
/// 4. one timer, the tool's own timeout (a plugin manifest's `tool_timeout_ms`)
///    or else the caller's, fails the call when no result came in time;
/// 5. the output is checked (see ``AIToolResult/checked(output:summary:)``).
///
/// The result goes to the `onFinish` closure given at the start, on the
/// thread that completed it, and ``wait()`` blocks until it is there.
///
/// ```swift
/// let run = ToolCallExecution.start(tool, call: call, defaultTimeoutMs: 30_000)
/// let result = run.wait()
/// ```
public final class ToolCallExecution: Sendable {
    /// The call being run.
    public let call: AIToolCallPart
    /// The tool's name.
    public let toolName: String
    /// How long the tool may take, in milliseconds.
    public let timeoutMs: Int

    private struct State {
        var result: AIToolResult?
        /// Set once the call timed out or was cancelled, so no result slips in.
        var closing = false
        var onFinish: (@Sendable (AIToolResult) -> Void)?
        var cancelHandlers: [@Sendable () -> String?] = []
        var progress: AIToolProgress?
        var onProgress: (@Sendable (AIToolProgress) -> Void)?
    }

    private let state: Mutex<State>
    private let done = DispatchGroup()
    private let abandoned: @Sendable () -> Bool

    private init(call: AIToolCallPart, toolName: String, timeoutMs: Int, abandoned: @escaping @Sendable () -> Bool,
                 onFinish: (@Sendable (AIToolResult) -> Void)?) {
        self.call = call
        self.toolName = toolName
        self.timeoutMs = max(1, timeoutMs)
        self.abandoned = abandoned
        state = Mutex(State(onFinish: onFinish))
        done.enter()
    }

    deinit {
        // The tool let go of its completion without completing it: say so rather than never answer.
        let failure = AIToolResult.failed(reason: "The tool \"\(toolName)\" ended the call without a result.")
        let pending = state.withLock { s -> (@Sendable (AIToolResult) -> Void)?? in
            guard s.result == nil else { return nil }
            s.result = failure
            return .some(s.onFinish)
        }
        if let pending {
            pending?(failure)
            done.leave()
        }
    }

    /// Starts running `call` with `tool` (nil: this install has no such tool,
    /// and the call fails at once).
    /// - Parameters:
    ///   - defaultTimeoutMs: the timeout when the tool has none of its own.
    ///   - abandoned: whether nobody waits for the result any more (the caller stopped).
    ///   - onProgress: gets each progress report the tool makes before its result.
    ///   - onFinish: gets the result once, on the thread that produced it.
    @discardableResult
    public static func start(_ tool: AIClientTool?, call: AIToolCallPart, defaultTimeoutMs: Int,
                             abandoned: @escaping @Sendable () -> Bool = { false },
                             onProgress: (@Sendable (AIToolProgress) -> Void)? = nil,
                             onFinish: (@Sendable (AIToolResult) -> Void)? = nil) -> ToolCallExecution {
        let execution = ToolCallExecution(call: call, toolName: tool?.name ?? call.name ?? "",
                                          timeoutMs: tool?.timeoutMs ?? defaultTimeoutMs, abandoned: abandoned, onFinish: onFinish)
        execution.state.withLock { $0.onProgress = onProgress }
        guard let tool else {
            let named = call.name.map { "no tool named \(JSONSerializer.quoted($0))" } ?? "no tool for a call that names none"
            execution.finish(.failed(reason: "This install has \(named)."))
            return execution
        }
        if let failure = argumentFailure(call, tool.definition) {
            execution.finish(failure)
            return execution
        }
        let completion = AIToolCompletion(
            deliver: { [execution] result in execution.finish(result) },
            isCancelled: { [weak execution] in execution?.isSettled ?? true },
            onCancel: { [weak execution] handler in execution?.addCancelHandler(handler) },
            onProgress: { [weak execution] progress in execution?.progressed(progress) })
        tool.handler(call, completion)
        guard !execution.isSettled else { return execution }
        // Weak: a pending timer must not keep the execution (and what its onFinish holds,
        // such as a runner's ledger lock) alive; the completion the tool holds does that.
        let limit = execution.timeoutMs
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(limit)) { [weak execution] in
            _ = execution?.fail(with: "The tool \"\(tool.name)\" did not finish within \(limit) ms")
        }
        return execution
    }

    /// An execution that never runs a tool: `call` is answered with `result`
    /// at once (a call a policy refused).
    @discardableResult
    public static func answered(_ call: AIToolCallPart, with result: AIToolResult,
                                onFinish: (@Sendable (AIToolResult) -> Void)? = nil) -> ToolCallExecution {
        let execution = ToolCallExecution(call: call, toolName: call.name ?? "", timeoutMs: 1, abandoned: { false }, onFinish: onFinish)
        execution.finish(result)
        return execution
    }

    /// The failed result for arguments that break the tool's input schema, or nil when they fit.
    public static func argumentFailure(_ call: AIToolCallPart, _ definition: AIToolDefinition) -> AIToolResult? {
        let violations = definition.validate(arguments: .object(call.arguments ?? JSONObject()))
        guard !violations.isEmpty else { return nil }
        let shown = violations.prefix(5).map(\.description).joined(separator: "; ")
        return .failed(reason: "Invalid arguments for \"\(definition.name)\": \(shown)\(violations.count > 5 ? "; …" : "")")
    }

    /// The latest progress the tool reported, while it runs.
    public var progress: AIToolProgress? { state.withLock { $0.progress } }

    private func progressed(_ progress: AIToolProgress) {
        let observer = state.withLock { s -> (@Sendable (AIToolProgress) -> Void)?? in
            guard s.result == nil, !s.closing else { return nil }
            s.progress = progress
            return .some(s.onProgress)
        }
        if let observer { observer?(progress) }
    }

    /// The result, once there is one.
    public var result: AIToolResult? { state.withLock { $0.result } }

    /// Whether the call has its result (or is being timed out or cancelled), or nobody waits any more.
    public var isSettled: Bool { state.withLock { $0.result != nil || $0.closing } || abandoned() }

    /// Takes a result: the first one wins (returns false for later ones).
    @discardableResult
    func finish(_ result: AIToolResult) -> Bool {
        let checked: AIToolResult
        if case .completed(let output, let summary) = result {
            checked = .checked(output: output, summary: summary)
        } else {
            checked = result
        }
        guard let onFinish = state.withLock({ s -> (@Sendable (AIToolResult) -> Void)?? in
            guard s.result == nil, !s.closing else { return nil }
            s.result = checked
            s.cancelHandlers = []
            return .some(s.onFinish)
        }) else { return false }
        onFinish?(checked)
        done.leave()
        return true
    }

    /// Fails the call now because its caller no longer wants it (a cancelled
    /// reply, a closed client); the tool's cancel handlers run first. Returns
    /// false when the call already has a result.
    @discardableResult
    public func cancel(reason: String) -> Bool { fail(with: reason) }

    private func fail(with reason: String) -> Bool {
        let handlers = state.withLock { s -> [@Sendable () -> String?]? in
            guard s.result == nil, !s.closing else { return nil }
            s.closing = true
            defer { s.cancelHandlers = [] }
            return s.cancelHandlers
        }
        guard let handlers else { return false }
        let notes = handlers.compactMap { $0() }
        var text = reason
        if text.hasSuffix(".") { text.removeLast() }
        let failure = AIToolResult.failed(reason: ([text] + notes).joined(separator: "; ") + ".")
        let onFinish = state.withLock { s -> (@Sendable (AIToolResult) -> Void)? in
            s.result = failure
            return s.onFinish
        }
        onFinish?(failure)
        done.leave()
        return true
    }

    private func addCancelHandler(_ handler: @escaping @Sendable () -> String?) {
        let runNow = state.withLock { s -> Bool in
            if s.closing { return true }
            if s.result == nil { s.cancelHandlers.append(handler) }
            return false
        }
        if runNow { _ = handler() }
    }

    /// Blocks until the result is there and `onFinish` has run; the
    /// execution's own timer bounds the wait. Not from inside `onFinish`.
    public func wait() -> AIToolResult {
        done.wait()
        return state.withLock { $0.result }!
    }
}
