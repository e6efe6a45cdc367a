/// A regular expression of the ECMA-262 dialect JSON Schema `pattern`s use,
/// for formats that match agent-written patterns against user input (A2UI's
/// `regex` check). Matching has a step budget, so a hostile pattern can't hang the host.
public struct TextPattern: Sendable {
    private let compiled: SchemaPattern

    /// Compiles `pattern`.
    /// - Throws: ``StreamChatAIError`` (`invalid argument`) saying what is wrong with the pattern.
    public init(_ pattern: String) throws(StreamChatAIError) {
        do {
            compiled = try SchemaPattern(pattern)
        } catch {
            throw StreamChatAIError(.invalidArgument, "the pattern \(JSONSerializer.quoted(pattern)) is not a regular expression: \(error.message)")
        }
    }

    /// Whether the pattern matches somewhere in `text` (patterns are not anchored); nil when matching took too long.
    public func matches(_ text: String) -> Bool? { compiled.search(text) }
}
