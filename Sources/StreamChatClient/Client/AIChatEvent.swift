import StreamChatAI

/// What a chat client tells its watcher while a send runs, on the thread
/// that called send.
public enum AIChatEvent: Sendable, Hashable {
    /// More of the agent's text.
    case textDelta(String)
    /// The agent asked for a tool; `executor` is "client" when this client
    /// runs it, "server" when the server does.
    case toolCall(id: String, name: String, input: JSONValue, executor: String)
    /// A tool's result, from a handler here or from the server (`{"error"}` when it failed).
    case toolResult(id: String, name: String, output: JSONValue)
    /// The reply's steps (`ai_reasoning`, `ai_tool_call` attachments) changed.
    case steps([JSONValue])
    /// Something was skipped or retried; the reply goes on.
    case warning(String)

    /// `{"type": "text_delta", "delta"}`, `{"type": "tool_call", "tool_call_id",
    /// "tool_name", "input", "executor"}`, `{"type": "tool_result", "tool_call_id",
    /// "tool_name", "output"}`, `{"type": "steps", "attachments"}` or
    /// `{"type": "warning", "message"}`.
    public var jsonValue: JSONValue {
        switch self {
        case .textDelta(let delta): return ["type": "text_delta", "delta": .string(delta)]
        case .toolCall(let id, let name, let input, let executor):
            return .object(JSONObject([("type", "tool_call"), ("tool_call_id", .string(id)), ("tool_name", .string(name)),
                                       ("input", input), ("executor", .string(executor))]))
        case .toolResult(let id, let name, let output):
            return .object(JSONObject([("type", "tool_result"), ("tool_call_id", .string(id)), ("tool_name", .string(name)),
                                       ("output", output)]))
        case .steps(let attachments): return ["type": "steps", "attachments": .array(attachments)]
        case .warning(let message): return ["type": "warning", "message": .string(message)]
        }
    }
}

/// A question the server asks before it runs one of its tools
/// (`tool-approval-request`), for the client's approver.
public struct AIChatApprovalRequest: Sendable, Hashable {
    /// The server's approval id.
    public var approvalID: String
    /// The call waiting for the answer.
    public var toolCallID: String
    /// The tool's name.
    public var toolName: String
    /// The call's input.
    public var input: JSONValue

    /// `{"approval_id", "tool_call_id", "tool_name", "input"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([("approval_id", .string(approvalID)), ("tool_call_id", .string(toolCallID)),
                            ("tool_name", .string(toolName)), ("input", input)]))
    }
}
