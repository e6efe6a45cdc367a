import StreamChatAI

/// One tool call of an agent's reply, as its chunks and the client tool
/// loop move it along.
public struct ChatToolCall: Sendable, Hashable {
    /// Where the call is (the UI message part's `state`).
    public enum State: String, Sendable, Hashable {
        case inputStreaming = "input-streaming"
        case inputAvailable = "input-available"
        case approvalRequested = "approval-requested"
        case approvalResponded = "approval-responded"
        case outputAvailable = "output-available"
        case outputError = "output-error"
        case outputDenied = "output-denied"
    }

    /// The call's id (`toolCallId`).
    public var id: String
    /// The tool's name.
    public var toolName: String
    /// Whether the part is a `dynamic-tool` rather than `tool-<name>`.
    public var dynamic = false
    /// Whether the server said it runs the tool.
    public var providerExecuted = false
    /// Where the call is.
    public var state: State = .inputStreaming
    /// The input as streamed so far (JSON text).
    public var inputText = ""
    /// The complete input.
    public var input: JSONValue = .object([:])
    /// The output, once there is one.
    public var output: JSONValue?
    /// Why it failed, once it did.
    public var errorText: String?
    /// The id of the server's approval request.
    public var approvalID: String?
    /// The answer to the approval request.
    public var approved: Bool?
    /// Who ran it: "server", "client", or nil while unknown.
    public var executor: String?
    /// The summary a client tool gave.
    public var summary: String?
    /// When the call started (milliseconds on the reply's clock).
    public var startedAtMs: Int64 = 0
    /// When the call ended (milliseconds on the reply's clock), nil while it runs.
    public var endedAtMs: Int64?

    /// Whether the call has its outcome.
    public var isSettled: Bool { state == .outputAvailable || state == .outputError || state == .outputDenied }

    /// The result as the tool-result events and Chatbase's endpoint carry it:
    /// the output, or `{"error": text}`.
    public var resultOutput: JSONValue {
        switch state {
        case .outputAvailable: return output ?? .null
        case .outputDenied: return ["error": .string(errorText ?? "The user declined the call.")]
        default: return ["error": .string(errorText ?? "The tool failed.")]
        }
    }

    /// The UI message part (`tool-<name>` or `dynamic-tool`).
    public var uiPart: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(dynamic ? "dynamic-tool" : "tool-" + toolName))]
        if dynamic { members.append(("toolName", .string(toolName))) }
        members += [("toolCallId", .string(id)), ("state", .string(state.rawValue)), ("input", input)]
        if providerExecuted { members.append(("providerExecuted", true)) }
        switch state {
        case .outputAvailable: members.append(("output", output ?? .null))
        case .outputError: members.append(("errorText", .string(errorText ?? "The tool failed.")))
        default: break
        }
        if let approvalID {
            var approval: [(String, JSONValue)] = [("id", .string(approvalID))]
            if let approved { approval.append(("approved", .bool(approved))) }
            members.append(("approval", .object(JSONObject(approval))))
        }
        return .object(JSONObject(members))
    }

    /// The `ai_tool_call` step; `target` names who runs a client call.
    func attachment(target: (user: String, client: String)?) -> JSONValue {
        let status: String = switch state {
        case .inputStreaming, .inputAvailable, .approvalResponded: executor == "client" && state == .inputAvailable ? "awaiting_client" : "running"
        case .approvalRequested: "awaiting_approval"
        case .outputAvailable: "completed"
        case .outputError: "failed"
        case .outputDenied: "cancelled"
        }
        var members: [(String, JSONValue)] = [
            ("type", "ai_tool_call"), ("id", .string(id)), ("name", .string(toolName)), ("status", .string(status)),
            ("executor", .string(executor ?? "server")),
        ]
        if executor == "client", let target {
            members += [("target_user_id", .string(target.user)), ("target_client_id", .string(target.client))]
        }
        if case .object = input { members.append(("arguments", input)) }
        let outcome = state == .outputAvailable ? summary : errorText
        if let outcome { members.append(("summary", .string(String(outcome.prefix(200))))) }
        if let endedAtMs { members.append(("duration_ms", .integer(max(0, endedAtMs - startedAtMs)))) }
        if let approvalID {
            var approval: [(String, JSONValue)] = [("title", .string("Allow \(toolName)?")), ("id", .string(approvalID))]
            if let approved { approval.append(("decision", .string(approved ? "allowed" : "declined"))) }
            members.append(("approval", .object(JSONObject(approval))))
        }
        return .object(JSONObject(members))
    }
}
