extension AIUIHost {
    /// Runs one of the host's tools and waits for its result. A read-only tool
    /// runs whenever the UI asks; any other only when the user initiated it.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool) -> AIToolResult {
        startTool(name, arguments: arguments, userInitiated: userInitiated, onFinish: nil).wait()
    }

    /// Starts one of the host's tools under the same policy; `completion` gets
    /// the result on the thread that produced it.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool,
                        completion: @escaping @Sendable (AIToolResult) -> Void) {
        _ = startTool(name, arguments: arguments, userInitiated: userInitiated, onFinish: completion)
    }

    private func startTool(_ name: String, arguments: JSONObject, userInitiated: Bool,
                           onFinish: (@Sendable (AIToolResult) -> Void)?) -> ToolCallExecution {
        let tool = toolBox.tool(named: name)
        let call = AIClientToolInvocation(toolName: name, arguments: arguments).call(id: "ui-" + RandomUUID.string())
        if let tool, let refusal = AIUIPolicy.refusal(of: tool.definition, userInitiated: userInitiated) {
            return ToolCallExecution.answered(call, with: refusal, onFinish: onFinish)
        }
        return ToolCallExecution.start(tool, call: call, defaultTimeoutMs: configuration.toolTimeoutMs, onFinish: onFinish)
    }

    // MARK: Runs a reply's UI waits for

    /// Notes that the reply's UI started the tool `name` (a run ``AIUIRender/runningTools`` lists until it ends), and
    /// tells the render callback when `tellsRender` and the reply was rendered before: its view now shows the wait.
    /// Returns the run's number for ``toolEnded(_:messageID:)``, or nil when the reply is gone.
    func toolStarted(_ name: String, messageID: String, tellsRender: Bool) -> Int? {
        let (run, callback) = state.withLock { s -> (Int?, OnNeedsRender?) in
            guard let at = s.replies.index(forKey: messageID) else { return (nil, nil) }
            s.toolRuns += 1
            s.replies.values[at].runningTools.append((s.toolRuns, name))
            return (s.toolRuns, tellsRender && s.replies.values[at].renderedRevision != nil ? s.callbacks.onNeedsRender : nil)
        }
        callback?(messageID)
        return run
    }

    /// Notes that the run `run` of ``toolStarted(_:messageID:tellsRender:)`` ended; returns the reply's revision then,
    /// for ``toolAnswered(messageID:since:)``.
    func toolEnded(_ run: Int, messageID: String) -> Int? {
        state.withLock { s in
            guard let at = s.replies.index(forKey: messageID) else { return nil }
            s.replies.values[at].runningTools.removeAll { $0.run == run }
            return s.replies.values[at].revision
        }
    }

    /// After an engine took a tool's result: when it did not ask for a render itself (the reply's revision is still
    /// `revision`), the host does (``setNeedsRender(messageID:)``), as the view no longer waits for the tool and may
    /// show its answer. An engine that did ask is not rendered twice.
    func toolAnswered(messageID: String, since revision: Int) {
        let unasked = state.withLock { s in s.replies[messageID]?.revision == revision }
        if unasked { setNeedsRender(messageID: messageID) }
    }

    /// Opens a link of a reply's UI through the open callback, when its scheme is allowed.
    @discardableResult
    public func open(_ url: String) -> Bool {
        guard policy.allowsLink(url) else { return false }
        return state.withLock { $0.callbacks.open }?(url) ?? false
    }

    /// The URL a medium loads from, or nil not to load it.
    public func mediaURL(_ url: String) -> String? { policy.media(url) }

    func report(_ problem: String, messageID: String?) {
        state.withLock { $0.callbacks.onError }?(messageID, problem)
    }
}
