/// What the user did in a reply's UI, to send as their next message.
public struct AIUIAction: Sendable, Hashable {
    /// The reply whose UI it came from.
    public var messageID: String
    /// The format of that UI.
    public var format: String
    /// What happened: a component's event, or an action of the format.
    public var name: String
    /// What the user did, in their words (the control they tapped); use it as the message's text.
    public var label: String
    /// The details, in the format's own shape.
    public var payload: JSONValue

    /// Creates an action.
    public init(messageID: String, format: String, name: String, label: String, payload: JSONValue = .object(JSONObject())) {
        self.messageID = messageID
        self.format = format
        self.name = name
        self.label = label
        self.payload = payload
    }

    /// The action alone: `{"message_id", "format", "name", "label", "payload"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("message_id", .string(messageID)), ("format", .string(format)), ("name", .string(name)),
            ("label", .string(label)), ("payload", payload),
        ]))
    }

    /// The action under `ai_ui_action`, for the message's custom data.
    public var customData: JSONValue { .object(JSONObject([("ai_ui_action", jsonValue)])) }
}
