/// A `custom_client_tool_invocation` event: an agent asks the app to run a
/// client tool and doesn't wait for a result.
public struct AIClientToolInvocation: Sendable, Hashable {
    /// The reply the invocation belongs to.
    public let messageID: String?
    /// The tool to run.
    public let toolName: String
    /// The arguments (`{}` when the event has none).
    public let arguments: JSONObject

    /// An invocation of `toolName` made here (by the UI), not sent by an agent.
    init(toolName: String, arguments: JSONObject) {
        messageID = nil
        self.toolName = toolName
        self.arguments = arguments
    }

    /// Reads `{"type"?, "message_id", "tool": {"name"}, "args"}`.
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = json else { throw .invalid(at: "$", "an invocation event must be an object, found \(json.typeName)") }
        if let type = o["type"], type != .string("custom_client_tool_invocation") {
            throw .invalid(at: "$.type", "expected \"custom_client_tool_invocation\", found \(type)")
        }
        guard case .string(let name)? = o["tool"]?["name"], !name.isEmpty else {
            throw .invalid(at: "$.tool.name", "an invocation names its tool")
        }
        switch o["args"] {
        case nil, .null?: arguments = JSONObject()
        case .object(let args)?: arguments = args
        case let other?: throw .invalid(at: "$.args", "expected an object, found \(other.typeName)")
        }
        toolName = name
        messageID = o["message_id"]?.stringValue
    }

    /// The call to hand to the tool.
    func call(id: String) -> AIToolCallPart {
        AIToolCallPart(id: id, name: toolName, arguments: arguments)
    }
}
