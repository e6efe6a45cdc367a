import StreamChatAI
import Synchronization

/// A2UI's engine for one conversation: every reply's messages change one
/// set of surfaces (a later reply may update an earlier reply's surface,
/// which then renders again where it was created); each reply shows the
/// surfaces it created.
final class A2UIEngine: AIUINodeFinishingEngine {
    let renderer: A2UIRenderer

    /// One reply's reading state (a class: the views read and change it in place, without copying it).
    private final class Reply {
        var stream = A2UIMessageStream()
        var context: AIUIContext?
        /// The problems already told, so a render does not tell them again.
        var told: Set<String> = []
        /// The last view and what it was made from.
        var view: (generations: [Int], toolRevision: Int, streaming: Bool, node: UINode?)?
        /// How many app components the last view knew.
        var components = -1
        /// What its views' builders call (made with its first view).
        var hooks: ViewHooks?
        /// Leaves a document older than the one read, arriving later.
        var order = AIUIDocumentOrderGate()
    }

    /// What a reply's views ask of the host and of the tool calls, made once per reply: the closures the
    /// builder calls read the view's context from here, so a view makes no closures of its own.
    private final class ViewHooks {
        // Used under the engine's lock, by the view being made: the runtime's exclusivity checks are left out.
        /// The context of the view being made.
        @exclusivity(unchecked) var context: AIUIContext
        /// The host's pass of the view being made (read at every node made, without copying the context).
        @exclusivity(unchecked) var pass: AIUIRenderPass?
        /// The tool calls of functions outside the catalog, as the view began.
        @exclusivity(unchecked) var known: [String: ToolCall] = [:]
        /// The calls the view asked for.
        @exclusivity(unchecked) var requests: [ToolRequest] = []
        /// The host's tool names, asked for when a view first calls a function outside the catalog.
        @exclusivity(unchecked) var tools: Set<String>?
        private(set) var host = A2UIIRBuilder.Host(appComponent: { _ in nil }, appNode: { _, id, _ in UINode(id: id, type: "") },
                                                   mediaURL: { _ in nil })
        private(set) var external: (String, JSONObject) -> Result<JSONValue, A2UIProblem> = { _, _ in .success(.null) }

        init(context: AIUIContext, renderer: A2UIRenderer) {
            self.context = context
            host = A2UIIRBuilder.Host(
                appComponent: { [unowned self, renderer] name in
                    guard !renderer.catalog.components.contains(name) else { return nil }
                    return self.context.component(named: name)
                },
                appNode: { [unowned self] definition, id, arguments in self.context.componentNode(definition, id: id, arguments: arguments) },
                mediaURL: { [unowned self, renderer] url in renderer.mediaURL(url).flatMap { self.context.mediaURL($0) } },
                finish: { [unowned self] node, entrance in self.pass?.finish(&node, entrance: entrance) })
            external = { [unowned self] name, arguments in
                let key = name + "\u{0}" + JSONSerializer.string(.object(arguments))
                switch known[key] {
                case .done(let result)?: return result
                case .running?: return .success(.null)
                case nil:
                    if tools == nil { tools = Set(self.context.tools.map(\.name)) }
                    guard tools?.contains(name) == true else { return .failure(A2UIEngine.noSuchFunction(name)) }
                    requests.append((key, name, arguments))
                    return .success(.null)
                }
            }
        }

        /// Readies it for a view with `context` and the tool calls `known`.
        func begin(_ context: AIUIContext, known: [String: ToolCall]) {
            self.context = context
            pass = context.pass
            self.known = known
            requests = []
            tools = nil
        }
    }

    /// A function the catalog lacks, run as one of the host's tools.
    private enum ToolCall {
        case running
        case done(Result<JSONValue, A2UIProblem>)
    }

    private struct State {
        var store: A2UISurfaceStore
        /// Each surface's nodes as last made, by surface id.
        var caches: [String: A2UIViewCache] = [:]
        var replies: [String: Reply] = [:]
        var toolCalls: [String: ToolCall] = [:]
        var toolCallOrder: [String] = []
        /// Counts tool results arrived, so views made before them are made again.
        var toolRevision = 0

        /// The view cache of a surface (made the first time).
        mutating func cache(of surfaceID: String) -> A2UIViewCache {
            if let cache = caches[surfaceID] { return cache }
            let cache = A2UIViewCache()
            caches[surfaceID] = cache
            return cache
        }
    }

    /// The most tool results kept (the oldest go first).
    static let maxToolResults = 256

    private let state: Mutex<State>

    init(renderer: A2UIRenderer) {
        self.renderer = renderer
        state = Mutex(State(store: A2UISurfaceStore(catalog: renderer.catalog, knownCatalogs: renderer.knownCatalogs)))
    }

    // MARK: Messages

    func receive(_ document: AIUIDocument, context: AIUIContext) {
        let (problems, others) = state.withLock { s -> ([A2UIProblem], [AIUIContext]) in
            // The reply's state is changed in place (a copy per message would copy its last view too).
            let reply = s.replies[context.messageID] ?? Reply()
            s.replies[context.messageID] = reply
            guard reply.order.takes(context) else { return ([], []) }
            reply.context = context
            let (items, restarted) = reply.stream.advance(document.content, complete: !document.isStreaming)
            if restarted {
                // The agent rewrote the reply: its surfaces start over from the new text.
                for surface in s.store.owned(by: context.messageID) { s.store[surface.id] = nil }
                reply.told = []
            }
            var problems: [A2UIProblem] = []
            var touched = Set<String>()
            var deleted = restarted
            for item in items {
                switch item {
                case .problem(let p): problems.append(p)
                case .message(let json, let line):
                    switch A2UIMessageDecoder.decode(json) {
                    case .failure(var p):
                        p.line = line
                        problems.append(p)
                    case .success(let decoded):
                        for w in decoded.warnings { problems.append(A2UIProblem("WARNING", w, line: line)) }
                        if case .deleteSurface = decoded.message { deleted = true }
                        do throws(A2UIProblem) {
                            // Another reply's surface changed: that reply renders again.
                            if let owner = try s.store.apply(decoded.message, from: context.messageID), owner != context.messageID {
                                touched.insert(owner)
                            }
                        } catch {
                            var p = error
                            p.line = line
                            problems.append(p)
                        }
                    }
                }
            }
            // The nodes of surfaces deleted go with them.
            if deleted { for id in s.caches.keys where !s.store.contains(id) { s.caches[id] = nil } }
            return (problems, touched.compactMap { s.replies[$0]?.context })
        }
        for p in problems { context.report("a2ui " + p.description) }
        for other in others { other.setNeedsRender() }
    }

    // MARK: Views

    /// A function call outside the catalog that a view asked for.
    typealias ToolRequest = (key: String, name: String, arguments: JSONObject)

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        let (node, problems, requests) = state.withLock { s -> (UINode?, [A2UIProblem], [ToolRequest]) in
            guard let reply = s.replies[context.messageID] else { return (nil, [], []) }
            var surfaces = s.store.owned(by: context.messageID)
            // Unchanged: the same surfaces, none changed since the last view, no new tool result. The surfaces'
            // generations are compared where they lie, and listed again only when they differ (they seldom do).
            let sameSurfaces = reply.view?.generations.elementsEqual(surfaces.lazy.map(\.generation)) ?? false
            if sameSurfaces, let view = reply.view, view.toolRevision == s.toolRevision, view.streaming == document.isStreaming,
               surfaces.allSatisfy({ $0.changes.isEmpty }) {
                return (view.node, [], [])
            }
            let generations = sameSurfaces ? reply.view!.generations : surfaces.map(\.generation)
            let (lastView, lastComponents) = (reply.view.map { (toolRevision: $0.toolRevision, streaming: $0.streaming) }, reply.components)
            // The last tree is let go before the new one is made: a caller that let go of it too leaves the kept
            // nodes theirs alone, and they are changed in place instead of copied.
            reply.view?.node = nil
            let hooks = reply.hooks ?? ViewHooks(context: context, renderer: renderer)
            reply.hooks = hooks
            hooks.begin(context, known: s.toolCalls)
            var problems: [A2UIProblem] = []
            var nodes: [UINode] = []
            // Anything that every node may read changed: the reply's state, the tools' results, the app's components.
            // A reply that only completed remakes the nodes whose making depends on that (the cache knows them).
            let sameInputs = lastView?.toolRevision == s.toolRevision && lastComponents == context.components.count
            let completed = sameInputs && lastView?.streaming == true && !document.isStreaming
            let everything = !sameInputs || (lastView?.streaming == false && document.isStreaming)
            // Each surface is moved out of the list into its builder (not copied), and the builder is gone before the
            // store's surface forgets its changes: that storage is then the store's alone and is cleared in place.
            surfaces.reverse()
            while let surface = surfaces.popLast() {
                let (id, first) = (surface.id, nodes.isEmpty)
                var changes = surface.changes
                let cache = s.cache(of: id)
                // (After a view that ran out of the node budget, its kept nodes are cut short: see `isOverBudget`.)
                if everything || cache.wasOverBudget { changes.all = true }
                if completed { changes.completed = true }
                func makeBuilder(_ surface: consuming A2UISurface, _ changes: consuming A2UIChanges) -> A2UIIRBuilder {
                    let evaluator = A2UIEvaluator(surfaceID: id, model: surface.dataModel, knownCatalogs: renderer.knownCatalogs,
                                                  pointers: cache.pointers, external: hooks.external)
                    return A2UIIRBuilder(surface: surface, catalog: renderer.catalog, idPrefix: first ? "" : id + ":",
                                         isComplete: !document.isStreaming, host: hooks.host, evaluator: evaluator,
                                         cache: cache, changes: changes)
                }
                do {
                    var builder = makeBuilder(consume surface, consume changes)
                    let refusedBefore = hooks.pass?.refused.count ?? 0
                    var node = builder.build()
                    if builder.isOverBudget && builder.takesKeptNodes {
                        // Made again without them, as a fresh view makes it (what the first making withheld is told once).
                        hooks.pass?.refused.removeSubrange(refusedBefore...)
                        builder = makeBuilder(builder.surface, A2UIChanges(all: true))
                        node = builder.build()
                    }
                    cache.wasOverBudget = builder.isOverBudget
                    nodes.append(node)
                    problems += builder.problems
                }
                s.store.clearChanges(of: id)
            }
            reply.components = context.components.count
            var node = nodes.first
            if nodes.count > 1 {
                var all = UINode(id: "surfaces", type: "surfaces", children: nodes)
                hooks.host.finish(&all, nil)
                node = all
            }
            let requests = hooks.requests
            hooks.requests = []
            for request in requests where s.toolCalls[request.key] == nil {
                s.toolCalls[request.key] = .running
                s.toolCallOrder.append(request.key)
            }
            while s.toolCallOrder.count > Self.maxToolResults { s.toolCalls[s.toolCallOrder.removeFirst()] = nil }
            // While the reply streams, a function's failure may be data still to come: it is told once the reply is complete.
            let fresh = problems.filter { p in
                !(document.isStreaming && p.code == A2UIProblem.Code.functionFailed) && reply.told.insert(p.description).inserted
            }
            reply.view = (generations, s.toolRevision, document.isStreaming, node)
            return (node, fresh, requests)
        }
        for p in problems { context.report("a2ui " + p.description) }
        var started = Set<String>()
        for request in requests where started.insert(request.key).inserted { start(request, context: context) }
        return node
    }

    /// Runs a function as a tool (under the read-only policy: the UI asked, not the user); its result renders the reply again.
    private func start(_ request: ToolRequest, context: AIUIContext) {
        context.runTool(request.name, arguments: request.arguments, userInitiated: false) { [weak self] result in
            guard let self else { return }
            let value = Self.value(of: result, function: request.name)
            state.withLock { s in
                s.toolCalls[request.key] = .done(value)
                s.toolRevision += 1
            }
            context.setNeedsRender()
        }
    }

    /// A function neither the catalog nor any of the app's tools has.
    static func noSuchFunction(_ name: String) -> A2UIProblem {
        A2UIProblem(A2UIProblem.Code.functionFailed, "the function \(name) is not in the catalog and no tool of the app provides it")
    }

    /// A tool's result as a function's value: its only member's value, else the whole object.
    static func value(of result: AIToolResult, function: String) -> Result<JSONValue, A2UIProblem> {
        switch result {
        case .completed(let output, _): return .success(output.count == 1 ? output.values[0] : .object(output))
        case .failed(let reason): return .failure(A2UIProblem(A2UIProblem.Code.functionFailed, "the function \(function) (a tool) failed: \(reason)"))
        }
    }

    // MARK: Events

    func input(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> Bool {
        state.withLock { s in
            guard let ref = ref(node.id, in: s, messageID: context.messageID) else { return false }
            let taken = try? s.store.modify(ref.surfaceID) { (surface) throws(A2UIProblem) -> Bool in take(event, ref, &surface, context) }
            return taken == true
        }
    }

    /// What a node of a reply's last view stands for.
    private func ref(_ nodeID: String, in s: State, messageID: String) -> A2UINodeRef? {
        for surface in s.store.owned(by: messageID) { if let ref = s.caches[surface.id]?.kept(nodeID)?.ref { return ref } }
        return nil
    }

    /// Puts an input's new value where it belongs: the bound path, the tab, what the user entered.
    private func take(_ event: AIUIEvent, _ ref: A2UINodeRef, _ surface: inout A2UISurface, _ context: AIUIContext) -> Bool {
        let value = event.value ?? .null
        switch ref.type {
        case "Tabs" where event.name == "select":
            let count = surface.components[ref.componentID]?.properties["tabs"]?.arrayValue?.count ?? 0
            surface.selectedTabs[ref.nodeID] = min(max(A2UICoercion.int(value), 0), max(count - 1, 0))
            surface.changes.nodes.insert(ref.nodeID)
            return true
        case "ChoicePicker":
            var chosen = A2UICoercion.strings(ref.binding.flatMap { surface.dataModel.value(at: $0) } ?? surface.inputValues[ref.nodeID])
            if event.name == "select" {
                let option = A2UICoercion.string(value)
                let multiple = surface.components[ref.componentID]?.properties["variant"]?.stringValue == "multipleSelection"
                if multiple { if let i = chosen.firstIndex(of: option) { chosen.remove(at: i) } else { chosen.append(option) } } else { chosen = [option] }
            } else {
                chosen = A2UICoercion.strings(value)
            }
            return write(.array(chosen.map(JSONValue.string)), ref, &surface, context)
        case "TextField", "DateTimeInput": return write(.string(A2UICoercion.string(value)), ref, &surface, context)
        case "CheckBox": return write(.bool(A2UICoercion.bool(value)), ref, &surface, context)
        case "Slider": return write(A2UICoercion.json(A2UICoercion.double(value)), ref, &surface, context)
        default: return false
        }
    }

    /// Two-way binding: the user's value goes to the bound path of the surface's data model.
    private func write(_ value: JSONValue, _ ref: A2UINodeRef, _ surface: inout A2UISurface, _ context: AIUIContext) -> Bool {
        guard let pointer = ref.binding else {
            // Not bound: the input keeps what the user entered itself.
            surface.inputValues[ref.nodeID] = value
            surface.changes.nodes.insert(ref.nodeID)
            return true
        }
        do {
            try surface.dataModel.set(value, at: pointer)
            surface.changes.changed(path: pointer)
            return true
        } catch {
            context.report("a2ui the value of \(ref.componentID) can't be kept at \(pointer): \(error)")
            return false
        }
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        let found = state.withLock { s -> (A2UINodeRef, A2UISurface)? in
            guard let ref = ref(node.id, in: s, messageID: context.messageID), let surface = s.store[ref.surfaceID] else { return nil }
            if ref.type == "Modal", event.name == "open" || event.name == "close" {
                _ = try? s.store.modify(ref.surfaceID) { (surface) throws(A2UIProblem) in
                    if event.name == "open" { surface.openModals.insert(node.id) } else { surface.openModals.remove(node.id) }
                    surface.changes.nodes.insert(node.id)
                }
                return nil
            }
            return (ref, surface)
        }
        guard let (ref, surface) = found, ref.type == "Button", event.name == "tap",
              node.props["disabled"] != .bool(true), let action = surface.components[ref.componentID]?.properties["action"] else { return [] }
        var evaluator = A2UIEvaluator(surfaceID: surface.id, model: surface.dataModel, knownCatalogs: renderer.knownCatalogs) { name, arguments in
            // A tap may run any tool the app has (the user asked for it); a name no tool has is the one problem a view
            // reports, not a run that fails.
            guard context.tools.contains(where: { $0.name == name }) else { return .failure(Self.noSuchFunction(name)) }
            return Self.value(of: context.runTool(name, arguments: arguments, userInitiated: true), function: name)
        }
        defer { for p in evaluator.problems { context.report("a2ui " + p.description) } }
        if case .object(let spec)? = action["event"], let name = spec["name"]?.stringValue {
            var payload = JSONObject()
            for (key, value) in spec["context"]?.objectValue ?? JSONObject() { payload[key] = evaluator.resolve(value, ref.scope) }
            if let message = spec["userMessage"] { payload["userMessage"] = .string(A2UICoercion.string(evaluator.resolve(message, ref.scope))) }
            if surface.sendDataModel {
                payload["a2uiRendererDataModel"] = ["version": "v1.0", "surfaces": .object(JSONObject([(surface.id, surface.dataModel)]))]
            }
            let label = event.label ?? node.props["label"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? name
            return [AIUIAction(messageID: context.messageID, format: renderer.format, name: name, label: label, payload: .object(payload))]
        }
        if let call = action["functionCall"], case .call(let name, let arguments, _) = A2UIDynamic(call) {
            if name == "openUrl" {
                let url = A2UICoercion.string(evaluator.resolve(arguments["url"], ref.scope))
                if !context.open(url) { context.report("a2ui the link \(url) was not opened (the link policy refused it)") }
            } else {
                _ = evaluator.call(name, arguments, catalogID: nil, ref.scope, depth: 1)
            }
        }
        return []
    }

    func remove(messageID: String) {
        state.withLock { s in
            for surface in s.store.owned(by: messageID) {
                s.store[surface.id] = nil
                s.caches[surface.id] = nil
            }
            s.replies[messageID] = nil
        }
    }

    // MARK: For tests and tools

    /// A surface as it stands, by id (nil when there is no such surface).
    func surface(_ id: String) -> A2UISurface? { state.withLock { $0.store[id] } }
}
