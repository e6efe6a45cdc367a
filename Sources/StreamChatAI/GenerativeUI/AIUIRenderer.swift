/// Reads one UI format and makes the UI IR of each reply written in it.
///
/// The host asks its renderers in the order listed; the first that reads a
/// document's format and version renders it. Renderers treat what the agent
/// wrote as untrusted: a bad document degrades to what can be shown and its
/// problems go to the host's error callback.
public protocol AIUIRenderer: Sendable {
    /// The format, such as `a2ui`, `openui`, `cards`.
    var format: String { get }
    /// The fence info string models write this format in, such as `openui-lang`.
    var fence: String? { get }
    /// The names of the format's own components: an app component named like
    /// one of them would replace it, so the host leaves such a component out.
    var ownComponents: [String] { get }
    /// Whether it reads this version of the format (nil: the agent named none).
    func supports(version: String?) -> Bool
    /// The format's own instructions for the model, written from the app's
    /// components and the host's tools.
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String
    /// An engine for one conversation.
    func makeEngine() -> any AIUIEngine
}

/// A renderer's state for one conversation: it renders each reply's document
/// and handles what the user does in it.
public protocol AIUIEngine: AnyObject, Sendable {
    /// Each reply's document as it arrives, oldest first, including replies not on screen.
    func receive(_ document: AIUIDocument, messageID: String, context: AIUIContext)
    /// The UI of a reply, or nil to show its text.
    func view(for document: AIUIDocument, messageID: String, context: AIUIContext) -> UINode?
    /// A user's event on one of the reply's nodes; returns the actions to send.
    func handle(_ event: AIUIEvent, on node: UINode, messageID: String, context: AIUIContext) -> [AIUIAction]
    /// The reply (or its UI) left the conversation.
    func remove(messageID: String)
}

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

    public init(nodeID: String, name: String, value: JSONValue? = nil, label: String? = nil) {
        self.nodeID = nodeID
        self.name = name
        self.value = value
        self.label = label
    }

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

extension AIUIRenderer {
    public var fence: String? { nil }
    public var ownComponents: [String] { [] }
    public func supports(version: String?) -> Bool { true }
}
