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
