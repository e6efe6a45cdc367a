import StreamChatAI

/// What one send (or retry) ended with, once the agent is done.
public struct AIChatResponse: Sendable, Hashable {
    /// One tool call of the reply and its result.
    public struct ToolCall: Sendable, Hashable {
        /// The call's id.
        public var id: String
        /// The tool's name.
        public var name: String
        /// The call's input.
        public var input: JSONValue
        /// The result (`{"error"}` when it failed), null when it has none.
        public var output: JSONValue
        /// "client" or "server".
        public var executor: String
        /// The UI message part's state (`output-available`, `output-error`, …).
        public var state: String
    }

    /// The text of every round, a blank line between parts.
    public var text: String
    /// The conversation (made up for a new conversation of the UI message stream).
    public var conversationID: String?
    /// The agent's message.
    public var messageID: String
    /// The user's message, as the server or this client named it.
    public var userMessageID: String?
    /// Who the reply belongs to, when the server says.
    public var userID: String?
    /// Why the agent stopped (`stop` when it didn't say).
    public var finishReason: String
    /// Credits used (0 when the server didn't say).
    public var credits: Double
    /// Every tool call of every round, in order.
    public var toolCalls: [ToolCall]
    /// How many streams the send read.
    public var rounds: Int
    /// The reply's steps.
    public var attachments: [JSONValue]
    /// What was skipped on the way.
    public var warnings: [String]
    /// The assistant UI message as it stands (what a continuation sends).
    public var message: JSONValue

    /// `{"text", "conversation_id", "message_id", "user_message_id", "user_id",
    /// "finish_reason", "usage": {"credits"}, "tool_calls": [{"tool_call_id",
    /// "tool_name", "input", "output", "executor", "state"}], "rounds",
    /// "attachments", "warnings", "message"}`.
    public var jsonValue: JSONValue {
        let calls: [JSONValue] = toolCalls.map { call in
            .object(JSONObject([("tool_call_id", .string(call.id)), ("tool_name", .string(call.name)), ("input", call.input),
                                ("output", call.output), ("executor", .string(call.executor)), ("state", .string(call.state))]))
        }
        let usage: JSONValue = credits.rounded() == credits && abs(credits) < 1e15 ? .integer(Int64(credits)) : .number(credits)
        return .object(JSONObject([
            ("text", .string(text)), ("conversation_id", conversationID.map(JSONValue.string) ?? .null),
            ("message_id", .string(messageID)), ("user_message_id", userMessageID.map(JSONValue.string) ?? .null),
            ("user_id", userID.map(JSONValue.string) ?? .null), ("finish_reason", .string(finishReason)),
            ("usage", .object(JSONObject([("credits", usage)]))), ("tool_calls", .array(calls)), ("rounds", .integer(Int64(rounds))),
            ("attachments", .array(attachments)), ("warnings", .array(warnings.map(JSONValue.string))), ("message", message),
        ]))
    }
}
