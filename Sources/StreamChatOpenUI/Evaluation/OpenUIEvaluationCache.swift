/// What a reply remembers between renders: each statement's value with the
/// problems its evaluation found, and who read what, so that a change (a
/// statement that arrives, a variable the user sets, a Query's result)
/// drops just the values that depended on it. That makes a streamed reply's
/// renders cost what changed, not the whole program each time.
///
/// A value found while a reference cycle was being closed depends on the
/// path it was reached by, so it is never kept.
final class OpenUIEvaluationCache {
    struct Key: Hashable {
        var name: String
        var valuePosition: Bool
    }

    struct Entry {
        var value: OpenUIValue?
        /// Every problem reported while evaluating it, the ones of statements it read included.
        var errors: [OpenUIError]
        /// Bumped each time the statement is evaluated anew (what the IR cache keys on).
        var version: Int
        /// The evaluation steps it took, counted again each time it is reused.
        var work: Int
    }

    private(set) var entries: [Key: Entry] = [:]
    /// A statement or `$variable` → the statements whose values read it.
    private var dependents: [String: Set<String>] = [:]
    private var nextVersion = 0

    func entry(_ key: Key) -> Entry? { entries[key] }

    func store(_ key: Key, value: OpenUIValue?, errors: [OpenUIError], work: Int) {
        nextVersion += 1
        entries[key] = Entry(value: value, errors: errors, version: nextVersion, work: work)
    }

    /// The version of a statement's value, if it is kept.
    func version(of name: String) -> Int? {
        entries[Key(name: name, valuePosition: true)]?.version ?? entries[Key(name: name, valuePosition: false)]?.version
    }

    /// Notes that `reader` read `name` (a statement, or a `$variable`).
    func record(_ reader: String, reads name: String) {
        dependents[name, default: []].insert(reader)
    }

    /// Drops what `names` mean now, and everything that read them, transitively.
    func invalidate(_ names: some Sequence<String>) {
        var queue = Array(names)
        var seen = Set(queue)
        while let name = queue.popLast() {
            entries[Key(name: name, valuePosition: true)] = nil
            entries[Key(name: name, valuePosition: false)] = nil
            if name.utf8.first == 0x24 { entries[Key(name: name + "#default", valuePosition: false)] = nil }  // `$name`'s default
            for reader in dependents.removeValue(forKey: name) ?? [] where seen.insert(reader).inserted { queue.append(reader) }
        }
    }

    func removeAll() {
        entries = [:]
        dependents = [:]
    }
}
