/// Why a JSON document could not be read, and where.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, so callers can map it to a status code.
    public enum Kind: Sendable, Hashable {
        /// The text is not JSON.
        case syntax
        /// The text is not valid UTF-8.
        case invalidUTF8
        /// Nesting or size is over a configured limit.
        case limitExceeded
    }

    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, in words.
    public var message: String
    /// The byte offset in the input where the problem is.
    public var offset: Int
    /// The JSON path of the value being read, such as `$.attachments[2].type`.
    public var path: String

    /// Creates an error.
    public init(kind: Kind, message: String, offset: Int, path: String = "$") {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.path = path
    }

    public var description: String {
        "\(message) at byte \(offset) (\(path))"
    }
}

/// Builds JSON paths (`$`, `$.key`, `$["odd key"]`, `$[3]`) for messages.
public enum JSONPath {
    /// The path of member `key` under `base`.
    public static func appending(key: String, to base: String) -> String {
        var simple = !key.isEmpty
        for b in key.utf8 {
            let isAlpha = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
            let isDigit = b >= 0x30 && b <= 0x39
            if !(isAlpha || isDigit) { simple = false; break }
        }
        if let first = key.utf8.first, first >= 0x30 && first <= 0x39 { simple = false }
        if simple { return base + "." + key }
        return base + "[" + JSONSerializer.quoted(key) + "]"
    }

    /// The path of element `index` under `base`.
    public static func appending(index: Int, to base: String) -> String {
        base + "[" + String(index) + "]"
    }
}
