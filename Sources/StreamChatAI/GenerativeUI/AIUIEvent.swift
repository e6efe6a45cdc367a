/// Something the user did on a node: tapped it, changed its value.
public struct AIUIEvent: Sendable, Hashable {
    /// The node's id.
    public var nodeID: String
    /// The event's name, such as `tap`, `change`, or a component's own event.
    public var name: String
    /// The new value, for `change`.
    public var value: JSONValue?
    /// What the user did, in their words, when the app's view knows it better than the node's text.
    public var label: String?

    /// The event `name` on the node `nodeID`, with an input's new `value` and the user's own words in `label`.
    public init(nodeID: String, name: String, value: JSONValue? = nil, label: String? = nil) {
        self.nodeID = nodeID
        self.name = name
        self.value = value
        self.label = label
    }

    /// Whether the event gives an input a new value (`change`, `select`).
    public var isInput: Bool { name == "change" || name == "select" }

    /// Reads `{"node_id", "name", "value"?, "label"?}`.
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .string(let node)? = json["node_id"], !node.isEmpty else { throw .invalid(at: "$.node_id", "a non-empty string is required") }
        guard case .string(let name)? = json["name"], !name.isEmpty else { throw .invalid(at: "$.name", "a non-empty string is required") }
        if let label = json["label"], label.stringValue == nil, !label.isNull {
            throw .invalid(at: "$.label", "expected a string, found \(label.typeName)")
        }
        self.init(nodeID: node, name: name, value: json["value"], label: json["label"]?.stringValue)
    }
}
