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
    /// Inputs bound to the reply's UI state: prop name → state key (such as `{"value": "email"}`).
    public var bindings: JSONObject
    /// When the node enters: nodes with the same number enter together, lower
    /// numbers first; everything of a reply rendered from history has 0.
    public var entrance: Int

    /// Creates a node.
    public init(id: String, type: String, props: JSONObject = JSONObject(), children: [UINode] = [],
                events: [String] = [], state: State = .ready, bindings: JSONObject = JSONObject(), entrance: Int = 0) {
        self.id = id
        self.type = type
        self.props = props
        self.children = children
        self.events = events
        self.state = state
        self.bindings = bindings
        self.entrance = entrance
    }

    /// `{"id", "type", "props", "children", "events", "state", "bindings", "entrance"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("type", .string(type)),
            ("props", .object(props)),
            ("children", .array(children.map(\.jsonValue))),
            ("events", .array(events.map(JSONValue.string))),
            ("state", .string(state.rawValue)),
            ("bindings", .object(bindings)),
            ("entrance", .integer(Int64(entrance))),
        ]))
    }
}

extension UINode {
    /// Reads a node (as a renderer plugin writes it): `id` and `type` are
    /// required; `props`, `children`, `events`, `state`, `bindings` optional.
    /// Errors name the JSON path.
    public init(json: JSONValue, path: String = "$", depth: Int = 0) throws(StreamChatAIError) {
        guard depth < 64 else { throw .invalid(at: path, "UI nested deeper than 64 levels") }
        guard case .object(let o) = json else { throw .invalid(at: path, "a node must be an object, found \(json.typeName)") }
        guard case .string(let id)? = o["id"], !id.isEmpty else { throw .invalid(at: path + ".id", "a node needs a non-empty string id") }
        guard case .string(let type)? = o["type"], !type.isEmpty else { throw .invalid(at: path + ".type", "a node needs a non-empty string type") }
        func object(_ key: String) throws(StreamChatAIError) -> JSONObject {
            switch o[key] {
            case nil, .null?: return JSONObject()
            case .object(let value)?: return value
            case let other?: throw .invalid(at: path + "." + key, "expected an object, found \(other.typeName)")
            }
        }
        var children: [UINode] = []
        switch o["children"] {
        case nil, .null?: break
        case .array(let list)?:
            for (i, child) in list.enumerated() {
                children.append(try UINode(json: child, path: path + ".children[\(i)]", depth: depth + 1))
            }
        case let other?: throw .invalid(at: path + ".children", "expected an array, found \(other.typeName)")
        }
        let events = o["events"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let state: State
        switch o["state"]?.stringValue {
        case nil, "ready": state = .ready
        case "pending": state = .pending
        case let other?: throw .invalid(at: path + ".state", "expected ready or pending, found \(other)")
        }
        self.init(id: id, type: type, props: try object("props"), children: children, events: events, state: state,
                  bindings: try object("bindings"))
    }
}
