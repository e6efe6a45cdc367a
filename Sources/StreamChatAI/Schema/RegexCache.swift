import Synchronization

/// Compiled `pattern`s of a schema, shared by every validation against it.
final class RegexCache: Sendable {
    private let compiled = Mutex<[String: Regex<AnyRegexOutput>?]>([:])

    /// The compiled pattern, or nil when it is not a valid regular expression.
    func regex(for pattern: String) -> Regex<AnyRegexOutput>? {
        compiled.withLock { cache in
            if let hit = cache[pattern] { return hit }
            let regex = try? Regex(pattern)
            cache[pattern] = regex
            return regex
        }
    }

    /// Whether `regex` matches anywhere in `text` (JSON Schema patterns are not anchored).
    static func search(_ regex: Regex<AnyRegexOutput>, in text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }
}
