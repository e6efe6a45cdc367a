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
