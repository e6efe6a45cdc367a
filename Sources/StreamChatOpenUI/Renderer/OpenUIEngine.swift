import StreamChatAI
import Synchronization

/// OpenUI's engine for one conversation: a runtime per reply, fed each
/// version of the reply's text; Queries run the host's read-only tools once
/// the reply is complete, Mutations run on a tap, and results arriving later
/// make the reply render again. It keeps each reply's nodes between views and puts each node it makes through the
/// host's pass (``AIUINodeFinishingEngine``): a chunk costs the nodes it changed, with no second walk of the tree.
final class OpenUIEngine: AIUINodeFinishingEngine {
    private struct Reply {
        var runtime: OpenUIReply
        /// The problems last told to the host, so an unchanged list is not told again.
        var reported: [OpenUIError] = []
        /// Leaves a document older than the one read, arriving later.
        var order = AIUIDocumentOrderGate()
    }

    let library: OpenUILibrary
    let functions: [String: OpenUIFunction]
    /// Runs a Query's refresh when its interval has passed.
    let timer: OpenUIRenderer.Timer
    private let replies = Mutex<[String: Reply]>([:])

    init(library: OpenUILibrary, functions: [String: OpenUIFunction], timer: @escaping OpenUIRenderer.Timer) {
        self.library = library
        self.functions = functions
        self.timer = timer
    }

    func receive(_ document: AIUIDocument, context: AIUIContext) {
        guard case .string(let text) = document.content else {
            context.report("an openui document's content is program text, found \(document.content.typeName)")
            return
        }
        let calls = replies.withLock { all -> [OpenUIToolCall] in
            if all[context.messageID] == nil {
                let merged = library.adding(appComponents: context.components)
                all[context.messageID] = Reply(runtime: OpenUIReply(library: merged, functions: functions))
            }
            guard all[context.messageID]!.order.takes(context) else { return [] }
            return all[context.messageID]!.runtime.update(text: text, isStreaming: document.isStreaming)
        }
        run(calls, context: context)
    }

    /// Only the piece is read (``OpenUIReply/append(_:isStreaming:)``) when the reply's program has been read up to
    /// it. Two threads appending to one reply may reach here in the other order than their pieces went into the
    /// document: a piece whose document the reply has read past already came with a later one, and a reply that
    /// lacks an earlier piece reads the document whole.
    func receive(appended text: String, to document: AIUIDocument, context: AIUIContext) {
        guard case .string(let whole) = document.content else { return receive(document, context: context) }
        let calls = replies.withLock { all -> [OpenUIToolCall]? in
            guard let runtime = all[context.messageID]?.runtime else { return nil }
            guard all[context.messageID]!.order.takes(context) else { return [] }
            let read = runtime.textUTF8Count, size = whole.utf8.count
            if read + text.utf8.count == size { return runtime.append(text, isStreaming: document.isStreaming) }
            if read >= size { return [] }
            return runtime.update(text: whole, isStreaming: document.isStreaming)
        }
        guard let calls else { return receive(document, context: context) }
        run(calls, context: context)
    }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        let (root, problems) = replies.withLock { all -> (UINode?, [OpenUIError]) in
            guard let reply = all[context.messageID] else { return (nil, []) }
            let appNames = Dictionary(context.components.map { ($0.pascalCaseName, $0) }, uniquingKeysWith: { a, _ in a })
            let (root, result) = reply.runtime.render(appNode: { name, id, arguments in
                appNames[name].map { context.componentNode($0, id: id, arguments: arguments) }
            }, pass: context.pass)
            // The error list is told when it changed (spec §8.3), and only once the reply is complete.
            guard !reply.runtime.isStreaming, result.errors != reply.reported else { return (root, []) }
            let fresh = result.errors.filter { !reply.reported.contains($0) }
            all[context.messageID]?.reported = result.errors
            return (root, fresh)
        }
        for problem in problems { context.report("openui " + problem.description) }
        return root
    }

    func input(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> Bool {
        let calls = replies.withLock { all -> [OpenUIToolCall]? in
            all[context.messageID]?.runtime.input(nodeID: node.id, value: OpenUIValue(json: event.value ?? .null))
        }
        guard let calls else { return false }
        run(calls, context: context)
        return true
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        guard event.name == "tap" else { return [] }
        var activation = replies.withLock { $0[context.messageID]?.runtime.trigger(nodeID: node.id) } ?? OpenUIActivation()
        var actions: [AIUIAction] = []
        let label = event.label ?? node.visibleText ?? "tap"
        while true {
            for e in activation.events { actions += action(for: e, label: label, context: context) }
            run(activation.queries, context: context)
            guard let mutation = activation.mutation else { break }
            // A Mutation is awaited: the rest of the plan runs with its result (the user tapped, so it may change things).
            let result = context.runTool(mutation.tool, arguments: mutation.arguments, userInitiated: true)
            activation = replies.withLock { $0[context.messageID]?.runtime.finished(mutation, result: Self.outcome(result, tool: mutation.tool, context: context)) }
                ?? OpenUIActivation()
        }
        return actions
    }

    func remove(messageID: String) {
        _ = replies.withLock { $0.removeValue(forKey: messageID) }
    }

    /// A program event as the core's action: labelled with what the user tapped, never with the agent's text.
    private func action(for event: OpenUIEvent, label: String, context: AIUIContext) -> [AIUIAction] {
        if event.type == "open_url" {
            context.open(event.params["url"]?.text ?? "")
            return []
        }
        var payload: [(String, JSONValue)] = []
        if event.type == "continue_conversation" { payload.append(("message", .string(event.humanFriendlyMessage))) }
        payload += OpenUIValue.object(event.params).jsonValue.objectValue.map { $0.map { ($0.key, $0.value) } } ?? []
        if let form = event.formName { payload.append(("form", .string(form))) }
        payload.append(("form_state", event.formState))
        return [AIUIAction(messageID: context.messageID, format: "openui", name: event.type, label: label, payload: .object(JSONObject(payload)))]
    }

    /// Starts Query fetches; each result is taken in and the reply renders again.
    private func run(_ calls: [OpenUIToolCall], context: AIUIContext) {
        for call in calls {
            guard context.tools.contains(where: { $0.name == call.tool }) else {
                let failure = OpenUIToolFailure(code: "tool-not-found", message: "the app has no tool \"\(call.tool)\"", available: context.tools.map(\.name))
                _ = replies.withLock { $0[context.messageID]?.runtime.finished(call, result: .failure(failure)) }
                context.setNeedsRender()
                continue
            }
            context.runTool(call.tool, arguments: call.arguments, userInitiated: false) { [self] result in
                _ = replies.withLock { $0[context.messageID]?.runtime.finished(call, result: Self.outcome(result, tool: call.tool, context: context)) }
                context.setNeedsRender()
                refresh(call, context: context)
            }
        }
    }

    /// A Query with a refresh interval is fetched again that long after its answer, failed or not, for as long as the
    /// reply is here and the program keeps the interval (see ``OpenUIReply/refreshing(_:)``). The engine is held
    /// weakly meanwhile, and the context holds its host weakly: a pending timer keeps neither.
    private func refresh(_ call: OpenUIToolCall, context: AIUIContext) {
        guard let seconds = call.refreshSeconds else { return }
        timer(seconds) { [weak self] in
            guard let self, let next = replies.withLock({ $0[context.messageID]?.runtime.refreshing(call) }) else { return }
            run([next], context: context)
        }
    }

    private static func outcome(_ result: AIToolResult, tool: String, context: AIUIContext) -> Result<JSONValue, OpenUIToolFailure> {
        switch result {
        case .completed(let output, _): return .success(.object(output))
        case .failed(let reason):
            let known = context.tools.contains { $0.name == tool }
            return .failure(OpenUIToolFailure(code: known ? "tool-error" : "tool-not-found", message: reason,
                                              available: known ? [] : context.tools.map(\.name)))
        }
    }
}
