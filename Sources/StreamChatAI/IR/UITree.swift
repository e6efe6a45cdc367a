/// A whole UI IR tree with its format version.
public struct UITree: Sendable, Hashable {
    /// The IR format version this library writes.
    public static let version = 1

    /// The root node.
    public var root: UINode

    /// Creates a tree.
    public init(root: UINode) { self.root = root }

    /// `{"ir": 1, "root": {...}}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([("ir", .integer(Int64(Self.version))), ("root", root.jsonValue)]))
    }
}
