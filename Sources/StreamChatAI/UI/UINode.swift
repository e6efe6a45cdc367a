/// A node of the UI IR: the toolkit-neutral tree that GTK, Qt, a terminal or a
/// web page draws. See `docs/ui-ir.md` for the format and its JSON Schema.
///
/// Ids come from the source (a step id, a component id) and stay the same
/// while a reply streams, so a host can update only what changed.
public struct UINode: Sendable, Hashable {
    /// Whether a node can be drawn yet.
    public enum State: String, Sendable, Hashable {
        /// Ready to draw.
        case ready
        /// Still arriving: its arguments don't decode yet.
        case pending
    }

    /// A stable id, unique in its tree.
    public var id: String
    /// What the node is, such as `reasoning`, `paragraph`, `tool_call`.
    public var type: String
    /// The node's resolved properties.
    public var props: JSONObject
    /// The nodes inside, in order.
    public var children: [UINode]
    /// The names of the events the node can raise, such as `toggle`.
    public var events: [String]
    /// Whether the node can be drawn yet.
    public var state: State

    /// Creates a node.
    public init(id: String, type: String, props: JSONObject = JSONObject(), children: [UINode] = [],
                events: [String] = [], state: State = .ready) {
        self.id = id
        self.type = type
        self.props = props
        self.children = children
        self.events = events
        self.state = state
    }

    /// `{"id", "type", "props", "children", "events", "state"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("type", .string(type)),
            ("props", .object(props)),
            ("children", .array(children.map(\.jsonValue))),
            ("events", .array(events.map(JSONValue.string))),
            ("state", .string(state.rawValue)),
        ]))
    }
}

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
