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
        data.withUnsafeBytes { read($0) }
    }

    /// Reads one event's data leniently; see ``read(_:)-([UInt8])``.
    ///
    /// The chunk is read member by member from the bytes (a stream is
    /// thousands of small objects, most of them deltas): only the fields
    /// chunks use are built, the rest are checked and skipped.
    public static func read(_ data: UnsafeRawBufferPointer) -> Reading {
        if data.count == 6, data.elementsEqual("[DONE]".utf8) { return .done }
        var fields = Fields()
        do {
            guard var object = try JSONObjectReader(data) else {
                let value = try JSONParser.parse(data)
                return .warning("an event that is not a JSON object (\(value.typeName)) was skipped")
            }
            while try object.nextMember() { try fields.read(&object) }
        } catch {
            return .warning("an event that is not JSON was skipped: \(error)")
        }
        guard let type = fields.type.take() else { return .warning("an event without a string \"type\" was skipped") }
        return fields.chunk(of: type)
    }
}

/// A chunk's `type`, told from its bytes.
private enum ChunkType {
    case known(KnownChunkType)
    case data(name: String)
    case unknown

    init(_ bytes: UnsafeRawBufferPointer) {
        if let known = KnownChunkType(bytes) {
            self = .known(known)
        } else if bytes.count > 5, bytes.starts(with: "data-".utf8) {
            self = .data(name: String(decoding: bytes[5...], as: UTF8.self))
        } else {
            self = .unknown
        }
    }
}

/// The chunk types with a fixed name.
private enum KnownChunkType: String, CaseIterable {
    case textDelta = "text-delta", reasoningDelta = "reasoning-delta", toolInputDelta = "tool-input-delta"
    case start, startStep = "start-step", finishStep = "finish-step"
    case textStart = "text-start", textEnd = "text-end", reasoningStart = "reasoning-start", reasoningEnd = "reasoning-end"
    case toolInputStart = "tool-input-start", toolInputAvailable = "tool-input-available", toolInputError = "tool-input-error"
    case toolOutputAvailable = "tool-output-available", toolOutputError = "tool-output-error"
    case toolOutputDenied = "tool-output-denied", toolApprovalRequest = "tool-approval-request"
    case messageMetadata = "message-metadata", finish, error, abort
    case sourceURL = "source-url", sourceDocument = "source-document", file

    private static let all = allCases
    private static let names = JSONKeySet(all.map(\.rawValue))

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let k = Self.names.index(of: bytes) else { return nil }
        self = Self.all[k]
    }
}

/// The members chunks use, as the last member of each name gave them (a
/// string or flag of another JSON type reads as missing).
private struct Fields {
    var type: ChunkType?
    var id, delta, toolCallID, toolName, inputTextDelta, errorText, approvalID, messageID, finishReason, reason: String?
    var input, output, data, messageMetadata: JSONValue?
    var providerExecuted, dynamic, preliminary, transient: Bool?

    /// The member names chunks use.
    private enum Name: String, CaseIterable {
        case type, id, delta, toolCallId, toolName, inputTextDelta, input, output, errorText
        case providerExecuted, dynamic, preliminary, approvalId, messageId, messageMetadata, finishReason, reason, data, transient
        static let all = allCases
        static let set = JSONKeySet(all.map(\.rawValue))
    }

    mutating func read(_ object: inout JSONObjectReader) throws(JSONError) {
        guard let k = object.keyIndex(in: Name.set) else { return }
        switch Name.all[k] {
        case .type:
            var type: ChunkType?
            _ = try object.readStringBytes { type = ChunkType($0) }
            self.type = type
        case .id: id = try object.readString()
        case .delta: delta = try object.readString()
        case .toolCallId: toolCallID = try object.readString()
        case .toolName: toolName = try object.readString()
        case .inputTextDelta: inputTextDelta = try object.readString()
        case .input: input = try object.readValue()
        case .output: output = try object.readValue()
        case .errorText: errorText = try object.readString()
        case .providerExecuted: providerExecuted = try object.readBool()
        case .dynamic: dynamic = try object.readBool()
        case .preliminary: preliminary = try object.readBool()
        case .approvalId: approvalID = try object.readString()
        case .messageId: messageID = try object.readString()
        case .messageMetadata: messageMetadata = try object.readValue()
        case .finishReason: finishReason = try object.readString()
        case .reason: reason = try object.readString()
        case .data: data = try object.readValue()
        case .transient: transient = try object.readBool()
        }
    }

    /// The chunk of `type` made of these fields, which it takes (moved, not copied: this runs per chunk).
    mutating func chunk(of type: ChunkType) -> UIMessageChunk.Reading {
        switch type {
        case .known(let known): return chunk(of: known)
        case .data(let name): return .chunk(.data(name: name, id: id.take(), data: data.take() ?? .null, transient: transient ?? false))
        case .unknown: return .skipped
        }
    }

    private mutating func chunk(of type: KnownChunkType) -> UIMessageChunk.Reading {
        func missing(_ key: String) -> UIMessageChunk.Reading {
            .warning("a \(JSONSerializer.quoted(type.rawValue)) chunk without a string \(JSONSerializer.quoted(key)) was skipped")
        }
        switch type {
        case .textDelta, .reasoningDelta:
            guard let id = id.take() else { return missing("id") }
            guard let delta = delta.take() else { return missing("delta") }
            if case .textDelta = type { return .chunk(.textDelta(id: id, delta: delta)) }
            return .chunk(.reasoningDelta(id: id, delta: delta))
        case .toolInputDelta:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            guard let inputTextDelta = inputTextDelta.take() else { return missing("inputTextDelta") }
            return .chunk(.toolInputDelta(callID: toolCallID, delta: inputTextDelta))
        case .start: return .chunk(.start(messageID: messageID.take(), metadata: messageMetadata.take()?.objectValue))
        case .startStep: return .chunk(.startStep)
        case .finishStep: return .chunk(.finishStep)
        case .textStart, .textEnd, .reasoningStart, .reasoningEnd:
            guard let id = id.take() else { return missing("id") }
            switch type {
            case .textStart: return .chunk(.textStart(id: id))
            case .textEnd: return .chunk(.textEnd(id: id))
            case .reasoningStart: return .chunk(.reasoningStart(id: id))
            default: return .chunk(.reasoningEnd(id: id))
            }
        case .toolInputStart:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            guard let toolName = toolName.take() else { return missing("toolName") }
            return .chunk(.toolInputStart(callID: toolCallID, toolName: toolName,
                                          providerExecuted: providerExecuted ?? false, dynamic: dynamic ?? false))
        case .toolInputAvailable:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            guard let toolName = toolName.take() else { return missing("toolName") }
            return .chunk(.toolInputAvailable(callID: toolCallID, toolName: toolName, input: input.take() ?? .object([:]),
                                              providerExecuted: providerExecuted ?? false, dynamic: dynamic ?? false))
        case .toolInputError:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            return .chunk(.toolInputError(callID: toolCallID, toolName: toolName.take() ?? "", input: input.take() ?? .null,
                                          errorText: errorText.take() ?? "The tool's input could not be read."))
        case .toolOutputAvailable:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            return .chunk(.toolOutputAvailable(callID: toolCallID, output: output.take() ?? .null, preliminary: preliminary ?? false))
        case .toolOutputError:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            return .chunk(.toolOutputError(callID: toolCallID, errorText: errorText.take() ?? "The tool failed."))
        case .toolOutputDenied:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            return .chunk(.toolOutputDenied(callID: toolCallID))
        case .toolApprovalRequest:
            guard let toolCallID = toolCallID.take() else { return missing("toolCallId") }
            return .chunk(.toolApprovalRequest(approvalID: approvalID.take() ?? toolCallID, callID: toolCallID))
        case .messageMetadata:
            guard let metadata = messageMetadata.take()?.objectValue else {
                return .warning("a \"message-metadata\" chunk without an object \"messageMetadata\" was skipped")
            }
            return .chunk(.messageMetadata(metadata))
        case .finish: return .chunk(.finish(reason: finishReason.take(), metadata: messageMetadata.take()?.objectValue))
        case .error: return .chunk(.error(errorText.take() ?? "The agent reported an error without a text."))
        case .abort: return .chunk(.abort(reason: reason.take()))
        case .sourceURL, .sourceDocument, .file: return .chunk(.ignored(type.rawValue))
        }
    }
}
