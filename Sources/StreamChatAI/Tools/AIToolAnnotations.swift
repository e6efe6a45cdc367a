/// The MCP tool annotations: hints about what a tool does.
///
/// Defaults follow MCP: not read-only, destructive, not idempotent, open world.
public struct AIToolAnnotations: Sendable, Hashable {
    /// A title for people.
    public var title: String?
    /// The tool only reads; it changes nothing. A reply's UI may run it by itself.
    public var readOnlyHint: Bool
    /// When not read-only: the tool may destroy or overwrite.
    public var destructiveHint: Bool
    /// When not read-only: calling it again with the same arguments changes nothing more.
    public var idempotentHint: Bool
    /// The tool reaches outside the app (the web, other services).
    public var openWorldHint: Bool

    /// Hints with MCP's defaults unless given.
    public init(title: String? = nil, readOnlyHint: Bool = false, destructiveHint: Bool = true,
                idempotentHint: Bool = false, openWorldHint: Bool = true) {
        self.title = title
        self.readOnlyHint = readOnlyHint
        self.destructiveHint = destructiveHint
        self.idempotentHint = idempotentHint
        self.openWorldHint = openWorldHint
    }

    init(json: JSONValue?) throws(StreamChatAIError) {
        self.init()
        guard let json, !json.isNull else { return }
        guard case .object(let o) = json else {
            throw .invalid(at: "$.annotations", "expected an object, found \(json.typeName)")
        }
        func flag(_ key: String, _ fallback: Bool) throws(StreamChatAIError) -> Bool {
            switch o[key] {
            case nil, .null?: return fallback
            case .bool(let b)?: return b
            case let other?: throw .invalid(at: "$.annotations.\(key)", "expected a boolean, found \(other.typeName)")
            }
        }
        title = o["title"]?.stringValue
        readOnlyHint = try flag("readOnlyHint", false)
        destructiveHint = try flag("destructiveHint", true)
        idempotentHint = try flag("idempotentHint", false)
        openWorldHint = try flag("openWorldHint", true)
    }
}
