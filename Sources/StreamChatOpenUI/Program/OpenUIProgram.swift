/// A parsed program: its statements, with the later of two of a name winning
/// (spec §2.4), and what the parse metadata says about references.
public struct OpenUIProgram: Sendable {
    /// The members, in one object shared by the copies of a program until one of them changes: a program is handed
    /// to every render, evaluator and result, and a copy then costs one reference, not one per member. Its reply
    /// serializes the calls that change it, so exclusivity is not checked.
    private final class Storage: CopyableObject {
        @exclusivity(unchecked) var statements: [OpenUIStatement] = []
        @exclusivity(unchecked) var completedCount: Int = 0
        @exclusivity(unchecked) var slots: [String: Int] = [:]
        @exclusivity(unchecked) var slotNames: [String] = []
        @exclusivity(unchecked) var rootSlot: Int? = nil
        @exclusivity(unchecked) var definitions: [Definition?] = []
        @exclusivity(unchecked) var completedDefinitions: [Definition?] = []
        @exclusivity(unchecked) var pendingSlots: [Int] = []
        @exclusivity(unchecked) var pendingStateNames: [[String]] = []
        @exclusivity(unchecked) var completedQueries: Int = 0
        @exclusivity(unchecked) var declaredState: [String] = []
        @exclusivity(unchecked) var usedState: [String] = []
        @exclusivity(unchecked) var knownState: Set<String> = Set<String>()
        @exclusivity(unchecked) var completedReads: [[Int]] = []
        @exclusivity(unchecked) var pendingReads: [[Int]] = []
        @exclusivity(unchecked) var completedReadCounts: [Int] = []
        @exclusivity(unchecked) var readByCompleted: [Bool] = []
        @exclusivity(unchecked) var namesReadTwice: Int = 0
        @exclusivity(unchecked) var longWalk: [Int] = []

        func copy() -> Self {
            let copy = Self()
            copy.statements = statements
            copy.completedCount = completedCount
            copy.slots = slots
            copy.slotNames = slotNames
            copy.rootSlot = rootSlot
            copy.definitions = definitions
            copy.completedDefinitions = completedDefinitions
            copy.pendingSlots = pendingSlots
            copy.pendingStateNames = pendingStateNames
            copy.completedQueries = completedQueries
            copy.declaredState = declaredState
            copy.usedState = usedState
            copy.knownState = knownState
            copy.completedReads = completedReads
            copy.pendingReads = pendingReads
            copy.completedReadCounts = completedReadCounts
            copy.readByCompleted = readByCompleted
            copy.namesReadTwice = namesReadTwice
            copy.longWalk = longWalk
            return copy
        }
    }

    private var storage = CopyOnWrite(Storage())

    /// Every statement in order, a redefined name included each time: the completed ones, then the pending tail's.
    public private(set) var statements: [OpenUIStatement] {
        _read { yield storage.shared.statements }
        _modify { yield &storage.unique.statements }
    }
    private var completedCount: Int {
        _read { yield storage.shared.completedCount }
        _modify { yield &storage.unique.completedCount }
    }
    /// Every name the statements define or read (statements, `$variables`), numbered in the order first seen:
    /// the evaluation and the IR keep what they know of a name in arrays by its number, not in tables by text.
    private(set) var slots: [String: Int] {
        _read { yield storage.shared.slots }
        _modify { yield &storage.unique.slots }
    }
    /// The names by number.
    private(set) var slotNames: [String] {
        _read { yield storage.shared.slotNames }
        _modify { yield &storage.unique.slotNames }
    }
    /// The number of `root`, once a statement defines or reads it (asked on every render).
    private(set) var rootSlot: Int? {
        _read { yield storage.shared.rootSlot }
        _modify { yield &storage.unique.rootSlot }
    }
    /// A statement as its name's number means it: the statement, and its list references (``listReferences(slot:)``).
    private struct Definition {
        var statement: OpenUIStatement
        var lists: [[Int]]?
        /// See ``spliceArgument(slot:)``.
        var spliceArgument: Int?

        init(statement: OpenUIStatement, lists: [[Int]]?) {
            self.statement = statement
            self.lists = lists
            spliceArgument = lists.flatMap { Self.spliceArgument(statement, lists: $0) }
        }

        private static func spliceArgument(_ s: OpenUIStatement, lists: [[Int]]) -> Int? {
            guard s.kind == .value, case .component(_, let args) = s.expression else { return nil }
            var found: Int?
            for (i, arg) in args.enumerated() {
                if i < lists.count, !lists[i].isEmpty, lists[i].allSatisfy({ $0 >= 0 }) {
                    guard found == nil else { return nil }
                    found = i
                } else if !arg.isLiteral {
                    return nil
                }
            }
            return found
        }
    }
    /// What each number means now (the pending tail's statement over the completed one), and the completed one.
    private var definitions: [Definition?] {
        _read { yield storage.shared.definitions }
        _modify { yield &storage.unique.definitions }
    }
    private var completedDefinitions: [Definition?] {
        _read { yield storage.shared.completedDefinitions }
        _modify { yield &storage.unique.completedDefinitions }
    }
    /// The numbers the pending tail defines.
    private var pendingSlots: [Int] {
        _read { yield storage.shared.pendingSlots }
        _modify { yield &storage.unique.pendingSlots }
    }
    /// The `$names` each of the pending tail's statements reads, in order (found with its numbers, not looked for
    /// again on each render).
    private var pendingStateNames: [[String]] {
        _read { yield storage.shared.pendingStateNames }
        _modify { yield &storage.unique.pendingStateNames }
    }
    /// How many completed statements are Queries or Mutations (most programs have none: renders skip looking).
    private var completedQueries: Int {
        _read { yield storage.shared.completedQueries }
        _modify { yield &storage.unique.completedQueries }
    }
    /// `$names` of the completed statements: declared ones in order, then the others used.
    private var declaredState: [String] {
        _read { yield storage.shared.declaredState }
        _modify { yield &storage.unique.declaredState }
    }
    private var usedState: [String] {
        _read { yield storage.shared.usedState }
        _modify { yield &storage.unique.usedState }
    }
    private var knownState: Set<String> {
        _read { yield storage.shared.knownState }
        _modify { yield &storage.unique.knownState }
    }
    /// The places that may show a name's value (see ``showsEachStatementOnce(entry:)``): per completed definition
    /// and per statement of the pending tail, the names it reads, by number, once per place (twice for a place that
    /// may show it many times); how many places of the completed definitions read each name, and how many names
    /// they read in more than one.
    private var completedReads: [[Int]] {
        _read { yield storage.shared.completedReads }
        _modify { yield &storage.unique.completedReads }
    }
    private var pendingReads: [[Int]] {
        _read { yield storage.shared.pendingReads }
        _modify { yield &storage.unique.pendingReads }
    }
    private var completedReadCounts: [Int] {
        _read { yield storage.shared.completedReadCounts }
        _modify { yield &storage.unique.completedReadCounts }
    }
    /// Per name, whether a completed statement reads it, a redefined one included (see ``missingReferences``).
    private var readByCompleted: [Bool] {
        _read { yield storage.shared.readByCompleted }
        _modify { yield &storage.unique.readByCompleted }
    }
    private var namesReadTwice: Int {
        _read { yield storage.shared.namesReadTwice }
        _modify { yield &storage.unique.namesReadTwice }
    }
    /// The numbers of the names the last long statement being written read, in the order it read them (see
    /// ``numberAgain(_:)``).
    private var longWalk: [Int] {
        _read { yield storage.shared.longWalk }
        _modify { yield &storage.unique.longWalk }
    }
    /// A statement being written whose text is this long or longer is numbered, and its lists resolved, from what its
    /// last chunk found (see ``numberAgain(_:)``): shorter ones cost less looked up afresh.
    static let longStatement = 512

    /// The program of `statements`, all complete, in order (a later definition of a name wins).
    public init(statements: [OpenUIStatement]) {
        var changed: [Int] = []
        for s in statements {
            appendCompleted(s, changed: &changed)
            changed.removeAllKeepingRoom()
        }
    }

    /// How many statements are completed (they never change).
    var completedStatementCount: Int { completedCount }

    /// Adds a completed statement (after the others); adds the numbers of the names whose meaning may have changed to
    /// `changed` (a list a streamed reply keeps the room of: every chunk changes some).
    mutating func appendCompleted(_ s: OpenUIStatement, changed: inout [Int]) {
        // The tail's statement, now complete as it was (its end came at a chunk's end, as a model's stream ends its
        // lines): numbered and defined already, so taken as it is (its names are numbered and keep their numbers).
        // (The tail's statement is the last one; one that needed closing, as the tail's usually does, differs.)
        let isPending = pendingSlots.count == 1 && statements.count == completedCount + 1 && !statements[completedCount].neededClosing
            && statements[completedCount] == s
        let asPending = isPending ? definitions[pendingSlots[0]] : nil
        let (slot, stateNames, reads) = asPending != nil ? (pendingSlots[0], pendingStateNames[0], pendingReads[0]) : number(s)
        // What the name meant: the tail's statement of it (the usual end of a statement streamed) is moved out, not
        // copied, before the tail goes.
        var before: Definition?
        if pendingSlots.count == 1 && pendingSlots[0] == slot { swap(&before, &definitions[slot]) } else { before = definitions[slot] }
        let first = changed.count
        setPending([], changed: &changed)
        statements.append(s)
        completedCount += 1
        let definition = asPending ?? Definition(statement: s, lists: resolvedLists(s))
        completedDefinitions[slot] = definition
        definitions[slot] = definition
        count(completedReads[slot], by: -1)
        count(reads, by: 1)
        for read in reads { readByCompleted[read] = true }
        completedReads[slot] = reads
        if s.kind == .query || s.kind == .mutation { completedQueries += 1 }
        if s.kind == .state, !declaredState.contains(s.name) {
            declaredState.append(s.name)
            usedState.removeAll { $0 == s.name }
            knownState.insert(s.name)
        }
        for name in stateNames where knownState.insert(name).inserted { usedState.append(name) }
        // The tail's statement of this name, now complete as it was (the usual end of a statement streamed), changes nothing.
        // (Only what this statement added is looked at: a name an earlier one in the same list changed stays changed.)
        if before != nil, asPending != nil || Self.means(before, as: definitions[slot]) {
            if let i = changed[first...].firstIndex(of: slot) { changed.remove(at: i) }
        } else if !changed[first...].contains(slot) {
            changed.append(slot)
        }
    }

    /// Whether two statements of a name have the same meaning (the evaluation reads their kind and expression only);
    /// no statement means what no statement means.
    private static func means(_ a: OpenUIStatement?, as b: OpenUIStatement?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return sameMeaning(a, b)
    }

    /// Whether two definitions' statements have the same meaning (see the statements' `means`), read where they are.
    private static func means(_ a: Definition?, as b: Definition?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return sameMeaning(a.statement, b.statement)
    }

    /// The rule both `means` apply to two statements there.
    @inline(__always) private static func sameMeaning(_ a: OpenUIStatement, _ b: OpenUIStatement) -> Bool {
        a.kind == b.kind && a.expression == b.expression
    }

    /// Replaces the pending tail's statements; returns the numbers of the names whose meaning may have changed.
    @discardableResult
    mutating func setPending(_ pending: [OpenUIStatement]) -> [Int] {
        var changed: [Int] = []
        setPending(pending, changed: &changed)
        return changed
    }

    /// Replaces the pending tail's statements; adds the numbers of the names whose meaning may have changed to `changed`.
    mutating func setPending(_ pending: [OpenUIStatement], changed: inout [Int]) {
        // A chunk that leaves the tail's statements as they were (whitespace, a token half there) changes nothing.
        if pending.count == statements.count - completedCount, pending.elementsEqual(statements[completedCount...]) { return }
        // The usual chunk: the tail's one statement begun, written further, or gone as it completes. Changed in place.
        if pendingSlots.count <= 1, pending.count <= 1 {
            var numbered: Numbered?
            var isLong = false
            if let s = pending.first {
                isLong = s.source.utf8.count >= Self.longStatement
                numbered = isLong ? numberAgain(s) : number(s)
            }
            if let slot = numbered?.slot ?? pendingSlots.first, pendingSlots.first ?? slot == slot {
                // Moved out, not copied.
                var before: Definition?
                swap(&before, &definitions[slot])
                if let s = pending.first, let numbered {
                    if pendingSlots.isEmpty {
                        statements.append(s)
                        pendingSlots.append(slot)
                        pendingStateNames.append(numbered.stateNames)
                        pendingReads.append(numbered.reads)
                    } else {
                        statements[completedCount] = s
                        pendingStateNames[0] = numbered.stateNames
                        pendingReads[0] = numbered.reads
                    }
                    definitions[slot] = Definition(statement: s, lists: resolvedLists(s, like: isLong ? before : nil))
                } else {
                    statements.removeLast()
                    definitions[slot] = completedDefinitions[slot]
                    pendingSlots.removeAllKeepingRoom()
                    pendingStateNames.removeAllKeepingRoom()
                    pendingReads.removeAllKeepingRoom()
                }
                if !Self.means(before, as: definitions[slot]) { changed.append(slot) }
                return
            }
            changed += replacePending(pending, numbered: numbered.map { [$0] } ?? [])
            return
        }
        var numbered: [Numbered] = []
        for s in pending { numbered.append(number(s)) }
        changed += replacePending(pending, numbered: numbered)
    }

    /// Replaces the pending tail's statements, already numbered (see ``setPending(_:)``).
    private mutating func replacePending(_ pending: [OpenUIStatement], numbered: [Numbered]) -> [Int] {
        let oldSlots = pendingSlots
        let before = oldSlots.map { definitions[$0]?.statement }
        statements.removeLast(statements.count - completedCount)
        for slot in pendingSlots { definitions[slot] = completedDefinitions[slot] }
        pendingSlots = []
        pendingStateNames = []
        pendingReads = []
        var affected: [(slot: Int, before: OpenUIStatement?)] = zip(oldSlots, before).map { ($0, $1) }
        for (s, (slot, stateNames, reads)) in zip(pending, numbered) {
            statements.append(s)
            if !affected.contains(where: { $0.slot == slot }) { affected.append((slot, definitions[slot]?.statement)) }
            definitions[slot] = Definition(statement: s, lists: resolvedLists(s))
            pendingSlots.append(slot)
            pendingStateNames.append(stateNames)
            pendingReads.append(reads)
        }
        // Only the names whose meaning changed: a chunk that grows the tail's string leaves the other names alone.
        return affected.compactMap { slot, before in Self.means(before, as: definitions[slot]?.statement) ? nil : slot }
    }

    /// What numbering a statement finds: its name's number, the `$names` it reads, the places that may show a name's value.
    private typealias Numbered = (slot: Int, stateNames: [String], reads: [Int])

    /// Numbers a statement's name and every name it reads; returns its name's number, the `$names` it reads, in
    /// order (see ``OpenUIExpression/stateNames``), and the places that may show a name's value (see
    /// ``showsEachStatementOnce(entry:)``), found in the same pass.
    private mutating func number(_ s: OpenUIStatement) -> Numbered {
        let slot = number(s.name)
        var stateNames: [String] = []
        var reads: [Int] = []
        // A `$name`'s value shows a statement only through its default or a `@Set`, both read as repeated.
        s.expression.visitReads(repeated: s.kind == .state) { name, isState, repeated in
            Self.record(name, number(name), isState: isState, repeated: repeated, stateNames: &stateNames, reads: &reads)
        }
        return (slot, stateNames, reads)
    }

    /// Keeps a read numbering found: a `$name` once among the state names, another name's number among the reads,
    /// twice where the place may show its value many times.
    @inline(__always) private static func record(_ name: String, _ read: Int, isState: Bool, repeated: Bool,
                                                 stateNames: inout [String], reads: inout [Int]) {
        if isState {
            if !stateNames.contains(name) { stateNames.append(name) }
        } else {
            reads.append(read)
            if repeated { reads.append(read) }
        }
    }

    /// Numbers a long statement being written as ``number(_:)`` does, taking a name's number from the last long
    /// statement numbered when that one read the same name at the same place in its order of reads: the statement is
    /// numbered again on every chunk, its names mostly those it had and in the same order, and a name's number never
    /// changes.
    private mutating func numberAgain(_ s: OpenUIStatement) -> Numbered {
        let slot = number(s.name)
        var stateNames: [String] = []
        var reads: [Int] = []
        var last: [Int] = []
        swap(&last, &longWalk)
        var walk: [Int] = []
        walk.reserveCapacity(last.count + 16)
        s.expression.visitReads(repeated: s.kind == .state) { name, isState, repeated in
            let k = walk.count
            let read = k < last.count && slotNames[last[k]] == name ? last[k] : number(name)
            walk.append(read)
            Self.record(name, read, isState: isState, repeated: repeated, stateNames: &stateNames, reads: &reads)
        }
        longWalk = walk
        return (slot, stateNames, reads)
    }

    private mutating func count(_ reads: [Int], by delta: Int) {
        for slot in reads {
            let before = completedReadCounts[slot]
            completedReadCounts[slot] = before + delta
            if before < 2, before + delta >= 2 { namesReadTwice += 1 } else if before >= 2, before + delta < 2 { namesReadTwice -= 1 }
        }
    }

    /// Whether a render from the entry numbered `entry` shows each statement at most once: no name is read in two
    /// places or in one that may repeat it (an `@Each` template, the arguments of a step, a custom function or an
    /// action, a `$name`'s default), and nothing reads the entry. A component shows once per path of reads from the
    /// entry to its statement, so the IR then need not count the statements it shows to name their nodes. (Asked on
    /// every render: the pending tail's few reads are checked against the completed statements' counts.)
    func showsEachStatementOnce(entry: Int) -> Bool {
        guard namesReadTwice == 0, completedReadCounts[entry] == 0 else { return false }
        // (A tail's statement that stands for a completed one leaves that one's reads counted: more, never fewer.)
        if pendingReads.count == 1 && pendingReads[0].count <= 16 {
            // The usual tail, one statement reading a few names: compared with each other in place.
            let reads = pendingReads[0]
            for (i, slot) in reads.enumerated() {
                guard slot != entry, completedReadCounts[slot] == 0, !reads[..<i].contains(slot) else { return false }
            }
            return true
        }
        let read = pendingReads.joined().sorted()
        for (i, slot) in read.enumerated() {
            guard slot != entry, completedReadCounts[slot] == 0, i == 0 || read[i - 1] != slot else { return false }
        }
        return true
    }

    private mutating func number(_ name: String) -> Int {
        if let slot = slots[name] { return slot }
        let slot = slotNames.count
        slots[name] = slot
        if name == "root" { rootSlot = slot }
        slotNames.append(name)
        definitions.append(nil)
        completedDefinitions.append(nil)
        completedReads.append([])
        completedReadCounts.append(0)
        readByCompleted.append(false)
        return slot
    }

    /// Whether any statement is a Query or a Mutation, a redefined one included.
    var hasQueriesOrMutations: Bool {
        completedQueries > 0 || statements[completedCount...].contains { $0.kind == .query || $0.kind == .mutation }
    }

    /// Every Query and Mutation statement, a redefined name included each time.
    var queriesAndMutations: [OpenUIStatement] {
        // (Most programs have none: asked on every render, they are not gathered.)
        guard hasQueriesOrMutations else { return [] }
        let pending = statements[completedCount...].filter { $0.kind == .query || $0.kind == .mutation }
        guard completedQueries > 0 else { return pending }
        return statements[..<completedCount].filter { $0.kind == .query || $0.kind == .mutation } + pending
    }

    /// The number of a name a statement defines or reads.
    func slot(of name: String) -> Int? { slots[name] }

    /// The statement a number means now.
    func statement(slot: Int) -> OpenUIStatement? { definitions[slot]?.statement }

    /// Whether a statement defines the name numbered `slot` now (asked without copying the statement).
    @inline(__always) func defines(slot: Int) -> Bool {
        definitions.withUnsafeBufferPointer { if case .some = $0[slot] { true } else { false } }
    }

    /// The statement a name means now (the last one of that name).
    public func statement(_ name: String) -> OpenUIStatement? { slots[name].flatMap { definitions[$0]?.statement } }

    /// The references in the list arguments of a statement that calls a component (`w = Tabs([d0, d1, d2])`), by
    /// number: for each argument, the numbers of its list's items (-1 for an item that is not a reference), empty for
    /// an argument that is not a list; nil when no list argument holds a reference. Worked out once per statement, so
    /// a statement that shows others, evaluated again after every chunk that changes one of them, finds them by
    /// index rather than by hashing their names.
    /// An item's number is taken from `before` (the definition the statement replaces: the last chunk's, for a long
    /// statement being written) where its list had the same reference at the same place, not looked up again.
    private func resolvedLists(_ s: OpenUIStatement, like before: Definition? = nil) -> [[Int]]? {
        guard s.kind == .value, case .component(_, let args) = s.expression,
              args.contains(where: { if case .array(let items) = $0 { items.contains(where: \.isReference) } else { false } })
        else { return nil }
        let wereLists = before?.lists ?? []
        var wereArgs: [OpenUIExpression] = []
        if !wereLists.isEmpty, case .component(_, let args)? = before?.statement.expression { wereArgs = args }
        return args.indices.map { a in
            guard case .array(let items) = args[a] else { return [] }
            var were: [OpenUIExpression] = []
            if a < wereArgs.count, a < wereLists.count, case .array(let wereItems) = wereArgs[a] { were = wereItems }
            return items.indices.map { i in
                guard case .reference(let name) = items[i] else { return -1 }
                if i < were.count, i < wereLists[a].count, wereLists[a][i] >= 0, case .reference(let wasName) = were[i], wasName == name {
                    return wereLists[a][i]
                }
                return slots[name] ?? -1
            }
        }
    }

    /// The references in the list arguments of the statement numbered `slot` (see ``resolvedLists(_:)``).
    func listReferences(slot: Int) -> [[Int]]? { definitions[slot]?.lists }

    /// For a statement that calls a component with one list of references and literals besides
    /// (`d = TabItem("day-1", "Day 1", [s1, s2])`), that list's argument index: its value changes only with the values
    /// the list shows, so a change of some of them can be spliced into the value it had (see ``OpenUIEvaluator``).
    func spliceArgument(slot: Int) -> Int? { definitions[slot]?.spliceArgument }

    /// The names, each once, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return statements.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// Whether the program declares or uses a `$name` (most don't: asked before ``stateNames`` is worked out).
    var hasState: Bool {
        !declaredState.isEmpty || !usedState.isEmpty || pendingStateNames.contains { !$0.isEmpty }
            || statements[completedCount...].contains { $0.kind == .state }
    }

    /// Every `$name` the program declares or uses, declared ones first.
    public var stateNames: [String] {
        guard !pendingSlots.isEmpty else { return declaredState + usedState }
        var declared = declaredState
        var used = usedState
        for (s, read) in zip(statements[completedCount...], pendingStateNames) {
            if s.kind == .state, !declared.contains(s.name) {
                declared.append(s.name)
                used.removeAll { $0 == s.name }
            }
            for name in read where !declared.contains(name) && !used.contains(name) { used.append(name) }
        }
        return declared + used
    }

    /// The statement names an expression reads, outside `@Each` loop variables.
    static func references(in expression: OpenUIExpression) -> [String] {
        var out: [String] = []
        expression.visitReads { name, isState, _ in if !isState { out.append(name) } }
        return out
    }

    /// Names referenced anywhere that no statement defines (the parse metadata's `unresolved`).
    /// (Read off the numbers of the names each statement reads, found when it was numbered: the statements are not
    /// walked again when a reply ends.)
    public var missingReferences: Set<String> {
        var out = Set<String>()
        for (slot, read) in readByCompleted.enumerated() where read && !defines(slot: slot) { out.insert(slotNames[slot]) }
        for read in pendingReads.joined() where !defines(slot: read) { out.insert(slotNames[read]) }
        return out
    }

    /// The value statements the statement numbered `entry` doesn't reach through references, through value statements
    /// only (what a query's arguments read is not rendered by it); all of them without an entry.
    func orphans(entry: Int?) -> Set<String> {
        var reached = [Bool](repeating: false, count: slotNames.count)
        if let entry {
            reached[entry] = true
            var queue = [entry]
            while let slot = queue.popLast() {
                guard kind(ofSlot: slot) == .value else { continue }
                for read in reads(ofSlot: slot) where !reached[read] && defines(slot: read) {
                    reached[read] = true
                    queue.append(read)
                }
            }
        }
        var out = Set<String>()
        for slot in reached.indices where !reached[slot] && kind(ofSlot: slot) == .value { out.insert(slotNames[slot]) }
        return out
    }

    /// The kind of the statement that defines the name numbered `slot` now (read in place, not copied).
    private func kind(ofSlot slot: Int) -> OpenUIStatement.Kind? {
        definitions.withUnsafeBufferPointer { $0[slot]?.statement.kind }
    }

    /// The numbers of the names the statement that defines the name numbered `slot` now reads (`$names` left out).
    private func reads(ofSlot slot: Int) -> [Int] {
        if let i = pendingSlots.lastIndex(of: slot) { return pendingReads[i] }
        return completedReads[slot]
    }
}
