/// One way a value breaks a schema: where, which keyword, and why.
public struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value, such as `$.days`.
    public let path: String
    /// The schema keyword that failed, such as `maximum`.
    public let keyword: String
    /// What is wrong, in words.
    public let message: String

    public var description: String { "\(path): \(message) (\(keyword))" }
}
