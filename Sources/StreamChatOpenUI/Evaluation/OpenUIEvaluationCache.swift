/// What a reply remembers between renders: each statement's value with the
/// problems its evaluation found, and who read what, so that a change (a
/// statement that arrives, a variable the user sets, a Query's result)
/// drops just the values that depended on it. That makes a streamed reply's
/// renders cost what changed, not the whole program each time.
///
/// Names are known by their number in the program (``OpenUIProgram/slot(of:)``),
/// so a value kept is found by an array index, not a table of names.
///
/// A value found while a reference cycle was being closed depends on the
/// path it was reached by, so it is never kept.
/// Its reply serializes the calls on it, so the runtime's exclusivity checks are left out.
final class OpenUIEvaluationCache {
    /// Which of a statement's values: where it is referenced (a direct argument or element, or computed),
    /// or the default of a `$variable`.
    enum Kind: Int {
        case value, computed, stateDefault
    }

    struct Entry {
        var value: OpenUIValue?
        /// Every problem reported while evaluating it, the ones of statements it read included.
        var errors: [OpenUIError]
        /// Bumped each time the statement is evaluated anew (what the IR cache keys on).
        var version: Int
        /// The evaluation steps it took, counted again each time it is reused.
        var work: Int
        /// Whether the evaluation decided something because the reply was still streaming (a problem held back
        /// until the end, an enum value let through): it no longer holds once the reply is complete.
        var waitsForEnd: Bool
    }

    /// What a statement's value was made of when it calls a component with one list of references
    /// (``OpenUIProgram/spliceArgument(slot:)``), kept through invalidations: when only some of the values its list shows
    /// change, their new values are spliced into the value it had (see ``OpenUIEvaluator``).
    /// (A class: a splice changes it in place. Its cache's reply serializes calls, so exclusivity is not checked.)
    final class Splice {
        /// The value last made, stamped with its statement.
        @exclusivity(unchecked) var component: OpenUIComponent
        /// Which of its props' members holds the list.
        let member: Int
        /// Per item of the list as written: its place in the value's list, or -1 when it showed nothing.
        @exclusivity(unchecked) var places: [Int]
        /// The last item that has a place (-1: none): an item that showed nothing and shows something after it goes at
        /// the list's end, without moving another (kept, not searched for, as a long list's items arrive one by one).
        @exclusivity(unchecked) var lastPlacedItem: Int
        /// Per item: the evaluation steps its value took, and the problems it reported; and the steps of the rest
        /// of the statement.
        @exclusivity(unchecked) var itemWork: [Int]
        @exclusivity(unchecked) private(set) var itemErrors: [[OpenUIError]]
        let ownWork: Int
        /// The items' steps together, and how many items reported a problem (most lists: none, nothing to tell again);
        /// in a long list, which ones, ascending (see ``askedItems(changed:numbers:)``).
        @exclusivity(unchecked) var itemWorkTotal: Int
        @exclusivity(unchecked) private(set) var itemsWithErrors: Int
        @exclusivity(unchecked) private var itemsWithErrorsListed: [Int] = []
        /// How many times the value was spliced (it changes in place: the IR knows which value it showed by this).
        @exclusivity(unchecked) var generation = 0
        /// What the last splice changed, when every item it did not evaluate kept its place in the list: the places in
        /// the list now (ascending) that hold a new value, and how many items the list had. The IR then places only
        /// those, when it showed the value the splice was made from.
        @exclusivity(unchecked) var lastChange: (places: [Int], oldCount: Int)?
        /// For a long list, the item that shows each statement, by the statement's number: a splice then evaluates
        /// the items whose statements changed without asking every item. Nil when one statement shows in two items.
        @exclusivity(unchecked) private var itemByStatement: [Int: Int]?
        @exclusivity(unchecked) private var indexed = false

        /// A list this long or longer is spliced through ``askedItems(changed:numbers:)``; a shorter one asks each item
        /// (cheaper than hashing the changed statements' numbers).
        static let indexedLength = 24
        /// Whether the list is that long (it keeps its length for as long as the splice is kept).
        let isIndexed: Bool

        /// The items a splice of the statements numbered `changed` asks, from the first to the last, in the list whose
        /// items show the statements numbered `numbers` (the statement's list, the same for as long as its splice is
        /// kept): those that show a changed statement, and those that reported a problem (told again). For a list that
        /// ``isIndexed``; nil when it shows a statement twice: each item is asked then.
        func askedItems(changed: [Int], numbers: [Int]) -> Range<Int>? {
            if !indexed {
                indexed = true
                var index = [Int: Int](minimumCapacity: numbers.count)
                for (i, number) in numbers.enumerated() where number >= 0 {
                    guard index.updateValue(i, forKey: number) == nil else { return nil }
                }
                itemByStatement = index
            }
            guard let itemByStatement else { return nil }
            var first = itemsWithErrorsListed.first ?? Int.max
            var last = itemsWithErrorsListed.last ?? Int.min
            for number in changed {
                guard let i = itemByStatement[number] else { continue }
                first = min(first, i)
                last = max(last, i)
            }
            return first <= last ? first..<(last + 1) : 0..<0
        }

        /// Keeps what item `i` reported when it was evaluated again.
        @inline(__always) func setErrors(_ errors: [OpenUIError], ofItem i: Int) {
            if itemErrors[i].isEmpty != errors.isEmpty {
                itemsWithErrors += errors.isEmpty ? -1 : 1
                if isIndexed { list(item: i, hasErrors: !errors.isEmpty) }
            }
            itemErrors[i] = errors
        }

        private func list(item i: Int, hasErrors: Bool) {
            if hasErrors {
                itemsWithErrorsListed.insert(i, at: itemsWithErrorsListed.firstIndex { $0 > i } ?? itemsWithErrorsListed.count)
            } else if let at = itemsWithErrorsListed.firstIndex(of: i) {
                itemsWithErrorsListed.remove(at: at)
            }
        }

        init(component: OpenUIComponent, member: Int, places: [Int], itemWork: [Int], itemErrors: [[OpenUIError]], ownWork: Int) {
            self.component = component
            self.member = member
            self.places = places
            isIndexed = places.count >= Self.indexedLength
            lastPlacedItem = places.lastIndex { $0 >= 0 } ?? -1
            self.itemWork = itemWork
            self.itemErrors = itemErrors
            self.ownWork = ownWork
            itemWorkTotal = itemWork.reduce(0, +)
            itemsWithErrors = itemErrors.count { !$0.isEmpty }
            if itemsWithErrors > 0 && isIndexed {
                itemsWithErrorsListed = itemErrors.indices.filter { !itemErrors[$0].isEmpty }
            }
        }
    }

    /// Entries by kind, then by name number.
    @exclusivity(unchecked) private var entries: [[Entry?]] = [[], [], []]
    /// A name's number → the numbers of the statements whose values read it.
    @exclusivity(unchecked) private var dependents: [[Int]] = []
    /// A statement's number → the version of its kept value (0: none kept), asked by the IR for every node it places.
    @exclusivity(unchecked) private var versions: [Int] = []
    @exclusivity(unchecked) private var nextVersion = 0
    /// The invalidation pass that last reached each name (by number), and the current pass.
    @exclusivity(unchecked) private var seen: [Int] = []
    @exclusivity(unchecked) private var pass = 0
    @exclusivity(unchecked) private var invalidationQueue: [Int] = []
    /// Splices by statement number.
    @exclusivity(unchecked) private var splices: [Splice?] = []
    /// Per statement whose value was dropped and not made again: the names whose change dropped it, and whether its
    /// own statement changed (kept apart: the statement being written changes on every chunk, and a new statement's
    /// list of its own would be made just to say so).
    @exclusivity(unchecked) private var changes: [[Int]] = []
    @exclusivity(unchecked) private var changedItself: [Bool] = []
    /// The hints of problems with calls, by the called entry's name (see ``OpenUIEvaluator/signatureHint(_:)``): its
    /// reply's library does not change.
    @exclusivity(unchecked) var signatureHints: [String: String] = [:]
    /// Whether nothing was stored or noted since the cache was made or emptied (a program without state keeps nothing
    /// in its defaults' cache, which each chunk would otherwise search).
    @exclusivity(unchecked) private var holdsNothing = true

    @inline(__always) func entry(_ slot: Int, _ kind: Kind) -> Entry? {
        let table = entries[kind.rawValue]
        return slot < table.count ? table[slot] : nil
    }

    func store(_ slot: Int, _ kind: Kind, value: OpenUIValue?, errors: [OpenUIError], work: Int, waitsForEnd: Bool) {
        holdsNothing = false
        nextVersion += 1
        entries[kind.rawValue].makeRoom(for: slot, empty: nil)
        entries[kind.rawValue][slot] = Entry(value: value, errors: errors, version: nextVersion, work: work, waitsForEnd: waitsForEnd)
        guard kind != .stateDefault else { return }
        if kind == .value {
            if slot < changes.count { changes[slot].removeAllKeepingRoom() }
            if slot < changedItself.count { changedItself[slot] = false }
        }
        versions.makeRoom(for: slot, empty: 0)
        // The value-position value's version wins, as the IR asks for it first.
        if kind == .value || versions[slot] == 0 || entry(slot, .value) == nil { versions[slot] = nextVersion }
    }

    /// The version of a statement's value, if it is kept.
    @inline(__always) func version(of slot: Int) -> Int? {
        slot < versions.count && versions[slot] != 0 ? versions[slot] : nil
    }

    /// Notes that `reader` read `slot` (a statement, or a `$variable`).
    @inline(__always) func record(_ reader: Int, reads slot: Int) {
        // A statement evaluated again reads what it read before: the last reader noted is usually this one (asked in
        // place, as this runs for every reference).
        if dependents.withUnsafeBufferPointer({ slot < $0.count && $0[slot].last == reader }) { return }
        holdsNothing = false
        dependents.makeRoom(for: slot, empty: [])
        if !dependents[slot].contains(reader) { dependents[slot].append(reader) }
    }

    /// Drops what `slots` mean now, and everything that read them, transitively.
    func invalidate(_ slots: some Sequence<Int>) {
        guard !holdsNothing else { return }
        // Each chunk of a streamed reply invalidates a few names: marks in an array, not a set hashed each time.
        pass += 1
        // The room of the last pass's queue, taken again (each chunk invalidates).
        var queue: [Int] = []
        swap(&queue, &invalidationQueue)
        defer { swap(&queue, &invalidationQueue) }
        for slot in slots {
            note(-1, changing: slot)
            if markSeen(slot) { queue.append(slot) }
        }
        while let slot = queue.popLast() {
            // (Read first: most names have no value of the other kinds, and a write costs more.)
            for kind in 0..<entries.count where slot < entries[kind].count && entries[kind][slot] != nil { entries[kind][slot] = nil }
            if slot < versions.count { versions[slot] = 0 }
            guard slot < dependents.count else { continue }
            for reader in dependents[slot] {
                note(slot, changing: reader)
                if markSeen(reader) { queue.append(reader) }
            }
            // Emptied in place: the statement's readers note themselves again when they are evaluated again, which is
            // after every chunk for the statements above the one being written.
            dependents[slot].removeAllKeepingRoom()
        }
    }

    /// Notes that the name numbered `input` (-1: the statement itself) changed what `slot` means.
    private func note(_ input: Int, changing slot: Int) {
        if input < 0 {
            changedItself.makeRoom(for: slot, empty: false)
            changedItself[slot] = true
            return
        }
        changes.makeRoom(for: slot, empty: [])
        changes[slot].append(input)
    }

    /// The names whose change dropped the value of the statement numbered `slot` since it was last made; nil when its
    /// own statement changed, or nothing is known of it.
    func changes(of slot: Int) -> [Int]? {
        guard slot < changes.count, slot >= changedItself.count || !changedItself[slot] else { return nil }
        return changes[slot]
    }

    /// The splice of the statement numbered `slot`, if one is kept.
    func splice(of slot: Int) -> Splice? { slot < splices.count ? splices[slot] : nil }

    /// Keeps (or, with nil, forgets) the splice of the statement numbered `slot`.
    func setSplice(_ splice: Splice?, for slot: Int) {
        if splice == nil && slot >= splices.count { return }
        splices.makeRoom(for: slot, empty: nil)
        splices[slot] = splice
    }

    /// Marks `slot` as reached by the current invalidation pass; false when it was already.
    private func markSeen(_ slot: Int) -> Bool {
        seen.makeRoom(for: slot, empty: 0)
        guard seen[slot] != pass else { return false }
        seen[slot] = pass
        return true
    }

    /// Drops the values whose evaluation held something back for the end of the stream, and what read them: the
    /// reply is complete, and the rest holds as it was (a completing reply costs what it changed, not a new render).
    func invalidateWaitingForEnd() {
        var waiting: [Int] = []
        for table in entries {
            for (slot, entry) in table.enumerated() where entry?.waitsForEnd == true { waiting.append(slot) }
        }
        invalidate(waiting)
    }

    func removeAll() {
        entries = [[], [], []]
        dependents = []
        versions = []
        splices = []
        changes = []
        changedItself = []
        holdsNothing = true
    }
}
