/// A program rendered once: the tree the entry gives, and what the parse and
/// the evaluation found (spec §2.2–2.3, §8; the fixtures' canonical summary).
public struct OpenUIResult: Sendable {
    /// The entry's component, or nil when nothing renders.
    public var root: OpenUIComponent?
    /// Every problem, each once.
    public var errors: [OpenUIError]
    /// References to statements that don't exist (or that closed a cycle).
    public var unresolved: Set<String>
    /// Value statements the entry doesn't reach.
    public var orphans: Set<String>
    /// The text ended inside an unclosed string or bracket.
    public var isIncomplete: Bool
    /// Every state variable with its value now (declared defaults, `null` for undeclared ones, the user's values).
    public var state: [String: OpenUIValue]
    /// The statement that is the entry, when there is one.
    public var entry: String?
    /// Its name's number in the program rendered (the IR asks whether the program shows each statement once from it).
    var entrySlot: Int?

    /// Renders `program` with `library`. While streaming, problems later text may fix wait (`no-root`, enum checks).
    /// With `cache`, values kept from earlier renders are used; without `metadata`, unresolved references and
    /// orphans (which need the whole program) are left empty.
    /// `state` is the state store when the caller worked it out already (see ``state(_:library:inputs:cache:)``).
    /// `evaluator`, when given, evaluates (started and finished here): one made with `library` and `cache`.
    static func render(_ program: OpenUIProgram, library: OpenUILibrary, inputs: consuming OpenUIEvaluator.Inputs,
                       state known: [String: OpenUIValue]? = nil,
                       cache: OpenUIEvaluationCache? = nil, defaultsCache: OpenUIEvaluationCache? = nil, isFinished: Bool,
                       isIncomplete: Bool, hasText: Bool, metadata: Bool = true, evaluator reused: OpenUIEvaluator? = nil) -> OpenUIResult {
        // (Taken, not copied: a copy costs a reference to each of the inputs' tables, on every chunk.)
        inputs.isStreaming = !isFinished
        // Defaults see only what the user wrote, so they keep their own cache.
        let state = known ?? Self.state(program, library: library, inputs: inputs, cache: defaultsCache)
        inputs.state = state
        let evaluator: OpenUIEvaluator
        if let reused {
            reused.start(program: program, inputs: &inputs)
            evaluator = reused
        } else {
            evaluator = OpenUIEvaluator(program: program, library: library, inputs: inputs, cache: cache)
        }
        defer { reused?.finish() }
        var errors: [OpenUIError] = []
        for s in program.queriesAndMutations where s.name.hasPrefix("$") {
            let bare = String(s.name.dropFirst())
            errors.append(OpenUIError(.parser, "state-query", statement: s.name,
                                      message: "\(s.name) reads the state store, never the \(s.kind == .query ? "query's result" : "mutation's status")",
                                      hint: "name queries without `$`: `\(bare) = \(s.kind == .query ? "Query" : "Mutation")(...)`", warning: true))
        }
        // The entry (spec §2.2): `root`, else a first statement that calls the library's root component.
        var entry: String?
        var entrySlot: Int?
        var fallback = false
        if let slot = program.rootSlot, program.defines(slot: slot) {
            entry = "root"
            entrySlot = slot
        } else if let first = program.statements.first, first.kind == .value, case .component(let name, _) = first.expression,
                  let rootName = library.root, library.component(named: name)?.name == rootName {
            entry = first.name
            entrySlot = program.slot(of: first.name)
            fallback = true
        }
        var root: OpenUIComponent?
        if let entrySlot, case .component(let c)? = evaluator.value(ofSlot: entrySlot, position: .value) { root = c }
        // (Taken as they are when nothing came before them: a streamed reply renders after every chunk.)
        if errors.isEmpty { errors = evaluator.errors } else { errors += evaluator.errors }
        if isFinished {
            if root == nil {
                let hint = entry == nil ? "write `root = \(library.root ?? "Component")(...)` first" : "root must be a component call"
                errors.append(OpenUIError(.parser, "no-root", statement: nil, message: "nothing to render: the program has no usable entry", hint: hint))
            } else if fallback {
                errors.append(OpenUIError(.parser, "no-root", statement: nil, message: "the program has no root statement; its first statement is the entry",
                                          hint: "write `root = \(library.root ?? "Component")(...)`", warning: true))
            }
            if program.statements.isEmpty && hasText {
                errors.append(OpenUIError(.parser, "parse-failed", statement: nil, message: "the response has text but no statement",
                                          hint: "write statements like `root = \(library.root ?? "Component")(...)`"))
            }
        }
        var orphans = Set<String>()
        var unresolved = evaluator.cycleClosers
        if metadata {
            orphans = program.orphans(entry: entrySlot)
            unresolved.formUnion(program.missingReferences)
        }
        return OpenUIResult(root: root, errors: errors, unresolved: unresolved, orphans: orphans, isIncomplete: isIncomplete,
                            state: state, entry: entry, entrySlot: entrySlot)
    }

    /// The state store: the user's values (`inputs.state`) over the defaults, which never overwrite what the user produced.
    static func state(_ program: OpenUIProgram, library: OpenUILibrary, inputs: OpenUIEvaluator.Inputs,
                      cache: OpenUIEvaluationCache?) -> [String: OpenUIValue] {
        // Most programs have no state: no evaluator is made for them on every render.
        guard program.hasState else { return [String: OpenUIValue]() }
        let names = program.stateNames
        let defaults = OpenUIEvaluator(program: program, library: library, inputs: inputs, cache: cache)
        var state: [String: OpenUIValue] = [:]
        for name in names { state[name] = inputs.state[name] ?? defaults.stateDefault(name) }
        return state
    }
}
