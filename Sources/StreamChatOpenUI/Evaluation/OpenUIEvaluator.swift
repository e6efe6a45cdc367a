import StreamChatAI

/// Evaluates a program's statements against a library, with the reply's
/// state and data (spec §2–§3, §8.4): references, operators, components
/// materialized against their props, and every problem recorded once.
/// One evaluation runs on one thread at a time, so the runtime's exclusivity checks on its
/// members (asked for every expression) are left out.
final class OpenUIEvaluator {
    /// Where an expression stands (spec §2.1): a direct argument of a component
    /// call or a direct array element, or anything computed.
    enum Position { case value, computed }

    /// What the evaluation reads besides the program.
    struct Inputs {
        // (Made empty with `init()`, not a literal: the literal's initializer runs, each time an evaluation finishes.)
        var state = [String: OpenUIValue]()
        var queryResults = [String: OpenUIValue]()
        var mutationResults = [String: OpenUIValue]()
        var functions = [String: OpenUIFunction]()
        /// While streaming, errors that later text may fix (enums, required props of unresolved references) wait.
        var isStreaming = false
    }

    @exclusivity(unchecked) private(set) var program: OpenUIProgram
    let library: OpenUILibrary
    @exclusivity(unchecked) var inputs: Inputs
    /// Values kept from earlier renders (nil: evaluate everything).
    let cache: OpenUIEvaluationCache?
    @exclusivity(unchecked) private(set) var errors: [OpenUIError] = []
    /// The distinct errors as a set, made once there are many (a few are compared one by one: hashing an error's texts
    /// costs more).
    @exclusivity(unchecked) private var errorSet: Set<OpenUIError>?
    private static let errorsSearchedInOrder = 8
    /// Every report, repeats included, so a kept value can say what its evaluation found.
    @exclusivity(unchecked) private var reported: [OpenUIError] = []
    /// How many references closed a cycle so far: a value evaluated while one did is not kept.
    @exclusivity(unchecked) private var cycleHits = 0
    /// References that closed a cycle, found while evaluating.
    @exclusivity(unchecked) private(set) var cycleClosers = Set<String>()
    /// The statements being evaluated (their numbers), innermost last: a cycle guard, and who an error belongs to.
    @exclusivity(unchecked) private var stack: [Int] = []
    /// Hostile nesting ends in an error, not a stack overflow.
    @exclusivity(unchecked) private var depth = 0
    static let maxDepth = 400
    /// Evaluation steps so far: a program that references itself exponentially stops with an error.
    @exclusivity(unchecked) private var steps = 0
    static let maxSteps = 2_000_000
    @exclusivity(unchecked) private var exhausted = false
    /// The statement whose list of references ``evaluateList(_:numbers:scope:)`` notes in ``listRecord`` (-1: none).
    @exclusivity(unchecked) private var recording = -1
    @exclusivity(unchecked) private var listRecord: ListRecord?
    /// How many decisions so far went the other way because the reply is still streaming (an error that waits for
    /// the end, an enum value let through): a value that took one is evaluated again when the reply completes.
    @exclusivity(unchecked) private var streamingDecisions = 0

    init(program: OpenUIProgram, library: OpenUILibrary, inputs: Inputs, cache: OpenUIEvaluationCache? = nil) {
        self.program = program
        self.library = library
        self.inputs = inputs
        self.cache = cache
        // Room for the usual depth of statements inside statements: one allocation per render, not one per level.
        stack.reserveCapacity(16)
    }

    /// Takes `program` and `inputs` for another evaluation, with the room the last one made (a reply renders after
    /// every chunk with the same evaluator, its cache and library). The inputs are swapped in, leaving the finished
    /// evaluation's empty ones: a copy would cost a reference to each of their tables, on every chunk.
    func start(program: OpenUIProgram, inputs: inout Inputs) {
        self.program = program
        swap(&self.inputs, &inputs)
    }

    /// Lets go of what the evaluation read and found, keeping its room: held until the next, the program would be
    /// copied when the next chunk changes it.
    func finish() {
        program = Self.noProgram
        inputs = Inputs()
        errors = []
        errorSet = nil
        reported.removeAllKeepingRoom()
        cycleHits = 0
        if !cycleClosers.isEmpty { cycleClosers = Set() }
        stack.removeAllKeepingRoom()
        depth = 0
        steps = 0
        exhausted = false
        recording = -1
        listRecord = nil
        streamingDecisions = 0
    }

    /// What a finished evaluator holds instead of a program.
    static let noProgram = OpenUIProgram(statements: [])

    var currentStatement: String? { stack.last.map { program.slotNames[$0] } }

    /// Whether a check's problem waits for the end of the stream (the text may still fix it); notes that it did.
    func waitsForEnd() -> Bool {
        guard inputs.isStreaming else { return false }
        streamingDecisions += 1
        return true
    }

    /// Whether a problem found now is told now: not while streaming, when the arguments may still be arriving.
    func speaksNow() -> Bool { !waitsForEnd() }

    func report(_ error: OpenUIError) {
        reported.append(error)
        if errorSet == nil {
            guard !errors.contains(error) else { return }
            errors.append(error)
            if errors.count > Self.errorsSearchedInOrder { errorSet = Set(errors) }
        } else if errorSet!.insert(error).inserted {
            errors.append(error)
        }
    }

    /// The reports made since there were `count`, as a list of their own. None is an empty list, not a slice of
    /// ``reported`` made into one: that would share its room, which the next report then copies (on every chunk,
    /// as most evaluations report nothing).
    private func reports(since count: Int) -> [OpenUIError] {
        count == reported.count ? [] : Array(reported[count...])
    }

    /// The hint of a problem with a call of `entry`: its signature, required props marked. Made once per reply: a
    /// statement still being written misses its required arguments on most chunks.
    func signatureHint(_ entry: OpenUILibrary.Entry) -> String {
        if let known = cache?.signatureHints[entry.name] { return known }
        let hint = "Signature: \(entry.shortSignature). * marks required"
        cache?.signatureHints[entry.name] = hint
        return hint
    }

    /// Notes that the statement being evaluated reads the name numbered `slot`.
    private func recordDependency(_ slot: Int) {
        if let cache, let reader = stack.last { cache.record(reader, reads: slot) }
    }

    /// Evaluates `body` as the statement numbered `slot` (pushed on the stack), through the cache as `kind`.
    private func cached(_ slot: Int, _ kind: OpenUIEvaluationCache.Kind, _ body: () -> OpenUIValue?) -> OpenUIValue? {
        if let cache, let entry = cache.entry(slot, kind) {
            // A kept value costs the work it took: its size, which reusing it doesn't shrink, is what the budget bounds.
            steps += entry.work
            guard steps <= Self.maxSteps else { return exhaust() }
            // (Its readers need not note that it waits for the end: dropping it at completion drops them too.)
            for e in entry.errors { report(e) }
            return entry.value
        }
        let firstReport = reported.count
        let hits = cycleHits
        let firstStep = steps
        let firstDecision = streamingDecisions
        stack.append(slot)
        let value = body()
        stack.removeLast()
        if let cache, cycleHits == hits, steps <= Self.maxSteps {
            cache.store(slot, kind, value: value, errors: reports(since: firstReport), work: steps - firstStep,
                        waitsForEnd: streamingDecisions != firstDecision)
        }
        return value
    }

    func report(_ code: String, component: String? = nil, path: String? = nil, _ message: String, hint: String? = nil,
                source: OpenUIError.Source = .parser) {
        report(OpenUIError(source, code, statement: currentStatement, component: component, path: path, message: message, hint: hint))
    }

    // MARK: Statements

    /// The value of the statement `name`, evaluated where it is referenced
    /// (nil: nothing, as an unresolved or dropped value is).
    func value(ofStatement name: String, position: Position) -> OpenUIValue? {
        guard let slot = program.slot(of: name) else { return nil }
        return value(ofSlot: slot, position: position)
    }

    /// The value of the statement numbered `slot` (see ``value(ofStatement:position:)``).
    func value(ofSlot slot: Int, position: Position) -> OpenUIValue? {
        recordDependency(slot)
        // Most references find a kept value: the statement is read only when it is evaluated.
        guard program.defines(slot: slot) else { return nil }
        if stack.contains(slot) {
            cycleClosers.insert(program.slotNames[slot])
            cycleHits += 1
            return nil
        }
        return cached(slot, position == .value ? .value : .computed) {
            // A value statement spliced (one above the statement being written, on every chunk): the statement isn't read.
            let argument = position == .value ? program.spliceArgument(slot: slot) : nil
            if let argument, let spliced = spliced(slot, argument: argument) { return spliced }
            guard let statement = program.statement(slot: slot) else { return nil }
            let name = statement.name
            switch statement.kind {
            case .state:
                return inputs.state[name] ?? .null
            case .query:
                if let result = inputs.queryResults[name] { return result }
                guard case .query(let args) = statement.expression, args.count >= 3 else { return .null }
                return evaluate(args[2], scope: [:], position: .computed) ?? .null
            case .mutation:
                return inputs.mutationResults[name] ?? .object(OpenUIObject([("status", .string("idle")), ("data", .null), ("error", .null)]))
            case .value:
                let lists = program.listReferences(slot: slot)
                if let argument { return evaluateSpliceable(statement, slot: slot, lists: lists, argument: argument) }
                var result = evaluate(statement.expression, scope: [:], position: position, lists: lists)
                stamp(&result, name: name, slot: slot)
                return result
            }
        }
    }

    /// Stamps `result`, when it is a component no statement stamped yet, as the value of the statement `name`.
    private func stamp(_ result: inout OpenUIValue?, name: String, slot: Int) {
        guard case .component(var c)? = result, c.statementID == nil else { return }
        result = nil  // the component is held once while it changes
        c.statementID = name
        c.statementSlot = slot
        result = .component(c)
    }

    // MARK: Splices

    /// What evaluating a statement's list of references gave, item by item (see ``evaluateSpliceable(_:slot:lists:argument:)``).
    struct ListRecord {
        /// Per item: its place in the list, or -1 when it gave nothing.
        var places: [Int] = []
        /// Per item: the evaluation steps it took, and the problems it reported.
        var itemWork: [Int] = []
        var itemErrors: [[OpenUIError]] = []
        /// Whether every item that gave something gave a component.
        var allComponents = true
        /// The reports, decisions and steps made while the list was evaluated.
        var reports = 0
        var decisions = 0
        var work = 0

        /// A record of a list of `items` items, its lists made with room for them (a statement being written that
        /// lists references is evaluated in full on every chunk).
        init(items: Int) {
            places.reserveCapacity(items)
            itemWork.reserveCapacity(items)
            itemErrors.reserveCapacity(items)
        }
    }

    /// The value of a statement that calls a component with one list of references and literals besides
    /// (``OpenUIProgram/spliceArgument(slot:)``), evaluated in full; what made it is kept for ``spliced(_:argument:)``
    /// when nothing but the list's items could change it: nothing but the items reported a problem or decided
    /// something because of the stream, and the component took the list as it was.
    private func evaluateSpliceable(_ statement: OpenUIStatement, slot: Int, lists: [[Int]]?, argument: Int) -> OpenUIValue? {
        let firstStep = steps
        let firstReport = reported.count
        let firstDecision = streamingDecisions
        let outer = (recording, listRecord)
        recording = slot
        listRecord = nil
        var result = evaluate(statement.expression, scope: [:], position: .value, lists: lists)
        stamp(&result, name: statement.name, slot: slot)
        let record = listRecord
        (recording, listRecord) = outer
        var splice: OpenUIEvaluationCache.Splice?
        if case .component(let c)? = result, let record, record.allComponents, reported.count - firstReport == record.reports,
           streamingDecisions - firstDecision == record.decisions,
           let props = library.component(named: c.type)?.props, argument < props.count, case .array(let item) = props[argument].type,
           Self.takesComponentsAsTheyAre(item), let member = c.props.members.firstIndex(where: { $0.key == props[argument].name }) {
            splice = OpenUIEvaluationCache.Splice(component: c, member: member, places: record.places, itemWork: record.itemWork,
                                                  itemErrors: record.itemErrors, ownWork: steps - firstStep - record.work)
        }
        cache?.setSplice(splice, for: slot)
        return result
    }

    /// The value of a statement with a kept splice whose value was dropped only because values its list shows changed:
    /// the value it had with their new values in their places (an item that now shows nothing left out, one that
    /// showed nothing put in), and every problem its items have, in their order. Nil (and the statement is evaluated
    /// in full) when an item's value is no longer nothing or a component.
    ///
    /// The value changes where it is kept. Its list is taken out of it and put back: held by nothing else (the IR keeps
    /// no spliced value, a statement spliced above this one took it out of its own list, and the reply lets the last
    /// render's tree go before it renders again), the value and its list then change in place rather than as copies,
    /// and each statement above the one being written costs what changed in it. Anything else holding them keeps its
    /// copy as it was.
    private func spliced(_ slot: Int, argument: Int) -> OpenUIValue? {
        guard let cache, let numbers = program.listReferences(slot: slot)?[argument] else { return nil }
        guard let changed = cache.changes(of: slot), !changed.isEmpty, let splice = cache.splice(of: slot) else { return nil }
        var list: [OpenUIValue]
        do {
            var taken = splice.component.props.takeValue(at: splice.member)
            guard case .array(let items) = taken else {
                splice.component.props.setValue(taken, at: splice.member)
                return nil
            }
            taken = .null
            list = items
        }
        let oldCount = list.count
        // Changed here and put back (a class's arrays are not known to be unique where they are read in a loop).
        var places: [Int] = []
        swap(&places, &splice.places)
        defer { swap(&places, &splice.places) }
        let firstReport = reported.count
        let replays = splice.itemsWithErrors > 0
        // The places of the new values (see `Splice.lastChange`: the room of the last ones taken again), and the values
        // that don't fit the list as it is (an item that shows nothing now, one put in before another): the list is then
        // made again.
        var changedPlaces = splice.lastChange?.places ?? []
        splice.lastChange = nil
        changedPlaces.removeAllKeepingRoom()
        var reshaped: [(item: Int, value: OpenUIValue?)] = []
        // The items asked: a long list's from the first to the last whose statement changed or that reported a problem
        // (told again, in order), looked up.
        var asked = numbers.indices
        if splice.isIndexed, let items = splice.askedItems(changed: changed, numbers: numbers) {
            asked = items
        }
        // (Most chunks change one item: asked of it first.)
        let firstChanged = changed[0]
        for i in asked {
            let number = numbers[i]
            guard number == firstChanged || (changed.count > 1 && changed.contains(number)) else {
                if replays { for e in splice.itemErrors[i] { report(e) } }
                continue
            }
            // Its old value let go first: a statement spliced in turn is then held once, by its splice.
            if places[i] >= 0 { list[places[i]] = .null }
            let before = steps
            let firstItemReport = reported.count
            let value: OpenUIValue?
            do {
                // As `evaluateList` steps into an item.
                defer { depth -= 1 }
                value = step(checkingStack: false) ? self.value(ofSlot: number, position: .value) : nil
            }
            splice.itemWorkTotal += steps - before - splice.itemWork[i]
            splice.itemWork[i] = steps - before
            steps = before
            if reported.count > firstItemReport || !splice.itemErrors[i].isEmpty {
                splice.setErrors(reports(since: firstItemReport), ofItem: i)
            }
            switch value {
            case .component?, nil: break
            default:
                // Evaluated in full after all (a new splice replaces this one): what the items reported is told again
                // from their kept values.
                reported.removeLast(reported.count - firstReport)
                return nil
            }
            if !reshaped.isEmpty {
                reshaped.append((i, value))
            } else if places[i] >= 0, let value {
                list[places[i]] = value
                changedPlaces.append(places[i])
            } else if let value, i > splice.lastPlacedItem {
                list.append(value)
                places[i] = list.count - 1
                splice.lastPlacedItem = i
                changedPlaces.append(places[i])
            } else if value != nil || places[i] >= 0 {
                reshaped.append((i, value))
            }
        }
        if !reshaped.isEmpty {
            var items: [OpenUIValue] = []
            items.reserveCapacity(list.count + 1)
            var next = 0
            for i in numbers.indices {
                if next < reshaped.count, reshaped[next].item == i {
                    if let value = reshaped[next].value {
                        places[i] = items.count
                        items.append(value)
                    } else {
                        places[i] = -1
                    }
                    next += 1
                } else if places[i] >= 0 {
                    items.append(list[places[i]])
                    places[i] = items.count - 1
                }
            }
            list = items
            splice.lastPlacedItem = places.lastIndex { $0 >= 0 } ?? -1
        }
        // The work a full evaluation would count: the rest of the statement and every item.
        steps += splice.ownWork + splice.itemWorkTotal
        splice.component.props.setValue(.array(list), at: splice.member)
        splice.generation += 1
        splice.lastChange = reshaped.isEmpty ? (changedPlaces, oldCount) : nil
        return .component(splice.component)
    }

    /// The default of a state declaration, evaluated now.
    func stateDefault(_ name: String) -> OpenUIValue {
        guard let slot = program.slot(of: name), let statement = program.statement(slot: slot), statement.kind == .state else { return .null }
        return cached(slot, .stateDefault) {
            evaluate(statement.expression, scope: [:], position: .computed) ?? .null
        } ?? .null
    }

    /// Reports, once, that the work budget is spent; the value is nothing.
    private func exhaust() -> OpenUIValue? {
        if !exhausted {
            exhausted = true
            report("runtime-error", "the program takes too much work to evaluate (over \(Self.maxSteps) steps)", source: .runtime)
        }
        return nil
    }

    // MARK: Expressions

    /// Counts a step of evaluation, a level deeper (the caller steps back out); false, with the problem reported,
    /// when the nesting or the work budget runs out. `checkingStack: false` for a step that recurses only through
    /// one that checks it (a reference evaluates its statement's expression).
    private func step(checkingStack: Bool = true) -> Bool {
        depth += 1
        steps += 1
        guard depth <= Self.maxDepth, !checkingStack || StackGuard.hasRoom() else {
            report("runtime-error", "the expression is nested too deeply to evaluate", source: .runtime)
            return false
        }
        guard steps <= Self.maxSteps else {
            _ = exhaust()
            return false
        }
        return true
    }

    /// The value of `e`; nil means nothing (an unresolved reference, a dropped component, an inline Query).
    /// `lists`: when `e` is a statement's component call, the numbers of the references in its list arguments
    /// (``OpenUIProgram/listReferences(slot:)``).
    func evaluate(_ e: OpenUIExpression, scope: [String: OpenUIValue], position: Position, lists: [[Int]]? = nil) -> OpenUIValue? {
        defer { depth -= 1 }
        guard step() else { return nil }
        switch e {
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .array(let items):
            return .array(items.compactMap { evaluate($0, scope: scope, position: .value) })
        case .object(let members):
            var object = OpenUIObject()
            for m in members { object[m.key] = evaluate(m.value, scope: scope, position: .computed) ?? .null }
            return .object(object)
        case .reference(let name):
            if !scope.isEmpty, let bound = scope[name] { return bound }
            return value(ofStatement: name, position: position)
        case .state(let name):
            if let slot = program.slot(of: name) { recordDependency(slot) }
            return inputs.state[name] ?? .null
        case .component(let name, let args):
            return component(name, args, scope: scope, position: position, lists: lists)
        case .function(let name, let args):
            return call(name, args, scope: scope, position: position)
        case .action(let items):
            return .plan(plan(items, scope: scope))
        case .query, .mutation:
            if position == .value {
                report("inline-reserved", "Query and Mutation are statements: write `name = Query(...)` on its own line")
                return nil
            }
            return .null
        case .unary(let op, let x):
            let v = evaluate(x, scope: scope, position: .computed) ?? .null
            return op == "!" ? .bool(!v.isTruthy) : .number(-v.number)
        case .binary(let op, let a, let b):
            return binary(op, a, b, scope: scope)
        case .ternary(let c, let a, let b):
            let condition = evaluate(c, scope: scope, position: .computed) ?? .null
            return evaluate(condition.isTruthy ? a : b, scope: scope, position: position)
        case .member(let x, let field):
            return member(evaluate(x, scope: scope, position: .computed) ?? .null, field)
        case .index(let x, let i):
            let base = evaluate(x, scope: scope, position: .computed) ?? .null
            let key = evaluate(i, scope: scope, position: .computed) ?? .null
            return index(base, key)
        case .assign(_, let x):
            return evaluate(x, scope: scope, position: .computed)
        }
    }

    /// A list whose references are known by number (`numbers`, -1 for an item that is not one), evaluated as
    /// `evaluate` evaluates `.array(items)`, each reference without looking its name up.
    /// The list of the statement ``recording`` names is noted in ``listRecord`` (see ``evaluateSpliceable(_:slot:lists:argument:)``).
    func evaluateList(_ items: [OpenUIExpression], numbers: [Int], scope: [String: OpenUIValue]) -> OpenUIValue? {
        defer { depth -= 1 }
        guard step() else { return nil }
        // Its list of references: the one list of the call that has no other items.
        var record: ListRecord?
        if recording >= 0, stack.last == recording, !numbers.isEmpty, numbers.allSatisfy({ $0 >= 0 }) {
            record = ListRecord(items: numbers.count)
        }
        let firstStep = steps
        let firstReport = reported.count
        let firstDecision = streamingDecisions
        var values: [OpenUIValue] = []
        values.reserveCapacity(items.count)
        for i in numbers.indices {
            let slot = numbers[i]
            let before = steps
            let firstItemReport = reported.count
            let value: OpenUIValue?
            if slot >= 0 && scope.isEmpty {
                // A step as `evaluate` counts it; the stack is checked where the statement is evaluated, if it is.
                defer { depth -= 1 }
                value = step(checkingStack: false) ? self.value(ofSlot: slot, position: .value) : nil
            } else {
                value = evaluate(items[i], scope: scope, position: .value)
            }
            if record != nil {
                record!.places.append(value == nil ? -1 : values.count)
                record!.itemWork.append(steps - before)
                record!.itemErrors.append(reports(since: firstItemReport))
                switch value {
                case .component?, nil: break
                default: record!.allComponents = false
                }
            }
            if let value { values.append(value) }
        }
        if record != nil {
            record!.reports = reported.count - firstReport
            record!.decisions = streamingDecisions - firstDecision
            record!.work = steps - firstStep
            listRecord = record
        }
        return .array(values)
    }

    private func binary(_ op: String, _ a: OpenUIExpression, _ b: OpenUIExpression, scope: [String: OpenUIValue]) -> OpenUIValue {
        let left = evaluate(a, scope: scope, position: .computed) ?? .null
        switch op {
        case "&&": return left.isTruthy ? evaluate(b, scope: scope, position: .computed) ?? .null : left
        case "||": return left.isTruthy ? left : evaluate(b, scope: scope, position: .computed) ?? .null
        default: break
        }
        let right = evaluate(b, scope: scope, position: .computed) ?? .null
        switch op {
        case "+":
            if case .string = left { return .string(left.text + right.text) }
            if case .string = right { return .string(left.text + right.text) }
            return .number(left.number + right.number)
        case "-": return .number(left.number - right.number)
        case "*": return .number(left.number * right.number)
        case "/": return .number(right.number == 0 ? 0 : left.number / right.number)
        case "%": return .number(right.number == 0 ? 0 : left.number.truncatingRemainder(dividingBy: right.number))
        case "==": return .bool(left.looselyEquals(right))
        case "!=": return .bool(!left.looselyEquals(right))
        case ">": return .bool(left.number > right.number)
        case "<": return .bool(left.number < right.number)
        case ">=": return .bool(left.number >= right.number)
        case "<=": return .bool(left.number <= right.number)
        default: return .null
        }
    }

    /// `a.b`: a field, a pluck over an array, `.length` of an array (spec §3.3), and `.length` of a string, which the
    /// spec leaves open: its length as a JavaScript client has it, in UTF-16 code units.
    func member(_ base: OpenUIValue, _ field: String) -> OpenUIValue {
        switch base {
        case .object(let o): return o[field] ?? .null
        case .array(let items):
            if field == "length" { return .number(Double(items.count)) }
            if let i = Int(field), field.allSatisfy(\.isNumber) { return i < items.count ? items[i] : .null }
            return .array(items.map { member($0, field) })
        case .string(let s) where field == "length": return .number(Double(s.utf16.count))
        default: return .null
        }
    }

    /// `a[i]`: arrays by number (the index read with `toNumber`, so `"1"` and `" 01 "` are 1), objects by string key.
    func index(_ base: OpenUIValue, _ key: OpenUIValue) -> OpenUIValue {
        switch (base, key) {
        case (_, .null), (_, .invisible): return .null
        case (.array(let items), _):
            let n = key.number
            guard n >= 0, n == n.rounded(), n < Double(items.count) else { return .null }
            return items[Int(n)]
        case (.object(let o), _): return o[key.text] ?? .null
        default: return .null
        }
    }
}

/// A library's custom function, as the host implements it: pure and
/// synchronous, given its arguments in the order of its params.
public typealias OpenUIFunction = @Sendable ([OpenUIValue]) throws -> OpenUIValue
