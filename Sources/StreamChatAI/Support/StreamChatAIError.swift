/// An error from the library's API: what went wrong and where, with a kind
/// that maps to the C ABI's status codes.
public struct StreamChatAIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Hashable {
        /// An argument is missing or wrong (`SCA_E_INVALID_ARGUMENT`).
        case invalidArgument
        /// Text that should be JSON isn't (`SCA_E_INVALID_JSON`).
        case invalidJSON
        /// Input is over a limit (`SCA_E_LIMIT`).
        case limitExceeded
        /// Something named doesn't exist (`SCA_E_NOT_FOUND`).
        case notFound
        /// A rule refused the request (`SCA_E_REFUSED`).
        case refused
        /// A plugin misbehaved (`SCA_E_PLUGIN`).
        case plugin
        /// A bug in this library (`SCA_E_INTERNAL`).
        case `internal`
        /// A network or file operation failed (`SCA_E_IO`); the message has
        /// the HTTP status and an excerpt of the body where there is one.
        case io
        /// The caller cancelled the operation (`SCA_E_CANCELLED`).
        case cancelled
    }

    /// The kind of failure.
    public var kind: Kind
    /// What went wrong and where.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// An invalid-argument error at a JSON path: `"<path>: <message>"`.
    public static func invalid(at path: String, _ message: String) -> StreamChatAIError {
        StreamChatAIError(.invalidArgument, "\(path): \(message)")
    }

    /// The same error for a JSON reading failure, keeping its kind, offset and path.
    public init(_ error: JSONError, what: String) {
        switch error.kind {
        case .limitExceeded: kind = .limitExceeded
        case .syntax, .invalidUTF8: kind = .invalidJSON
        }
        message = "\(what): \(error)"
    }

    public var description: String { message }
}
