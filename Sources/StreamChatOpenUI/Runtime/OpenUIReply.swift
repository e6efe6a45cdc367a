import StreamChatAI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One reply's program with everything its user and its tools changed: the
/// state store, form fields, Query results and Mutation statuses (spec §4–§6).
///
/// Not thread-safe: its owner (the renderer's engine) serializes calls (so the
/// runtime's exclusivity checks on its members are left out). Tool
/// calls it wants made come back as ``OpenUIToolCall``s; the owner runs them
/// and hands each result to ``finished(_:result:)``.
public final class OpenUIReply {
    /// The library the reply's program is checked against.
    public let library: OpenUILibrary
    let functions: [String: OpenUIFunction]
    @exclusivity(unchecked) private var parser = OpenUIStreamParser()
    /// The text fed so far, as UTF-8 (a chunk's bytes are appended, where a string's append costs several times more).
    @exclusivity(unchecked) private var fed: [UInt8] = []
    /// How many bytes of the text fed the program shows: all of them, but while a very long statement is being written
    /// and the chunks after its last reading have not been read (see ``OpenUIStreamParser``).
    @exclusivity(unchecked) private(set) var shownUTF8Count = 0
    @exclusivity(unchecked) private(set) var program = OpenUIProgram(statements: [])
    /// What the user and actions wrote; defaults fill in the rest (and never overwrite these).
    @exclusivity(unchecked) var written: [String: OpenUIValue] = [:]
    /// Form fields by form name ("" for the page-level scope): field name → value and component type.
    @exclusivity(unchecked) var fields: [String: [(name: String, value: OpenUIValue, componentType: String, isSecret: Bool)]] = [:]
    /// Variables bound to password inputs: never in what a program sends.
    @exclusivity(unchecked) var secretVariables = Set<String>()
    @exclusivity(unchecked) var queryResults: [String: OpenUIValue] = [:]
    @exclusivity(unchecked) var queryGenerations: [String: Int] = [:]
    @exclusivity(unchecked) var mutationResults: [String: OpenUIValue] = [:]
    @exclusivity(unchecked) var mutationGeneration = 0
    /// Plans waiting for a Mutation to finish, by the Mutation call's generation.
    @exclusivity(unchecked) var waitingPlans: [Int: (steps: [OpenUIStep], next: Int, formName: String?)] = [:]
    /// Problems from tools (`tool-not-found`, `tool-error`).
    @exclusivity(unchecked) var toolErrors: [OpenUIError] = []
    /// Validation messages shown on fields after a submit, by node id.
    @exclusivity(unchecked) var fieldErrors: [String: String] = [:]
    @exclusivity(unchecked) private(set) var isMounted = false
    /// Values and nodes kept between renders (see ``OpenUIEvaluationCache``).
    let cache = OpenUIEvaluationCache()
    let defaultsCache = OpenUIEvaluationCache()
    /// Evaluates each render, with what it kept (its room) from the last; while it evaluates (a host's function that
    /// asks for the result again), another does.
    private lazy var renderEvaluator = OpenUIEvaluator(program: OpenUIEvaluator.noProgram, library: library, inputs: OpenUIEvaluator.Inputs(),
                                                       cache: cache)
    @exclusivity(unchecked) private var renderEvaluatorInUse = false
    @exclusivity(unchecked) private var builderMemory = OpenUIIRBuilder.Memory()
    @exclusivity(unchecked) private var parserGeneration = 0
    /// The names a chunk changed (kept for its room: every chunk changes some).
    @exclusivity(unchecked) private var touchedSlots: [Int] = []
    @exclusivity(unchecked) private var renderedState: [String: OpenUIValue] = [:]
    /// Whether the reply streamed when the caches were last made true to it.
    @exclusivity(unchecked) private var keptStreaming = true
    /// The last render's tree and the nodes it showed (worked out when an event needs them).
    @exclusivity(unchecked) private var lastRoot: OpenUIComponent?
    @exclusivity(unchecked) private var index: [String: OpenUIIRBuilder.NodeInfo]?

    /// An empty reply, for a program written against `library` with the app's custom `functions`.
    public init(library: OpenUILibrary, functions: [String: OpenUIFunction] = [:]) {
        self.library = library
        self.functions = functions
    }

    // MARK: Text

    /// The reply's whole text so far. Text that extends what came before is
    /// parsed as a chunk; other text starts the parse again (user state is kept).
    /// When the text is complete, the program mounts: returns the Queries to fetch.
    @discardableResult
    public func update(text: String, isStreaming: Bool) -> [OpenUIToolCall] {
        if parser.isFinished && text.utf8.elementsEqual(fed) { return [] }
        if parser.isFinished || !feedAddition(text) {
            parser = OpenUIStreamParser()
            parser.feed(text)
            parserGeneration = -1
            fed = Array(text.utf8)
        }
        return settle(isStreaming: isStreaming)
    }

    /// Adds `piece` to the end of the reply's text, for a client that receives the reply in pieces (a stream's text
    /// deltas): the same as ``update(text:isStreaming:)`` with the text so far followed by `piece`, but a call costs
    /// the piece, where `update` also reads the whole text to check that it extends the last one.
    /// After the text was complete, a piece starts the parse again with the whole text, as `update` does.
    @discardableResult
    public func append(_ piece: String, isStreaming: Bool) -> [OpenUIToolCall] {
        if parser.isFinished { return update(text: String(decoding: fed, as: UTF8.self) + piece, isStreaming: isStreaming) }
        var piece = piece
        piece.withUTF8 { bytes in
            parser.feed(utf8: bytes)
            fed.append(contentsOf: bytes)
        }
        return settle(isStreaming: isStreaming)
    }

    /// Brings the program and the caches up to the text just fed; when the text is complete, mounts the program.
    private func settle(isStreaming: Bool) -> [OpenUIToolCall] {
        if !isStreaming { parser.finish() }
        if !parser.isBehind { shownUTF8Count = fed.count }
        syncProgram()
        syncStreaming()
        guard !isStreaming, !isMounted else { return [] }
        isMounted = true
        // Queries run once the stream ends (spec §6.1), never while streaming. (Most programs have none: their names
        // are not gathered.)
        guard program.hasQueriesOrMutations else { return [] }
        return program.names.compactMap { program.statement($0)?.kind == .query ? queryCall($0) : nil }
    }

    /// Brings the program up to the parser: new completed statements are added,
    /// the pending tail replaced, and what they change is dropped from the caches.
    private func syncProgram() {
        // A chunk the parser left unread changed nothing it gives.
        if parser.isBehind { return }
        if parser.generation != parserGeneration || program.completedStatementCount > parser.completed.count {
            parserGeneration = parser.generation
            program = OpenUIProgram(statements: parser.completed)
            program.setPending(parser.pending)
            forgetKept()
            return
        }
        // (The room of the last chunk's list taken again.)
        var touched: [Int] = []
        swap(&touched, &touchedSlots)
        defer { swap(&touched, &touchedSlots) }
        touched.removeAllKeepingRoom()
        for s in parser.completed[program.completedStatementCount...] { program.appendCompleted(s, changed: &touched) }
        program.setPending(parser.pending, changed: &touched)
        invalidate(slots: touched)
    }

    /// Drops what depends on `names` (statements, `$variables`) from the caches.
    /// Kept nodes stay: each is reused only while its statement's value keeps its version.
    func invalidate(_ names: [String]) {
        invalidate(slots: names.compactMap { program.slot(of: $0) })
    }

    /// Drops what depends on the names numbered `slots` from the caches (see ``invalidate(_:)``).
    private func invalidate(slots: [Int]) {
        guard !slots.isEmpty else { return }
        cache.invalidate(slots)
        defaultsCache.invalidate(slots)
        index = nil
    }

    private func forgetKept() {
        cache.removeAll()
        defaultsCache.removeAll()
        builderMemory = OpenUIIRBuilder.Memory()
        index = nil
    }

    /// Feeds the parser what `text` adds to the text fed so far; false, feeding nothing, when `text` doesn't begin with
    /// it. Bytes, not characters: a reply's text is passed whole after each chunk, and comparing it by grapheme (or
    /// making a string of what it adds) would cost more than parsing the chunk.
    private func feedAddition(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { whole in
            let start = fed.count
            let extends = whole.count >= start
                && (start == 0 || fed.withUnsafeBufferPointer { memcmp(whole.baseAddress!, $0.baseAddress!, start) == 0 })
            guard extends else { return false }
            // Valid UTF-8 on both sides: the end of the text fed is a scalar boundary of `text` too.
            let added = UnsafeBufferPointer(rebasing: whole[start...])
            parser.feed(utf8: added)
            fed.append(contentsOf: added)
            return true
        }
    }

    /// The length in bytes of the text given so far.
    var textUTF8Count: Int { fed.count }

    /// Whether the reply is still being written.
    public var isStreaming: Bool { !parser.isFinished }

    // MARK: Rendering

    /// The state store now: every variable's written value or its default.
    public var state: [String: OpenUIValue] {
        // Without state, nothing to work out (and no inputs to gather on every render).
        guard program.hasState else { return [String: OpenUIValue]() }
        return OpenUIResult.state(program, library: library, inputs: inputs(state: written), cache: defaultsCache)
    }

    func inputs(state: [String: OpenUIValue]) -> OpenUIEvaluator.Inputs {
        OpenUIEvaluator.Inputs(state: state, queryResults: queryResults, mutationResults: mutationResults, functions: functions,
                               isStreaming: isStreaming)
    }

    /// The program rendered with the reply's state and data.
    public func result() -> OpenUIResult {
        let state = self.state
        prepareCaches(state: state)
        let nested = renderEvaluatorInUse
        renderEvaluatorInUse = true
        defer { renderEvaluatorInUse = nested }
        var result = OpenUIResult.render(program, library: library, inputs: inputs(state: written), state: state, cache: cache,
                                         defaultsCache: defaultsCache, isFinished: !isStreaming,
                                         isIncomplete: parser.isIncomplete, hasText: parser.hasText, metadata: !isStreaming,
                                         evaluator: nested ? nil : renderEvaluator)
        if !toolErrors.isEmpty { result.errors += toolErrors }
        return result
    }

    /// Keeps the caches true to whether the reply streams, when that changes (with the text, before anything reads
    /// the caches: the state's defaults are kept there too). A finished stream changes what is checked.
    private func syncStreaming() {
        guard keptStreaming != isStreaming else { return }
        keptStreaming = isStreaming
        if isStreaming {
            forgetKept()
        } else {
            // Completion: only what held something back for the end, and the host's app nodes, are made again.
            cache.invalidateWaitingForEnd()
            defaultsCache.invalidateWaitingForEnd()
            builderMemory.forgetAppNodes()
            index = nil
        }
    }

    /// Keeps the caches true to the state: a changed variable drops what reads it.
    private func prepareCaches(state now: [String: OpenUIValue]) {
        // (Most programs have no state: two empty tables are not compared on every chunk.)
        if now.isEmpty && renderedState.isEmpty { return }
        if now != renderedState {
            let changed = Set(now.keys).union(renderedState.keys).filter { now[$0] != renderedState[$0] }
            renderedState = now
            invalidate(Array(changed))
            // A bound prop shows the variable's value without reading it: nodes are made anew.
            builderMemory = OpenUIIRBuilder.Memory()
        }
    }

    /// The UI IR of the reply and what was found, with `appNode` making the host's own components.
    public func render(appNode: ((String, String, JSONValue) -> UINode?)? = nil) -> (root: UINode?, result: OpenUIResult) {
        render(appNode: appNode, pass: nil)
    }

    /// The UI IR of the reply, each node put through the host's `pass` as it is made (see ``OpenUIIRBuilder/pass``).
    package func render(appNode: ((String, String, JSONValue) -> UINode?)?, pass: AIUIRenderPass?) -> (root: UINode?, result: OpenUIResult) {
        // The last tree let go before the evaluation: the values it holds then change in place (see
        // `OpenUIEvaluator.spliced`).
        lastRoot = nil
        index = nil
        var result = result()
        var builder = OpenUIIRBuilder(library: library, state: result.state, appNode: appNode)
        builder.recordsIndex = false
        builder.showsEachStatementOnce = result.entrySlot.map(program.showsEachStatementOnce(entry:)) ?? false
        builder.values = cache
        builder.pass = pass
        // Swapped in and back out, not shared: the builder's first write would copy the tables otherwise (and a copy, or
        // a new memory made in its place, costs a reference to each of its tables on every chunk).
        swap(&builder.memory, &builderMemory)
        builder.startRender(statements: program.slotNames.count)
        var counter = 0
        var root = result.root.map { builder.node(for: $0, parent: nil, slot: nil, inline: &counter, formName: nil) }
        builder.finishRender()
        swap(&builder.memory, &builderMemory)
        lastRoot = result.root
        index = nil
        if builder.isTruncated {
            result.errors.append(OpenUIError(.runtime, "runtime-error", statement: nil,
                                             message: "the UI has more than \(OpenUIIRBuilder.maxNodes) components; the rest is left out"))
        }
        if !fieldErrors.isEmpty, var tree = root {
            tree.transform { node in if let message = fieldErrors[node.id] { node.props["error"] = .string(message) } }
            root = tree
        }
        return (root, result)
    }

    /// The nodes of the last render, by id: what the user's events land on.
    var nodes: [String: OpenUIIRBuilder.NodeInfo] {
        if let index { return index }
        var builder = OpenUIIRBuilder(library: library, state: [:], statements: program.slotNames.count)
        var counter = 0
        if let lastRoot { _ = builder.node(for: lastRoot, parent: nil, slot: nil, inline: &counter, formName: nil) }
        index = builder.index
        return builder.index
    }

    /// The component a node shows, from the last render.
    public func component(_ nodeID: String) -> OpenUIComponent? { nodes[nodeID]?.component }

    // MARK: Queries and Mutations

    /// A fetch of the Query `name` with its arguments evaluated now.
    func queryCall(_ name: String) -> OpenUIToolCall? {
        guard let statement = program.statement(name), case .query(let args) = statement.expression, !args.isEmpty else { return nil }
        let evaluator = OpenUIEvaluator(program: program, library: library, inputs: inputs(state: state))
        let tool = evaluator.evaluate(args[0], scope: [:], position: .computed)?.text ?? ""
        let arguments = args.count > 1 ? evaluator.evaluate(args[1], scope: [:], position: .computed) ?? .null : .null
        let generation = (queryGenerations[name] ?? 0) + 1
        queryGenerations[name] = generation
        // The refresh interval: a positive number of seconds, made at least the minimum; anything else is none.
        let refresh = args.count > 3 ? evaluator.evaluate(args[3], scope: [:], position: .computed)?.number ?? 0 : 0
        return OpenUIToolCall(kind: .query, statement: name, tool: tool, arguments: arguments.jsonValue.objectValue ?? JSONObject(),
                              generation: generation,
                              refreshSeconds: refresh > 0 && refresh.isFinite ? max(refresh, OpenUIToolCall.minimumRefreshSeconds) : nil)
    }

    /// The Query `call` fetched again when its refresh interval has passed since its answer (spec §6.1): nil when no
    /// fetch is due, because the reply streams again, the statement is no longer a Query with a refresh interval, or
    /// another fetch of it started since (its own answer starts its own interval).
    public func refreshing(_ call: OpenUIToolCall) -> OpenUIToolCall? {
        guard isMounted, !isStreaming, queryGenerations[call.statement] == call.generation,
              let next = queryCall(call.statement) else { return nil }
        guard next.refreshSeconds != nil else {
            queryGenerations[call.statement] = call.generation  // no fetch made: the last one stays the latest
            return nil
        }
        return next
    }

    /// The Queries whose arguments name one of `changed` literally, fetched again (spec §6.1).
    func queriesReading(_ changed: Set<String>) -> [OpenUIToolCall] {
        guard isMounted, !changed.isEmpty else { return [] }
        return program.statements.compactMap { s in
            guard s.kind == .query, program.statement(s.name) == s, case .query(let args) = s.expression, args.count > 1,
                  !Set(args[1].stateNames).isDisjoint(with: changed) else { return nil }
            return queryCall(s.name)
        }
    }

    /// A tool's answer: a Query's data (unless a newer fetch is out), or a
    /// Mutation's status, and the rest of the plan that waited for it.
    public func finished(_ call: OpenUIToolCall, result: Result<JSONValue, OpenUIToolFailure>) -> OpenUIActivation {
        switch call.kind {
        case .query:
            guard queryGenerations[call.statement] == call.generation else { return OpenUIActivation() }  // stale
            switch result {
            case .success(let data):
                queryResults[call.statement] = OpenUIValue(json: data)
                invalidate([call.statement])
            case .failure(let failure): toolErrors.append(failure.error(statement: call.statement, source: .query))
            }
            return OpenUIActivation()
        case .mutation:
            let waiting = waitingPlans.removeValue(forKey: call.generation)
            defer { invalidate([call.statement]) }
            switch result {
            case .success(let data):
                mutationResults[call.statement] = .object(OpenUIObject([("status", .string("success")), ("data", OpenUIValue(json: data)), ("error", .null)]))
                guard let waiting else { return OpenUIActivation() }
                return run(waiting.steps, from: waiting.next, formName: waiting.formName)
            case .failure(let failure):
                mutationResults[call.statement] = .object(OpenUIObject([("status", .string("error")), ("data", .null), ("error", .string(failure.message))]))
                toolErrors.append(failure.error(statement: call.statement, source: .mutation))
                return OpenUIActivation()  // a failed Mutation stops the plan
            }
        }
    }
}

/// Why a tool call failed, as the program's host says.
public struct OpenUIToolFailure: Error, Sendable, Equatable {
    /// `tool-not-found`, `tool-error` or `mcp-error`.
    public var code: String
    /// What went wrong, for the model.
    public var message: String
    /// For `tool-not-found`: the tools there are.
    public var available: [String]

    /// A failure `code` saying `message`, with the tools there are for `tool-not-found`.
    public init(code: String, message: String, available: [String] = []) {
        self.code = code
        self.message = message
        self.available = available
    }

    func error(statement: String, source: OpenUIError.Source) -> OpenUIError {
        OpenUIError(source, code, statement: statement, message: message,
                    hint: available.isEmpty ? nil : "Available tools: " + available.joined(separator: ", "))
    }
}

/// What a user's action (or a finished Mutation) produced: host events to
/// send, Queries to fetch, and a Mutation to run before the plan goes on.
public struct OpenUIActivation: Sendable, Equatable {
    /// The host events to send, in order.
    public var events: [OpenUIEvent] = []
    /// The Queries to fetch: one the plan `@Run`s, and those whose arguments read a `$variable` the plan changed.
    public var queries: [OpenUIToolCall] = []
    /// The plan waits for it: hand its result to ``OpenUIReply/finished(_:result:)``.
    public var mutation: OpenUIToolCall?
    /// Fields that failed validation (node id → message): the form did not submit.
    public var invalidFields: [String: String] = [:]

    /// Nothing produced.
    public init() {}
}
