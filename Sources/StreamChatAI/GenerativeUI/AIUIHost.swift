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

    struct Callbacks {
        var send: Send?
        var open: Open?
        var onError: OnError?
        var onNeedsRender: OnNeedsRender?
    }

    /// A renderer, its engine, and whether the engine keeps its nodes between views.
    typealias Renderer = (renderer: any AIUIRenderer, engine: any AIUIEngine, keepsNodes: Bool)

    struct State {
        /// Each renderer with its engine, and whether that engine keeps its nodes (``AIUINodeFinishingEngine``), asked
        /// once: a cast to a protocol searches the runtime's conformances, which a render per message would pay each time.
        var renderers: [Renderer] = []
        var components: [AIUIComponentDefinition] = []
        var replies: [String: AIUIReply] = [:]
        var callbacks = Callbacks()
        /// Numbers the UI's tool runs (``AIUIReply/runningTools``).
        var toolRuns = 0
    }

    /// What the host allows.
    public let configuration: Configuration
    /// The rules the UI runs under.
    public let policy: AIUIPolicy
    /// The tools the UI may run, from the host's tool sources.
    public let toolBox = AIToolBox()
    let state = Mutex(State())

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
            s.renderers.append((renderer, engine, engine is any AIUINodeFinishingEngine))
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

    /// `components`: the app's components when the caller read them already (under the lock it held), else read now.
    func context(_ messageID: String, _ renderer: any AIUIRenderer, streaming: Bool, toolRuns: AIUIToolRunLog? = nil,
                 pass: AIUIRenderPass? = nil, components: [AIUIComponentDefinition]? = nil, documentOrder: Int? = nil) -> AIUIContext {
        AIUIContext(host: self, messageID: messageID, components: renderer.usable(components ?? self.components), isStreaming: streaming,
                    toolRuns: toolRuns, pass: pass, documentOrder: documentOrder)
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
        let chosen = state.withLock { s -> (any AIUIRenderer, any AIUIEngine, [AIUIComponentDefinition], Int)? in
            let index = s.renderers.firstIndex { $0.renderer.format == document.format && $0.renderer.supports(version: document.version) }
            // Changed in place, through its index: a move of the reply out and back per update would cost its every member twice.
            let revision: Int
            if let at = s.replies.index(forKey: messageID) {
                Self.update(&s.replies.values[at], document: document, renderer: index)
                revision = s.replies.values[at].revision
            } else {
                var reply = AIUIReply(document: document)
                Self.update(&reply, document: document, renderer: index)
                revision = reply.revision
                s.replies[messageID] = reply
            }
            return index.map { (s.renderers[$0].renderer, s.renderers[$0].engine, s.components, revision) }
        }
        guard let (renderer, engine, components, revision) = chosen else {
            return AIUIDocument.NoUI("no renderer reads \(document.format)\(document.version.map { " \($0)" } ?? ""); the reply shows its text")
        }
        engine.receive(document, context: context(messageID, renderer, streaming: document.isStreaming, components: components,
                                                  documentOrder: revision))
        return nil
    }

    /// The reply's document as the host holds it (the last received, with the pieces appended since), or nil.
    public func document(messageID: String) -> AIUIDocument? {
        state.withLock { $0.replies[messageID]?.document }
    }

    /// Adds `text` to the end of a reply's text document (an OpenUI program, A2UI lines), for a client that gets
    /// the document in pieces as it streams: it hands over each piece rather than the document so far, and a
    /// renderer that reads text as it grows reads only the piece. `isStreaming` false ends the document. The
    /// reply's document, with its format and version, comes first through ``receive(messageID:customData:)``.
    /// - Throws: ``StreamChatAIError``: not found (no document received for the reply); invalid argument (its
    ///   content is JSON rather than text, or the document ended already); limit exceeded (the document would be
    ///   larger than `limits.maxBytes`). Nothing changes then.
    public func append(messageID: String, text: String, isStreaming: Bool, limits: JSONLimits = .default) throws(StreamChatAIError) {
        let chosen = try state.withLock { s throws(StreamChatAIError) -> (AIUIDocument, Int, (any AIUIRenderer, any AIUIEngine, [AIUIComponentDefinition])?) in
            guard let at = s.replies.index(forKey: messageID) else {
                throw StreamChatAIError(.notFound, "the reply \(messageID) has no document to add to: receive its custom data first")
            }
            // Changed in place: a read of the reply through the dictionary would copy its every member.
            let (document, index) = try Self.append(text, isStreaming: isStreaming, limits: limits, messageID: messageID,
                                                    to: &s.replies.values[at])
            return (document, s.replies.values[at].revision, index.map { (s.renderers[$0].renderer, s.renderers[$0].engine, s.components) })
        }
        guard let (renderer, engine, components) = chosen.2 else { return }
        engine.receive(appended: text, to: chosen.0, context: context(messageID, renderer, streaming: isStreaming, components: components,
                                                                     documentOrder: chosen.1))
    }

    /// Adds `text` to `reply`'s text document (see ``append(messageID:text:isStreaming:limits:)``); returns the
    /// document and the index of the renderer that reads it.
    private static func append(_ text: String, isStreaming: Bool, limits: JSONLimits, messageID: String,
                               to reply: inout AIUIReply) throws(StreamChatAIError) -> (AIUIDocument, Int?) {
        guard reply.document.isStreaming else {
            throw .invalid(at: "message_id", "the reply \(messageID)'s document ended (its status is complete): receive a new one instead")
        }
        // Its length read in place, not through a copy: a copy held here would make the text copy itself to grow.
        guard let held = reply.document.textUTF8Count else {
            throw .invalid(at: "message_id", "the reply \(messageID)'s content is \(reply.document.content.typeName), not text: receive it whole instead")
        }
        let size = held + text.utf8.count
        guard size <= limits.maxBytes else {
            throw StreamChatAIError(.limitExceeded, "the reply \(messageID)'s document would be \(size) bytes, over the limit of \(limits.maxBytes)")
        }
        reply.document.append(text, isStreaming: isStreaming)
        if !text.isEmpty || !isStreaming { reply.revision += 1 }
        return (reply.document, reply.renderer)
    }

    /// What a render reads of its reply (under the lock, in place: a copy of the reply would cost its every member).
    private struct RenderInputs {
        let document: AIUIDocument
        let revision: Int
        /// The last tree, when it is still current.
        let current: UINode?
        let renderer: any AIUIRenderer
        let engine: any AIUIEngine
        /// The reply's pass, run by the engine itself when it keeps its nodes (then the last tree was let go).
        let pass: AIUIRenderPass?
        /// The app's components, read under the same lock.
        let components: [AIUIComponentDefinition]
        /// The tools the reply's UI waits for now.
        let runningTools: [String]
    }

    /// For an engine that keeps its nodes (``AIUINodeFinishingEngine``), the last tree is let go when a new one is
    /// to be made: the engine's nodes are then its own again, and it changes the ones a message touched in place
    /// rather than copying them (an event meanwhile waits for the new tree, see `handle`).
    private static func renderInputs(_ reply: inout AIUIReply, renderers: [Renderer], components: [AIUIComponentDefinition],
                                     policy: AIUIPolicy) -> RenderInputs? {
        guard let index = reply.renderer else { return nil }
        let current = reply.renderedRevision == reply.revision ? reply.tree : nil
        let engine = renderers[index].engine
        var pass: AIUIRenderPass?
        if current == nil && renderers[index].keepsNodes {
            reply.tree = nil
            reply.rendering += 1
            pass = AIUIRenderPass(finisher: reply.finisher, policy: policy)
        }
        return RenderInputs(document: reply.document, revision: reply.revision, current: current, renderer: renderers[index].renderer,
                            engine: engine, pass: pass, components: components, runningTools: reply.runningTools.map(\.name))
    }

    private static func update(_ reply: inout AIUIReply, document: AIUIDocument, renderer: Int?) {
        if reply.document.differs(from: document) || reply.renderer != renderer { reply.revision += 1 }
        reply.document = document
        reply.renderer = renderer
    }

    /// The reply's UI, or nil to show its text. A reply whose document, data
    /// model and engine state are unchanged since its last render gets the same tree.
    public func render(messageID: String) -> AIUIRender? {
        // Only what the render needs is read out: a copy of the reply held while its tree is finished in place
        // would make that finish copy the reply's entrance table, every render.
        let found = state.withLock { s -> RenderInputs? in
            guard let at = s.replies.index(forKey: messageID) else { return nil }
            return Self.renderInputs(&s.replies.values[at], renderers: s.renderers, components: s.components, policy: policy)
        }
        guard let found else { return nil }
        let (document, revision, pass) = (found.document, found.revision, found.pass)
        if let tree = found.current {
            return AIUIRender(messageID: messageID, format: document.format, isStreaming: document.isStreaming, root: tree,
                              runningTools: found.runningTools)
        }
        // An engine that keeps its nodes runs the host's pass on those it makes: its view is the tree as it is.
        let made = found.engine.view(for: document, context: context(messageID, found.renderer, streaming: document.isStreaming, pass: pass,
                                                                              components: found.components))
        guard let view = made else {
            if pass != nil { state.withLock { s in if let at = s.replies.index(forKey: messageID) { s.replies.values[at].rendering -= 1 } } }
            return nil
        }
        var refused = pass?.refused ?? []
        var runningTools = found.runningTools
        let root = state.withLock { s -> UINode in
            // Changed in place, found once: a copy of the reply's state per render would cost its whole history.
            guard let at = s.replies.index(forKey: messageID) else { return view }
            runningTools = s.replies.values[at].runningTools.map(\.name)  // making the view may have started some
            let root: UINode
            if let pass {
                s.replies.values[at].rendering -= 1
                root = s.replies.values[at].take(finished: view, pass: pass)
            } else {
                root = s.replies.values[at].finish(view, policy: policy) { refused.append($0) }
            }
            // A change while the view was made leaves the tree stale: the next render makes another.
            s.replies.values[at].renderedRevision = revision
            return root
        }
        for problem in refused { report(problem, messageID: messageID) }
        return AIUIRender(messageID: messageID, format: document.format, isStreaming: document.isStreaming, root: root,
                          runningTools: runningTools)
    }

    /// The reply's UI as the ops that turn the tree this method last gave for it into the new one
    /// (``UIDiff``), for a front end that applies changes rather than redrawing: the first call, or the first
    /// after the reply showed no UI, gives one `replace` with the whole root. A render that changed a few nodes
    /// costs those nodes, not the tree. The render's `root` is the new tree; nil when the reply shows its text.
    public func renderOps(messageID: String) -> (render: AIUIRender, ops: [UIDiff.Op])? {
        let made = render(messageID: messageID)
        let last = state.withLock { s -> UINode? in
            guard let at = s.replies.index(forKey: messageID) else { return nil }
            // Swapped in place: a read of the reply through the dictionary would copy its every member.
            var tree = made?.root
            swap(&tree, &s.replies.values[at].given)
            return tree
        }
        guard let render = made else { return nil }
        return (render, last.map { UIDiff.ops(from: $0, to: render.root) } ?? [.replace(node: render.root)])
    }

    func replyAndRenderer(_ messageID: String) -> (AIUIReply, any AIUIRenderer, any AIUIEngine)? {
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
        for (_, engine, _) in state.withLock({ $0.renderers }) { engine.remove(messageID: messageID) }
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
    func invalidate(_ messageID: String) {
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
}
