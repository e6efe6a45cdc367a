/// What an engine can use of its host for one reply: the app's components,
/// the host's tools (under the read-only policy), the reply's data model, the
/// link and media policies, the error channel, and the signal that the reply's
/// view changed.
///
/// A context is scoped to its reply: whatever an engine does through it
/// touches that reply only. It holds its host weakly, so an engine may keep it
/// for later (a tool result that arrives, a timer) without keeping the host alive.
public struct AIUIContext: Sendable {
    private weak let host: AIUIHost?
    /// The tool runs of the event being handled, reported in its outcome.
    let toolRuns: AIUIToolRunLog?
    /// The reply being rendered or handled.
    public let messageID: String
    /// The app components this renderer may place (those named like its own are left out).
    public let components: [AIUIComponentDefinition]
    /// Whether the reply is still being written.
    public let isStreaming: Bool
    /// The host's pass of the render, for an engine that runs it on each node it makes (``AIUINodeFinishingEngine``);
    /// nil without a host, for other engines, and outside a render.
    package let pass: AIUIRenderPass?
    /// Where the document this call brings (``AIUIEngine/receive(_:context:)``, a piece appended) stands in the order
    /// the host took the reply's documents and pieces in: a later one has a higher number, the same document the same.
    /// Calls for one reply from several threads may reach an engine in another order; one older than the document the
    /// engine read already brings nothing new and is left. Nil without a host, and for other calls.
    public let documentOrder: Int?

    /// A context with no UI host, to run a renderer's engine on its own (a test, a tool, a
    /// benchmark): no tools, media withheld, links not opened, problems not told.
    public init(messageID: String, components: [AIUIComponentDefinition] = [], isStreaming: Bool) {
        host = nil
        toolRuns = nil
        pass = nil
        documentOrder = nil
        self.messageID = messageID
        self.components = components
        self.isStreaming = isStreaming
    }

    init(host: AIUIHost, messageID: String, components: [AIUIComponentDefinition], isStreaming: Bool,
         toolRuns: AIUIToolRunLog? = nil, pass: AIUIRenderPass? = nil, documentOrder: Int? = nil) {
        self.documentOrder = documentOrder
        self.host = host
        self.pass = pass
        self.messageID = messageID
        self.components = components
        self.isStreaming = isStreaming
        self.toolRuns = toolRuns
    }

    // MARK: Components

    /// The app component of that name (or its PascalCase form), if the renderer may place it.
    public func component(named name: String) -> AIUIComponentDefinition? {
        components.first { $0.name == name || $0.pascalCaseName == name }
    }

    /// A node for an app component: `pending` while the arguments don't fit
    /// its parameters yet; a finished reply's bad arguments are also reported.
    public func componentNode(_ component: AIUIComponentDefinition, id: String, arguments: JSONValue) -> UINode {
        let problems = component.problems(with: arguments)
        var props = arguments.objectValue ?? JSONObject()
        props["is_streaming"] = .bool(isStreaming)
        if !problems.isEmpty && !isStreaming {
            report("component \(component.name) (\(id)): " + problems.prefix(3).map(\.description).joined(separator: "; "))
        }
        return UINode(id: id, type: component.name, props: props, events: component.events.map(\.name),
                      state: problems.isEmpty ? .ready : .pending)
    }

    // MARK: The reply's data model

    /// The reply's data model: an object that the host's bindings and the
    /// engine share (form values, variables), nested, addressed by JSON pointers.
    public var dataModel: JSONValue { host?.dataModel(messageID) ?? .object(JSONObject()) }

    /// The reply's data model as an object (its top-level values).
    public var state: JSONObject { dataModel.objectValue ?? JSONObject() }

    /// The value at `pointer` in the reply's data model.
    public func value(at pointer: JSONPointer) -> JSONValue? { dataModel.value(at: pointer) }

    /// Puts `value` at `pointer` in the reply's data model (nil removes it);
    /// the reply renders again on its next render.
    public func setValue(_ value: JSONValue?, at pointer: JSONPointer) throws(JSONPointerError) {
        try host?.setValue(value, at: pointer, messageID: messageID)
    }

    /// Says that the reply's view changed by itself (a Query's result arrived,
    /// a timer fired): its next render makes a new tree, and the app's render
    /// callback hears of it. Any thread.
    public func setNeedsRender() { host?.setNeedsRender(messageID: messageID) }

    // MARK: Tools

    /// The host's tools, sorted by name.
    public var tools: [AIToolDefinition] { host?.tools ?? [] }

    /// Runs one of the host's tools and waits for it (see ``AIUIHost/runTool(_:arguments:userInitiated:)``);
    /// a failure is also reported.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool) -> AIToolResult {
        guard let host else { return .failed(reason: "The reply's UI host is gone.") }
        // Listed while it runs, for a render on another thread; the caller renders after it anyway.
        let run = host.toolStarted(name, messageID: messageID, tellsRender: false)
        let result = host.runTool(name, arguments: arguments, userInitiated: userInitiated)
        if let run { _ = host.toolEnded(run, messageID: messageID) }
        finished(name, result)
        return result
    }

    /// Starts one of the host's tools; `completion` gets its result on the
    /// thread that produced it (a failure is also reported). The usual way for
    /// an engine: store the result in its state, then ``setNeedsRender()``.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool,
                        completion: @escaping @Sendable (AIToolResult) -> Void) {
        guard let host else { return completion(.failed(reason: "The reply's UI host is gone.")) }
        let run = host.toolStarted(name, messageID: messageID, tellsRender: true)
        host.runTool(name, arguments: arguments, userInitiated: userInitiated) { [self, weak host] result in
            let revision = run.flatMap { host?.toolEnded($0, messageID: messageID) }
            finished(name, result)
            completion(result)
            if let revision { host?.toolAnswered(messageID: messageID, since: revision) }
        }
    }

    private func finished(_ name: String, _ result: AIToolResult) {
        toolRuns?.record(name, result)
        if case .failed(let reason) = result { report("the tool \(name) failed: \(reason)") }
    }

    // MARK: Policies and problems

    /// The URL to load a medium from, or nil not to load it (the host's media policy).
    public func mediaURL(_ url: String) -> String? { host?.mediaURL(url) }

    /// Opens a link through the host's link policy and open callback; true when it opened.
    @discardableResult
    public func open(_ url: String) -> Bool { host?.open(url) ?? false }

    /// Reports a problem with the reply's UI to the host's error callback.
    public func report(_ problem: String) { host?.report(problem, messageID: messageID) }
}

/// What an engine keeps per reply to leave a document older than the one it read (``AIUIContext/documentOrder``):
/// calls for one reply from several threads may reach it in another order than the host took their documents.
package struct AIUIDocumentOrderGate: Sendable {
    private var last = Int.min

    package init() {}

    /// Whether the call of `context` brings a document no older than the last one taken, which it then is. A call
    /// with no order (no host) is always taken.
    package mutating func takes(_ context: AIUIContext) -> Bool {
        guard let order = context.documentOrder else { return true }
        guard order >= last else { return false }
        last = order
        return true
    }
}
