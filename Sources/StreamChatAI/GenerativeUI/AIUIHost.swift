import Synchronization

/// The generative UI of one conversation: its renderers (asked in order),
/// the app's components and tools, and the callbacks that send the user's
/// actions, open links, report problems and ask for a new render.
///
/// Hand it each reply's custom data as it arrives (oldest first, also for
/// replies not on screen), render a reply to UI IR when it shows, deliver the
/// user's events, and forget a reply when it leaves. Each reply keeps its own
/// data model (form values, variables) for as long as the host lives.
///
/// Safety rules (``AIUIPolicy``): a read-only tool (`readOnlyHint`) runs
/// whenever the UI asks, any other only from a user's tap; links open only
/// for the allowed schemes (http, https, mailto by default); media load only
/// through the media policy (http and https by default); password values
/// never leave in an action.
///
/// ```swift
/// let host = AIUIHost(renderers: [myRenderer], send: { action in backend.post(action.customData) })
/// host.receive(messageID: message.id, customData: message.custom)
/// if let render = host.render(messageID: message.id) { draw(render.root) }
/// ```
public final class AIUIHost: Sendable {
    /// Sends an action as the user's next message; returns true when sent.
    public typealias Send = @Sendable (AIUIAction) -> Bool
    /// Opens an allowed link; returns true when it opened.
    public typealias Open = @Sendable (String) -> Bool
    /// Gets a problem with a reply's UI (the reply's id, or nil for the host's own setup).
    public typealias OnError = @Sendable (String?, String) -> Void
    /// Hears that a reply's view changed by itself and wants rendering again (any thread).
    public typealias OnNeedsRender = @Sendable (String) -> Void

    private struct Callbacks {
        var send: Send?
        var open: Open?
        var onError: OnError?
        var onNeedsRender: OnNeedsRender?
    }

    private struct State {
        var renderers: [(renderer: any AIUIRenderer, engine: any AIUIEngine)] = []
        var components: [AIUIComponentDefinition] = []
        var replies: [String: AIUIReply] = [:]
        var callbacks = Callbacks()
    }

    /// What the host allows.
    public let configuration: Configuration
    /// The rules the UI runs under.
    public let policy: AIUIPolicy
    /// The tools the UI may run, from the host's tool sources.
    public let toolBox = AIToolBox()
    private let state = Mutex(State())

    /// A host; `mediaURL` replaces the media rule (return nil not to load).
    public init(configuration: Configuration = Configuration(), renderers: [any AIUIRenderer] = [],
                components: [AIUIComponentDefinition] = [], tools: [AIClientTool] = [],
                mediaURL: (@Sendable (String) -> String?)? = nil,
                send: Send? = nil, open: Open? = nil, onError: OnError? = nil) {
        self.configuration = configuration
        policy = configuration.policy(mediaURL: mediaURL)
        setCallbacks(send: send, open: open, onError: onError)
        for renderer in renderers { add(renderer: renderer) }
        for component in components { add(component: component) }
        for tool in tools { add(tool: tool) }
    }

    /// A host with the built-in renderers its configuration turns on (all of
    /// `builtIns` when it names none), in its order, ahead of `renderers`.
    /// - Throws: ``StreamChatAIError`` when a renderer's options are refused.
    public convenience init(configuration: Configuration, builtIns: [AIUIBuiltInRenderer], renderers: [any AIUIRenderer] = [],
                            send: Send? = nil, open: Open? = nil, onError: OnError? = nil) throws(StreamChatAIError) {
        self.init(configuration: configuration, renderers: try configuration.makeRenderers(builtIns) + renderers,
                  send: send, open: open, onError: onError)
    }

    // MARK: Setup

    /// Adds a renderer after the others (asked last).
    public func add(renderer: any AIUIRenderer) {
        let engine = renderer.makeEngine()
        let components = state.withLock { s in
            s.renderers.append((renderer, engine))
            return s.components
        }
        for component in components where renderer.clashes(with: component) { reportClash(component, renderer.format) }
    }

    /// Adds an app component; one named like a format's own is left out of that format (and reported).
    @discardableResult
    public func add(component: AIUIComponentDefinition) -> Bool {
        let clashes = state.withLock { s -> [String]? in
            guard !s.components.contains(where: { $0.name == component.name }) else { return nil }
            s.components.append(component)
            return s.renderers.map(\.renderer).filter { $0.clashes(with: component) }.map(\.format)
        }
        for format in clashes ?? [] { reportClash(component, format) }
        return clashes != nil
    }

    private func reportClash(_ component: AIUIComponentDefinition, _ format: String) {
        report("the component \(component.name) is named like one of \(format)'s own, so \(format) leaves it out", messageID: nil)
    }

    /// Adds a tool the UI may run; the first tool of a name wins.
    @discardableResult
    public func add(tool: AIClientTool) -> Bool { toolBox.add(tool) }

    /// Adds a tool source after the others (an MCP server, a plugin); returns the tools the host already had.
    @discardableResult
    public func add(source: any AIToolSource) -> [AIToolBox.Conflict] { toolBox.add(source: source) }

    /// Sets the callbacks (the render callback stays as it is).
    public func setCallbacks(send: Send?, open: Open?, onError: OnError?) {
        state.withLock { s in
            s.callbacks.send = send
            s.callbacks.open = open
            s.callbacks.onError = onError
        }
    }

    /// Sets the callback that hears a reply wants rendering again.
    public func setRenderCallback(_ onNeedsRender: OnNeedsRender?) {
        state.withLock { $0.callbacks.onNeedsRender = onNeedsRender }
    }

    /// The app components, in the order added.
    public var components: [AIUIComponentDefinition] { state.withLock { $0.components } }

    /// The tools' definitions, sorted by name.
    public var tools: [AIToolDefinition] { toolBox.tools.map(\.definition) }

    private func context(_ messageID: String, _ renderer: any AIUIRenderer, streaming: Bool, toolRuns: AIUIToolRunLog? = nil) -> AIUIContext {
        AIUIContext(host: self, messageID: messageID, components: renderer.usable(components), isStreaming: streaming, toolRuns: toolRuns)
    }

    // MARK: Replies

    /// Takes a reply's custom data. Returns why it has no UI, when it has none.
    @discardableResult
    public func receive(messageID: String, customData: JSONValue) -> AIUIDocument.NoUI? {
        switch AIUIDocument.read(customData: customData) {
        case .failure(let reason):
            if state.withLock({ $0.replies.removeValue(forKey: messageID) != nil }) { removeFromEngines(messageID) }
            return reason
        case .success(let document):
            return receive(messageID: messageID, document: document)
        }
    }

    /// Takes a reply's document. Returns why it can't show, when no renderer reads it.
    @discardableResult
    public func receive(messageID: String, document: AIUIDocument) -> AIUIDocument.NoUI? {
        let chosen = state.withLock { s -> (any AIUIRenderer, any AIUIEngine)? in
            let index = s.renderers.firstIndex { $0.renderer.format == document.format && $0.renderer.supports(version: document.version) }
            var reply = s.replies[messageID] ?? AIUIReply(document: document)
            if reply.document != document || reply.renderer != index { reply.revision += 1 }
            reply.document = document
            reply.renderer = index
            s.replies[messageID] = reply
            return index.map { s.renderers[$0] }
        }
        guard let (renderer, engine) = chosen else {
            return AIUIDocument.NoUI("no renderer reads \(document.format)\(document.version.map { " \($0)" } ?? ""); the reply shows its text")
        }
        engine.receive(document, context: context(messageID, renderer, streaming: document.isStreaming))
        return nil
    }

    /// The reply's UI, or nil to show its text. A reply whose document, data
    /// model and engine state are unchanged since its last render gets the same tree.
    public func render(messageID: String) -> AIUIRender? {
        guard let (reply, renderer, engine) = replyAndRenderer(messageID) else { return nil }
        let document = reply.document
        if reply.renderedRevision == reply.revision, let tree = reply.tree {
            return AIUIRender(messageID: messageID, format: document.format, isStreaming: document.isStreaming, root: tree)
        }
        guard var root = engine.view(for: document, context: context(messageID, renderer, streaming: document.isStreaming)) else {
            return nil
        }
        policy.applyMedia(to: &root) { report($0, messageID: messageID) }
        state.withLock { s in
            guard var current = s.replies[messageID] else { return }
            current.assignEntrances(&root)
            current.secureKeys.formUnion(AIUIPolicy.secureKeys(in: root))
            current.tree = root
            // A change while the view was made leaves the tree stale: the next render makes another.
            current.renderedRevision = reply.revision
            s.replies[messageID] = current
        }
        return AIUIRender(messageID: messageID, format: document.format, isStreaming: document.isStreaming, root: root)
    }

    private func replyAndRenderer(_ messageID: String) -> (AIUIReply, any AIUIRenderer, any AIUIEngine)? {
        state.withLock { s in
            guard let reply = s.replies[messageID], let index = reply.renderer else { return nil }
            return (reply, s.renderers[index].renderer, s.renderers[index].engine)
        }
    }

    /// The reply left the conversation: its engines and state let go of it.
    public func forget(messageID: String) {
        state.withLock { _ = $0.replies.removeValue(forKey: messageID) }
        removeFromEngines(messageID)
    }

    private func removeFromEngines(_ messageID: String) {
        for (_, engine) in state.withLock({ $0.renderers }) { engine.remove(messageID: messageID) }
    }

    // MARK: The data model

    /// A reply's data model as an object (its top-level values).
    public func state(_ messageID: String) -> JSONObject { dataModel(messageID).objectValue ?? JSONObject() }

    /// A reply's data model.
    public func dataModel(_ messageID: String) -> JSONValue {
        state.withLock { $0.replies[messageID]?.dataModel } ?? .object(JSONObject())
    }

    /// Puts a value into a reply's data model (nil removes it).
    public func setValue(_ value: JSONValue?, at pointer: JSONPointer, messageID: String) throws(JSONPointerError) {
        try state.withLock { s throws(JSONPointerError) in
            guard var reply = s.replies[messageID] else { return }
            try reply.dataModel.set(value, at: pointer)
            reply.revision += 1
            s.replies[messageID] = reply
        }
    }

    /// The reply's next render makes a new tree.
    private func invalidate(_ messageID: String) {
        state.withLock { $0.replies[messageID]?.revision += 1 }
    }

    /// Says a reply's view changed by itself; the render callback hears of it.
    public func setNeedsRender(messageID: String) {
        let callback = state.withLock { s -> OnNeedsRender? in
            guard s.replies[messageID] != nil else { return nil }
            s.replies[messageID]?.revision += 1
            return s.callbacks.onNeedsRender
        }
        callback?(messageID)
    }

    // MARK: Events and actions

    /// Delivers a user's event on a node of a rendered reply. An input's new
    /// value goes to the format's engine first, else a bound input updates
    /// the reply's data model; an app component's event becomes an action;
    /// any other event of the node goes to the engine.
    public func handle(_ event: AIUIEvent, messageID: String) throws(StreamChatAIError) -> AIUIEventOutcome {
        guard let (reply, renderer, engine) = replyAndRenderer(messageID) else {
            throw StreamChatAIError(.notFound, "no rendered UI for the reply \(messageID)")
        }
        guard let node = reply.tree?.find(event.nodeID) else {
            throw StreamChatAIError(.notFound, "the reply \(messageID) has no node \(event.nodeID) (render it first)")
        }
        let toolRuns = AIUIToolRunLog()
        let context = context(messageID, renderer, streaming: reply.document.isStreaming, toolRuns: toolRuns)
        var actions: [AIUIAction] = []
        if event.isInput, engine.input(event, on: node, context: context) {
            invalidate(messageID)  // the engine took the value into its own state
        } else if event.name == "change", let binding = node.bindings["value"]?.stringValue {
            let pointer = binding.hasPrefix("/") ? (try? JSONPointer(binding)) : JSONPointer(tokens: [binding])
            guard let pointer else { throw .invalid(at: "$.bindings.value", "the node \(node.id) is bound to \(binding), which is not a JSON pointer") }
            do {
                try setValue(event.value ?? .null, at: pointer, messageID: messageID)
            } catch {
                throw .invalid(at: "$.value", "the value of \(node.id) can't be kept at \(binding): \(error)")
            }
        } else if let component = components.first(where: { $0.name == node.type }), node.events.contains(event.name) {
            var payload: [(String, JSONValue)] = [("component", .string(component.name)), ("node_id", .string(node.id))]
            if let value = event.value { payload.append(("value", value)) }
            actions = [AIUIAction(messageID: messageID, format: reply.document.format, name: event.name,
                                  label: event.label ?? node.visibleText ?? event.name, payload: .object(JSONObject(payload)))]
        } else if node.events.contains(event.name) {
            actions = engine.handle(event, on: node, context: context)
            invalidate(messageID)  // handling may have changed the engine's state
        } else {
            throw StreamChatAIError(.invalidArgument, "the node \(event.nodeID) raises no \(event.name) event (it raises: \(node.events.joined(separator: ", ")))")
        }
        var outcome = enqueue(actions, messageID: messageID)
        outcome.toolRuns = toolRuns.all.map { (tool: $0.0, result: $0.1) }
        return outcome
    }

    /// Sends the actions still waiting for a reply (after `send` failed).
    public func retryActions(messageID: String) -> AIUIEventOutcome { enqueue([], messageID: messageID) }

    /// Queues a reply's actions (without secret values) and sends the queue in
    /// order, one at a time: a failed send keeps it and everything after it
    /// waiting. While one thread sends, others (also `send` itself handling an
    /// event) only queue, so no action is sent twice.
    private func enqueue(_ actions: [AIUIAction], messageID: String) -> AIUIEventOutcome {
        let (cleaned, send) = state.withLock { s -> ([AIUIAction], Send?) in
            guard var reply = s.replies[messageID] else { return ([], nil) }
            let cleaned = actions.map { action in
                var clean = action
                clean.payload = AIUIPolicy.scrub(action.payload, reply.secureKeys)
                return clean
            }
            reply.queue += cleaned
            let mine = !reply.draining && s.callbacks.send != nil
            if mine { reply.draining = true }
            s.replies[messageID] = reply
            return (cleaned, mine ? s.callbacks.send : nil)
        }
        if let send {
            while let next = state.withLock({ s -> AIUIAction? in
                guard let reply = s.replies[messageID], let first = reply.queue.first else {
                    s.replies[messageID]?.draining = false
                    return nil
                }
                return first
            }) {
                let sent = send(next)
                let more = state.withLock { s -> Bool in
                    guard var reply = s.replies[messageID] else { return false }
                    if sent, reply.queue.first == next { reply.queue.removeFirst() }
                    if !sent || reply.queue.isEmpty { reply.draining = false }
                    s.replies[messageID] = reply
                    return sent && !reply.queue.isEmpty
                }
                if !more { break }
            }
        }
        return state.withLock { s in
            guard let reply = s.replies[messageID] else { return AIUIEventOutcome(actions: cleaned, unsent: 0, state: JSONObject()) }
            return AIUIEventOutcome(actions: cleaned, unsent: reply.queue.count,
                                    state: AIUIPolicy.scrub(reply.dataModel, reply.secureKeys).objectValue ?? JSONObject())
        }
    }

    /// The reply's form values for an action's payload, without password values.
    public func formValues(messageID: String) -> JSONObject {
        state.withLock { s in
            guard let reply = s.replies[messageID] else { return JSONObject() }
            return AIUIPolicy.scrub(reply.dataModel, reply.secureKeys).objectValue ?? JSONObject()
        }
    }

    // MARK: Tools, links, media, problems

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

    // MARK: Capabilities

    /// What the agent's backend needs. Each renderer's instructions are the
    /// app's, then the format's own, written from its components, the app's and
    /// the host's tools. Deterministic.
    public var capabilities: AIUICapabilities {
        let (renderers, components) = state.withLock { s in (s.renderers.map(\.renderer), s.components) }
        let tools = self.tools
        return AIUICapabilities(renderers: renderers.map { renderer in
            let instructions = [configuration.instructions, renderer.instructions(components: renderer.usable(components), tools: tools)]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
            return AIUICapabilities.Renderer(format: renderer.format, fence: renderer.fence, instructions: instructions)
        }, components: components)
    }
}
