import Dispatch
import Synchronization

/// The generative UI of one conversation: its renderers (asked in order),
/// the app's components and tools, and the callbacks that send the user's
/// actions, open links and report problems.
///
/// Hand it each reply's custom data as it arrives (oldest first, also for
/// replies not on screen), render a reply to UI IR when it shows, deliver the
/// user's events, and forget a reply when it leaves. Each reply keeps its own
/// UI state (form values, variables) for as long as the host lives.
///
/// Safety rules: a read-only tool (`readOnlyHint`) runs whenever the UI asks,
/// any other only from a user's tap; links open only for the allowed schemes
/// (http, https, mailto by default); media load only through the media policy
/// (http and https by default); password values never leave in an action.
public final class AIUIHost: Sendable {
    /// What the host allows.
    public struct Configuration: Sendable {
        /// The app's own instructions for the model, ahead of each format's.
        public var instructions: String?
        /// The URL schemes links may open.
        public var linkSchemes: Set<String> = ["http", "https", "mailto"]
        /// The URL schemes media may load from.
        public var mediaSchemes: Set<String> = ["http", "https"]
        /// How long a tool may take when the UI runs it.
        public var toolTimeoutMs = 30_000

        public init(instructions: String? = nil) { self.instructions = instructions }

        /// Reads `{"instructions", "link_schemes", "media_schemes", "tool_timeout_ms"}`.
        public init(json: JSONValue) throws(StreamChatAIError) {
            guard case .object(let o) = json else { throw .invalid(at: "$", "the host config must be an object, found \(json.typeName)") }
            let known = ["instructions", "link_schemes", "media_schemes", "tool_timeout_ms"]
            for key in o.keys where !known.contains(key) {
                throw .invalid(at: JSONPath.appending(key: key, to: "$"), "unknown setting; known: \(known.joined(separator: ", "))")
            }
            self.init(instructions: o["instructions"]?.stringValue)
            func schemes(_ key: String) throws(StreamChatAIError) -> Set<String>? {
                guard let value = o[key] else { return nil }
                guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw .invalid(at: "$.\(key)", "expected an array of URL schemes")
                }
                return Set(list.compactMap { $0.stringValue?.lowercased() })
            }
            if let links = try schemes("link_schemes") { linkSchemes = links }
            if let media = try schemes("media_schemes") { mediaSchemes = media }
            if case .integer(let ms)? = o["tool_timeout_ms"], ms >= 1 { toolTimeoutMs = Int(ms) }
        }
    }

    /// Sends an action as the user's next message; returns true when sent.
    public typealias Send = @Sendable (AIUIAction) -> Bool
    /// Opens an allowed link; returns true when it opened.
    public typealias Open = @Sendable (String) -> Bool
    /// Gets a problem with a reply's UI (the reply's id, or nil for the host's own setup).
    public typealias OnError = @Sendable (String?, String) -> Void

    struct Reply {
        var document: AIUIDocument
        var renderer: Int?
        var tree: UINode?
        var entrances: [String: Int] = [:]
        var lastEntrance = -1
        /// The document the tree was rendered from: an unchanged document is not rendered again.
        var renderedDocument: AIUIDocument?
        var state = JSONObject()
        var secureKeys = Set<String>()
        var queue: [AIUIAction] = []
    }

    struct State {
        var renderers: [(renderer: any AIUIRenderer, engine: any AIUIEngine)] = []
        var components: [AIUIComponentDefinition] = []
        var tools: [String: AIClientTool] = [:]
        var replies: [String: Reply] = [:]
        var send: Send?
        var open: Open?
        var onError: OnError?
    }

    public let configuration: Configuration
    private let state = Mutex(State())
    private let mediaPolicy: (@Sendable (String) -> String?)?

    /// A host; `mediaURL` replaces the media policy (return nil not to load).
    public init(configuration: Configuration = Configuration(), renderers: [any AIUIRenderer] = [],
                components: [AIUIComponentDefinition] = [], tools: [AIClientTool] = [],
                mediaURL: (@Sendable (String) -> String?)? = nil,
                send: Send? = nil, open: Open? = nil, onError: OnError? = nil) {
        self.configuration = configuration
        mediaPolicy = mediaURL
        state.withLock { s in
            s.send = send
            s.open = open
            s.onError = onError
        }
        for renderer in renderers { add(renderer: renderer) }
        for component in components { add(component: component) }
        for tool in tools { add(tool: tool) }
    }

    // MARK: Setup

    /// Adds a renderer after the others (asked last).
    public func add(renderer: any AIUIRenderer) {
        let engine = renderer.makeEngine()
        state.withLock { $0.renderers.append((renderer, engine)) }
        for component in components where renderer.ownComponents.contains(component.name) || renderer.ownComponents.contains(component.pascalCaseName) {
            report("the component \(component.name) is named like one of \(renderer.format)'s own, so \(renderer.format) leaves it out", messageID: nil)
        }
    }

    /// Discovers the plugins in `directory` (manifests only) and adds the
    /// renderers they provide, after the others; returns the load report
    /// (see ``AIClientToolRunner/loadPlugins(directory:registry:)``).
    public func loadPlugins(directory: String, registry: PluginRegistry = .shared) throws(StreamChatAIError) -> JSONValue {
        let entries: [PluginRegistry.Entry]
        do {
            entries = try registry.discover(directory: directory)
        } catch {
            throw StreamChatAIError(.notFound, error.description)
        }
        for plugin in entries.compactMap(\.plugin) {
            for renderer in plugin.folder.manifest.renderers {
                if let adapter = PluginRenderer(plugin: plugin, format: renderer.format) { add(renderer: adapter) }
            }
        }
        return ["directory": .string(directory), "plugins": .array(entries.map(\.jsonValue))]
    }

    /// Adds an app component; one named like a format's own is left out of that format (and reported).
    @discardableResult
    public func add(component: AIUIComponentDefinition) -> Bool {
        let (added, clashes) = state.withLock { s -> (Bool, [String]) in
            guard !s.components.contains(where: { $0.name == component.name }) else { return (false, []) }
            s.components.append(component)
            return (true, s.renderers.map(\.renderer).filter { $0.ownComponents.contains(component.name) || $0.ownComponents.contains(component.pascalCaseName) }.map(\.format))
        }
        for format in clashes {
            report("the component \(component.name) is named like one of \(format)'s own, so \(format) leaves it out", messageID: nil)
        }
        return added
    }

    /// Adds a tool the UI may run; the first tool of a name wins.
    @discardableResult
    public func add(tool: AIClientTool) -> Bool {
        state.withLock { s in
            guard s.tools[tool.name] == nil else { return false }
            s.tools[tool.name] = tool
            return true
        }
    }

    /// Sets the callbacks.
    public func setCallbacks(send: Send?, open: Open?, onError: OnError?) {
        state.withLock { s in
            s.send = send
            s.open = open
            s.onError = onError
        }
    }

    /// The app components, in the order added.
    public var components: [AIUIComponentDefinition] { state.withLock { $0.components } }

    /// The tools' definitions, sorted by name.
    public var tools: [AIToolDefinition] { state.withLock { $0.tools.values.map(\.definition) }.sorted { $0.name < $1.name } }

    private func context(for renderer: any AIUIRenderer, messageID: String, streaming: Bool, toolRuns: ToolRunLog? = nil) -> AIUIContext {
        let own = Set(renderer.ownComponents)
        return AIUIContext(host: self, toolRuns: toolRuns,
                           components: components.filter { !own.contains($0.name) && !own.contains($0.pascalCaseName) },
                           isStreaming: streaming, messageID: messageID)
    }

    // MARK: Replies

    /// Takes a reply's custom data. Returns why it has no UI, when it has none.
    @discardableResult
    public func receive(messageID: String, customData: JSONValue) -> AIUIDocument.NoUI? {
        switch AIUIDocument.read(customData: customData) {
        case .failure(let reason):
            let hadUI = state.withLock { $0.replies.removeValue(forKey: messageID) != nil }
            if hadUI { removeFromEngines(messageID) }
            return reason
        case .success(let document):
            return receive(messageID: messageID, document: document)
        }
    }

    /// Takes a reply's document. Returns why it can't show, when no renderer reads it.
    @discardableResult
    public func receive(messageID: String, document: AIUIDocument) -> AIUIDocument.NoUI? {
        let renderers = state.withLock { $0.renderers }
        let index = renderers.firstIndex { $0.renderer.format == document.format && $0.renderer.supports(version: document.version) }
        state.withLock { s in
            var reply = s.replies[messageID] ?? Reply(document: document)
            reply.document = document
            reply.renderer = index
            s.replies[messageID] = reply
        }
        guard let index else {
            return AIUIDocument.NoUI("no renderer reads \(document.format)\(document.version.map { " \($0)" } ?? ""); the reply shows its text")
        }
        let (renderer, engine) = renderers[index]
        engine.receive(document, messageID: messageID, context: context(for: renderer, messageID: messageID, streaming: document.isStreaming))
        return nil
    }

    /// The reply's UI as `{"ir": 1, "message_id", "format", "streaming", "root"}`, or nil to show its text.
    public func render(messageID: String) -> JSONValue? {
        guard let (document, renderer, engine) = rendererOf(messageID) else { return nil }
        if let cached = state.withLock({ s -> UINode? in
            guard let reply = s.replies[messageID], reply.renderedDocument == document else { return nil }
            return reply.tree
        }) {
            return Self.renderJSON(cached, messageID: messageID, document: document)
        }
        guard var root = engine.view(for: document, messageID: messageID, context: context(for: renderer, messageID: messageID, streaming: document.isStreaming)) else {
            return nil
        }
        applyMediaPolicy(&root, messageID: messageID)
        state.withLock { s in
            guard var reply = s.replies[messageID] else { return }
            // Nodes seen before keep their entrance; the ones this render brings enter together, next.
            var next = reply.lastEntrance + 1
            var fresh = false
            Self.assignEntrances(&root, known: &reply.entrances, next: next, fresh: &fresh)
            if fresh { reply.lastEntrance = next } else { next = reply.lastEntrance }
            reply.secureKeys.formUnion(Self.secureKeys(in: root))
            reply.tree = root
            reply.renderedDocument = document
            s.replies[messageID] = reply
        }
        return Self.renderJSON(root, messageID: messageID, document: document)
    }

    private static func renderJSON(_ root: UINode, messageID: String, document: AIUIDocument) -> JSONValue {
        .object(JSONObject([
            ("ir", .integer(Int64(UITree.version))), ("message_id", .string(messageID)), ("format", .string(document.format)),
            ("streaming", .bool(document.isStreaming)), ("root", root.jsonValue),
        ]))
    }

    /// The props that name a medium to load; the media policy decides each one.
    public static let mediaProps: Set<String> = ["image", "image_url", "video", "video_url", "audio", "audio_url", "src", "media_url"]

    /// Puts every media prop through the media policy: a URL it refuses is
    /// removed (and reported), so a front end never loads it.
    private func applyMediaPolicy(_ node: inout UINode, messageID: String) {
        for key in Self.mediaProps {
            guard let value = node.props[key] else { continue }
            if let url = value.stringValue, let allowed = mediaURL(url) {
                node.props[key] = .string(allowed)
            } else {
                node.props[key] = nil
                report("the media \(key) of \(node.id) was not loaded: the media policy refused \(value)", messageID: messageID)
            }
        }
        for i in node.children.indices { applyMediaPolicy(&node.children[i], messageID: messageID) }
    }

    private static func assignEntrances(_ node: inout UINode, known: inout [String: Int], next: Int, fresh: inout Bool) {
        if let seen = known[node.id] {
            node.entrance = seen
        } else {
            node.entrance = next
            known[node.id] = next
            fresh = true
        }
        for i in node.children.indices { assignEntrances(&node.children[i], known: &known, next: next, fresh: &fresh) }
    }

    static func isSecure(_ node: UINode) -> Bool {
        node.props["secure"] == .bool(true) || node.props["input_type"] == "password" || node.type.lowercased().contains("password")
    }

    private static func secureKeys(in node: UINode) -> Set<String> {
        var keys = Set<String>()
        if isSecure(node) { keys.formUnion(node.bindings.values.compactMap(\.stringValue)) }
        for child in node.children { keys.formUnion(secureKeys(in: child)) }
        return keys
    }

    private func rendererOf(_ messageID: String) -> (AIUIDocument, any AIUIRenderer, any AIUIEngine)? {
        state.withLock { s in
            guard let reply = s.replies[messageID], let index = reply.renderer else { return nil }
            return (reply.document, s.renderers[index].renderer, s.renderers[index].engine)
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

    // MARK: State

    /// A reply's UI state.
    public func state(_ messageID: String) -> JSONObject { state.withLock { $0.replies[messageID]?.state ?? JSONObject() } }

    func setState(_ key: String, _ value: JSONValue, messageID: String) {
        state.withLock { s in s.replies[messageID]?.state[key] = value }
    }

    // MARK: Events and actions

    /// The outcome of a user's event.
    public struct EventOutcome: Sendable {
        /// The actions the event produced (already handed to `send`, in order).
        public var actions: [AIUIAction]
        /// The actions still waiting because `send` failed; they go first next time.
        public var unsent: Int
        /// The reply's UI state after the event.
        public var state: JSONObject
        /// The tools the event ran (from a tap, so under the user-initiated policy), with their results.
        public var toolRuns: [(tool: String, result: AIToolResult)] = []

        public var jsonValue: JSONValue {
            ["actions": .array(actions.map(\.jsonValue)), "unsent": .integer(Int64(unsent)), "state": .object(state),
             "tool_runs": .array(toolRuns.map { ["tool": .string($0.tool), "result": $0.result.jsonValue(callID: $0.tool)] })]
        }
    }

    /// Delivers a user's event on a node of a rendered reply: a `change` of a
    /// bound input updates the reply's state; an app component's event becomes
    /// an action; anything else goes to the format's engine.
    public func handle(_ event: AIUIEvent, messageID: String) throws(StreamChatAIError) -> EventOutcome {
        guard let (document, renderer, engine) = rendererOf(messageID) else {
            throw StreamChatAIError(.notFound, "no rendered UI for the reply \(messageID)")
        }
        guard let node = state.withLock({ $0.replies[messageID]?.tree }).flatMap({ Self.find(event.nodeID, in: $0) }) else {
            throw StreamChatAIError(.notFound, "the reply \(messageID) has no node \(event.nodeID) (render it first)")
        }
        var actions: [AIUIAction] = []
        let toolRuns = ToolRunLog()
        if event.name == "change", let key = node.bindings["value"]?.stringValue {
            setState(key, event.value ?? .null, messageID: messageID)
        } else if let component = components.first(where: { $0.name == node.type }), node.events.contains(event.name) {
            var payload: [(String, JSONValue)] = [("component", .string(component.name)), ("node_id", .string(node.id))]
            if let value = event.value { payload.append(("value", value)) }
            actions = [AIUIAction(messageID: messageID, format: document.format, name: event.name,
                                  label: event.label ?? Self.visibleText(node) ?? event.name, payload: .object(JSONObject(payload)))]
        } else if node.events.contains(event.name) {
            actions = engine.handle(event, on: node, messageID: messageID,
                                    context: context(for: renderer, messageID: messageID, streaming: document.isStreaming, toolRuns: toolRuns))
        } else {
            throw StreamChatAIError(.invalidArgument, "the node \(event.nodeID) raises no \(event.name) event (it raises: \(node.events.joined(separator: ", ")))")
        }
        var outcome = enqueue(actions, messageID: messageID)
        outcome.toolRuns = toolRuns.all.map { (tool: $0.0, result: $0.1) }
        return outcome
    }

    /// Sends the actions still waiting for a reply (after `send` failed).
    public func retryActions(messageID: String) -> EventOutcome { enqueue([], messageID: messageID) }

    private func enqueue(_ actions: [AIUIAction], messageID: String) -> EventOutcome {
        let (cleaned, queue, send) = state.withLock { s -> ([AIUIAction], [AIUIAction], Send?) in
            guard var reply = s.replies[messageID] else { return ([], [], s.send) }
            let cleaned = actions.map { action in
                var clean = action
                clean.payload = Self.scrub(action.payload, reply.secureKeys)
                return clean
            }
            reply.queue += cleaned
            s.replies[messageID] = reply
            return (cleaned, reply.queue, s.send)
        }
        // One after another, in order: a failed send keeps it and everything after it waiting.
        var sent = 0
        if let send {
            for action in queue {
                guard send(action) else { break }
                sent += 1
            }
        }
        return state.withLock { s in
            guard var reply = s.replies[messageID] else { return EventOutcome(actions: cleaned, unsent: 0, state: JSONObject()) }
            reply.queue.removeFirst(min(sent, reply.queue.count))
            s.replies[messageID] = reply
            return EventOutcome(actions: cleaned, unsent: reply.queue.count,
                                state: Self.scrub(.object(reply.state), reply.secureKeys).objectValue ?? JSONObject())
        }
    }

    /// The reply's form values for an action's payload, without password values.
    public func formValues(messageID: String) -> JSONObject {
        state.withLock { s in
            guard let reply = s.replies[messageID] else { return JSONObject() }
            return Self.scrub(.object(reply.state), reply.secureKeys).objectValue ?? JSONObject()
        }
    }

    static func scrub(_ value: JSONValue, _ secure: Set<String>) -> JSONValue {
        guard !secure.isEmpty else { return value }
        switch value {
        case .object(let o): return .object(JSONObject(o.filter { !secure.contains($0.key) }.map { ($0.key, scrub($0.value, secure)) }))
        case .array(let a): return .array(a.map { scrub($0, secure) })
        default: return value
        }
    }

    static func find(_ id: String, in node: UINode) -> UINode? {
        if node.id == id { return node }
        for child in node.children { if let hit = find(id, in: child) { return hit } }
        return nil
    }

    /// The text a user sees on a node: its label, title or text.
    static func visibleText(_ node: UINode) -> String? {
        for key in ["label", "title", "text"] { if let s = node.props[key]?.stringValue, !s.isEmpty { return s } }
        return nil
    }

    // MARK: Tools, links, media, problems

    /// Runs one of the host's tools and waits for its result. A read-only tool
    /// runs whenever the UI asks; any other only when the user initiated it.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool) -> AIToolResult {
        guard let tool = state.withLock({ $0.tools[name] }) else {
            return .failed(reason: "This app has no tool named \"\(name)\".")
        }
        guard tool.definition.isReadOnly || userInitiated else {
            return .failed(reason: "The tool \"\(name)\" changes things, so it runs only when the user taps something that runs it.")
        }
        let problems = tool.definition.validate(arguments: .object(arguments))
        guard problems.isEmpty else {
            return .failed(reason: "Invalid arguments for \"\(name)\": " + problems.prefix(5).map(\.description).joined(separator: "; "))
        }
        let result = Mutex<AIToolResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        let call = AIClientToolInvocation(toolName: name, arguments: arguments).call(id: "ui-" + RandomUUID.string())
        tool.handler(call, AIToolCompletion(deliver: { value in
            let first = result.withLock { r -> Bool in
                guard r == nil else { return false }
                r = value
                return true
            }
            if first { done.signal() }
            return first
        }))
        if done.wait(timeout: .now() + .milliseconds(configuration.toolTimeoutMs)) == .timedOut {
            return .failed(reason: "The tool \"\(name)\" did not finish within \(configuration.toolTimeoutMs) ms.")
        }
        let value = result.withLock { $0 }!
        if case .completed(let output, let summary) = value { return .checked(output: output, summary: summary) }
        return value
    }

    /// Opens a link of a reply's UI through the open callback, when its scheme is allowed.
    @discardableResult
    public func open(_ url: String) -> Bool {
        guard let scheme = WebURL.scheme(of: url), configuration.linkSchemes.contains(scheme),
              !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return false }
        return state.withLock { $0.open }?(url) ?? false
    }

    /// The URL a medium loads from, or nil not to load it.
    public func mediaURL(_ url: String) -> String? {
        if let mediaPolicy { return mediaPolicy(url) }
        guard let scheme = WebURL.scheme(of: url), configuration.mediaSchemes.contains(scheme),
              scheme != "http" && scheme != "https" || WebURL.isHTTPWithHost(url)
        else { return nil }
        return url
    }

    func report(_ problem: String, messageID: String?) {
        state.withLock { $0.onError }?(messageID, problem)
    }

    // MARK: Capabilities

    /// What the agent's backend needs: `{"v": 1, "renderers": [{"format",
    /// "fence", "versions"?, "instructions"}], "components": [...]}`. Each
    /// renderer's instructions are the app's, then the format's own, written
    /// from its components, the app's and the host's tools.
    public var capabilities: JSONValue {
        let (renderers, components, tools) = state.withLock { s in
            (s.renderers.map(\.renderer), s.components, s.tools.values.map(\.definition).sorted { $0.name < $1.name })
        }
        var entries: [JSONValue] = []
        for renderer in renderers {
            let own = Set(renderer.ownComponents)
            let usable = components.filter { !own.contains($0.name) && !own.contains($0.pascalCaseName) }
            let instructions = [configuration.instructions, renderer.instructions(components: usable, tools: tools)]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
            entries.append(.object(JSONObject([
                ("format", .string(renderer.format)), ("fence", renderer.fence.map(JSONValue.string) ?? .null),
                ("instructions", .string(instructions)),
            ])))
        }
        return .object(JSONObject([
            ("v", 1), ("renderers", .array(entries)), ("components", .array(components.map(\.jsonValue))),
        ]))
    }

    /// The lines every format's instructions share about the app's components and tools.
    public static func describe(components: [AIUIComponentDefinition], tools: [AIToolDefinition], componentName: (AIUIComponentDefinition) -> String = { $0.name }) -> String {
        var lines: [String] = []
        if !components.isEmpty {
            lines.append("The app's own components:")
            for c in components {
                let parameters = c.parameterOrder.map { name -> String in
                    let required = c.parameters["required"]?.arrayValue?.contains(.string(name)) == true
                    let schema = c.parameters["properties"]?[name]
                    let type = schema?["format"]?.stringValue ?? schema?["type"]?.stringValue ?? "any"
                    return "\(name): \(type)\(required ? "" : "?")"
                }.joined(separator: ", ")
                var line = "- \(componentName(c))(\(parameters))"
                if let d = c.description { line += " — \(d)" }
                if !c.events.isEmpty { line += " Events: " + c.events.map { $0.name + ($0.description.map { " (\($0))" } ?? "") }.joined(separator: ", ") + "." }
                lines.append(line)
            }
        }
        if !tools.isEmpty {
            lines.append("Tools the UI can run on the device:")
            for t in tools {
                let policy = t.isReadOnly ? "read-only: runs whenever the UI asks" : "changes things: runs only when the user taps"
                lines.append("- \(t.name) (\(policy))\(t.description.map { " — \($0)" } ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension AIClientToolInvocation {
    init(toolName: String, arguments: JSONObject) {
        self.messageID = nil
        self.toolName = toolName
        self.arguments = arguments
    }
}
