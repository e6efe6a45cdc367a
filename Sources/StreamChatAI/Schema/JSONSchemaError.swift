/// A schema that can't be used: where in the schema, and why.
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer into the schema, such as `#/properties/city/pattern`.
    public let path: String
    /// What is wrong.
    public let message: String

    public var description: String { "schema \(path): \(message)" }
}
