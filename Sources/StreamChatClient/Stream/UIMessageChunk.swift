import StreamChatAI

/// One chunk of the AI SDK UI message stream (the `data:` of one SSE event),
/// with the fields the chat client reads. Chunk types the client has no use
/// for (`source-url`, `source-document`, `file`) read as ``ignored(_:)``.
public enum UIMessageChunk: Sendable, Hashable {
    /// The agent's message starts (`messageId` when the server names it).
    case start(messageID: String?, metadata: JSONObject?)
    /// A step (one model call) starts.
    case startStep
    /// The step ends.
    case finishStep
    /// A text part starts.
    case textStart(id: String)
    /// More text of the part.
    case textDelta(id: String, delta: String)
    /// The text part is complete.
    case textEnd(id: String)
    /// A reasoning part starts.
    case reasoningStart(id: String)
    /// More reasoning of the part.
    case reasoningDelta(id: String, delta: String)
    /// The reasoning part is complete.
    case reasoningEnd(id: String)
    /// A tool call's input starts streaming.
    case toolInputStart(callID: String, toolName: String, providerExecuted: Bool, dynamic: Bool)
    /// More of the call's input, as JSON text.
    case toolInputDelta(callID: String, delta: String)
    /// The call's input is complete (`input` as sent; `{}` when missing).
    case toolInputAvailable(callID: String, toolName: String, input: JSONValue, providerExecuted: Bool, dynamic: Bool)
    /// The call's input could not be read by the server.
    case toolInputError(callID: String, toolName: String, input: JSONValue, errorText: String)
    /// The server ran the call: its output.
    case toolOutputAvailable(callID: String, output: JSONValue, preliminary: Bool)
    /// The server ran the call and it failed.
    case toolOutputError(callID: String, errorText: String)
    /// The call was denied (approval declined).
    case toolOutputDenied(callID: String)
    /// The server asks whether the call may run.
    case toolApprovalRequest(approvalID: String, callID: String)
    /// The message's metadata changed.
    case messageMetadata(JSONObject)
    /// The message is complete.
    case finish(reason: String?, metadata: JSONObject?)
    /// The server failed while answering.
    case error(String)
    /// The server stopped the reply.
    case abort(reason: String?)
    /// App data (`data-<name>`): `name` without the prefix.
    case data(name: String, id: String?, data: JSONValue, transient: Bool)
    /// A known chunk the client doesn't use.
    case ignored(String)
}

extension UIMessageChunk {
    /// What reading one event's data gave: a chunk, nothing (an unknown
    /// type, skipped in silence), or a warning (the chunk is skipped).
    public enum Reading: Sendable, Hashable {
        case chunk(UIMessageChunk)
        case done
        case skipped
        case warning(String)
    }

    /// Reads one event's data leniently: unknown types and fields are
    /// skipped; a known type without a field it needs is a warning.
    public static func read(_ data: [UInt8]) -> Reading {
        if data.count == 6, data.elementsEqual("[DONE]".utf8) { return .done }
        let value: JSONValue
        do {
            value = try data.withUnsafeBytes { (bytes) throws(JSONError) in try JSONParser.parse(bytes) }
        } catch {
            return .warning("an event that is not JSON was skipped: \(error)")
        }
        guard case .object(let o) = value else { return .warning("an event that is not a JSON object (\(value.typeName)) was skipped") }
        guard case .string(let type)? = o["type"] else { return .warning("an event without a string \"type\" was skipped") }
        return read(type: type, o)
    }

    private static func read(type: String, _ o: JSONObject) -> Reading {
        func need(_ key: String) -> String? { o[key]?.stringValue }
        func missing(_ key: String) -> Reading {
            .warning("a \(JSONSerializer.quoted(type)) chunk without a string \(JSONSerializer.quoted(key)) was skipped")
        }
        func flag(_ key: String) -> Bool { o[key]?.boolValue ?? false }
        // The deltas first: they are most of a stream.
        switch type {
        case "text-delta", "reasoning-delta":
            guard let id = need("id") else { return missing("id") }
            guard let delta = need("delta") else { return missing("delta") }
            return .chunk(type == "text-delta" ? .textDelta(id: id, delta: delta) : .reasoningDelta(id: id, delta: delta))
        case "tool-input-delta":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            guard let delta = need("inputTextDelta") else { return missing("inputTextDelta") }
            return .chunk(.toolInputDelta(callID: call, delta: delta))
        case "start": return .chunk(.start(messageID: need("messageId"), metadata: o["messageMetadata"]?.objectValue))
        case "start-step": return .chunk(.startStep)
        case "finish-step": return .chunk(.finishStep)
        case "text-start", "text-end", "reasoning-start", "reasoning-end":
            guard let id = need("id") else { return missing("id") }
            switch type {
            case "text-start": return .chunk(.textStart(id: id))
            case "text-end": return .chunk(.textEnd(id: id))
            case "reasoning-start": return .chunk(.reasoningStart(id: id))
            default: return .chunk(.reasoningEnd(id: id))
            }
        case "tool-input-start":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            guard let name = need("toolName") else { return missing("toolName") }
            return .chunk(.toolInputStart(callID: call, toolName: name, providerExecuted: flag("providerExecuted"), dynamic: flag("dynamic")))
        case "tool-input-available":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            guard let name = need("toolName") else { return missing("toolName") }
            return .chunk(.toolInputAvailable(callID: call, toolName: name, input: o["input"] ?? .object([:]),
                                              providerExecuted: flag("providerExecuted"), dynamic: flag("dynamic")))
        case "tool-input-error":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            return .chunk(.toolInputError(callID: call, toolName: need("toolName") ?? "", input: o["input"] ?? .null,
                                          errorText: need("errorText") ?? "The tool's input could not be read."))
        case "tool-output-available":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            return .chunk(.toolOutputAvailable(callID: call, output: o["output"] ?? .null, preliminary: flag("preliminary")))
        case "tool-output-error":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            return .chunk(.toolOutputError(callID: call, errorText: need("errorText") ?? "The tool failed."))
        case "tool-output-denied":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            return .chunk(.toolOutputDenied(callID: call))
        case "tool-approval-request":
            guard let call = need("toolCallId") else { return missing("toolCallId") }
            return .chunk(.toolApprovalRequest(approvalID: need("approvalId") ?? call, callID: call))
        case "message-metadata":
            guard let metadata = o["messageMetadata"]?.objectValue else {
                return .warning("a \"message-metadata\" chunk without an object \"messageMetadata\" was skipped")
            }
            return .chunk(.messageMetadata(metadata))
        case "finish": return .chunk(.finish(reason: need("finishReason"), metadata: o["messageMetadata"]?.objectValue))
        case "error":
            return .chunk(.error(need("errorText") ?? "The agent reported an error without a text."))
        case "abort": return .chunk(.abort(reason: need("reason")))
        case "source-url", "source-document", "file": return .chunk(.ignored(type))
        default:
            guard type.hasPrefix("data-"), type.count > 5 else { return .skipped }
            return .chunk(.data(name: String(type.dropFirst(5)), id: need("id"), data: o["data"] ?? .null, transient: flag("transient")))
        }
    }
}
