import StreamChatAI

/// An agent's reply as the chunks of all its rounds build it: the assistant
/// UI message (what a continuation sends back), its text, its tool calls, its
/// steps, and what the stream's `finish` said.
///
/// ```swift
/// var reply = ChatReply(messageID: "a-1")
/// for chunk in chunks { show(reply.apply(chunk, atMs: clock())) }
/// let body = reply.uiMessage
/// ```
public struct ChatReply: Sendable {
    /// What applying a chunk did that a watcher may want to show, beyond what
    /// the chunk itself says (a text delta is its own news: no effect). A
    /// value, not a list, so the hot path allocates nothing.
    public struct Effects: Sendable, Hashable {
        /// The reasoning or tool-call steps changed.
        public var stepsChanged = false
        /// The server will run (or ran) this call: its input is known.
        public var serverToolCall: String?
        /// The server's result of this call arrived.
        public var serverToolResult: String?

        /// Nothing to show.
        public static let none = Effects()
        static let steps = Effects(stepsChanged: true)
    }

    private enum Part: Sendable {
        case stepStart
        /// Text and reasoning keep their text in ``texts`` (by index), so a delta appends in place.
        case text(id: String, text: Int)
        case reasoning(id: String, text: Int)
        /// The call at this index of ``calls``.
        case tool(call: Int)
        case data(name: String, id: String?, data: JSONValue)
    }

    private struct Reasoning: Sendable {
        var done = false
        var startedAtMs: Int64
        var endedAtMs: Int64?
    }

    /// The assistant message's id.
    public var messageID: String
    /// What `start`, `message-metadata` and `finish` said about the message, merged.
    public private(set) var metadata = JSONObject()
    /// The last `finish` chunk's reason.
    public private(set) var finishReason: String?
    /// The texts of `error` chunks.
    public private(set) var errors: [String] = []
    /// Whether an `abort` chunk came, and its reason.
    public private(set) var abortReason: String??
    /// Whether any chunk was read.
    public private(set) var chunkCount = 0
    private var parts: [Part] = []
    private var texts: [String] = []
    private var reasonings: [Int: Reasoning] = [:]
    /// Where each text and reasoning part's text is in ``texts``.
    private var textParts = ChatPartIndex()
    private var reasoningParts = ChatPartIndex()
    private var dataParts: [String: Int] = [:]
    /// The calls in the order they arrived, and where each id's call is.
    private var calls: [ChatToolCall] = []
    private var callIndex = ChatPartIndex()

    /// A reply to be built under `messageID`.
    public init(messageID: String) { self.messageID = messageID }

    /// The call of `id`, if the reply has it.
    public func call(_ id: String) -> ChatToolCall? { callIndex.peek(id).map { calls[$0] } }

    /// Every call, in the order they arrived.
    public var toolCalls: [ChatToolCall] { calls }

    /// Changes a call (the loop's results and approvals).
    public mutating func update(call id: String, _ change: (inout ChatToolCall) -> Void) {
        guard let k = callIndex.position(of: id) else { return }
        change(&calls[k])
    }

    /// The text parts joined, a blank line between parts.
    public var text: String {
        parts.compactMap { part -> String? in
            if case .text(_, let k) = part, !texts[k].isEmpty { return texts[k] }
            return nil
        }.joined(separator: "\n\n")
    }

    /// Takes one chunk (at `atMs` on the reply's clock, for durations).
    public mutating func apply(_ chunk: consuming UIMessageChunk, atMs now: Int64) -> Effects {
        chunkCount += 1
        switch consume chunk {
        case .start(let id, let meta):
            if let id { messageID = id }
            if let meta { merge(meta) }
        case .startStep:
            parts.append(.stepStart)
        case .finishStep, .ignored:
            break
        case .textStart(let id):
            openText(id)
        case .textDelta(let id, let delta):
            texts[openText(id)].append(delta)
        case .textEnd:
            break
        case .reasoningStart(let id):
            openReasoning(id, now)
            return .steps
        case .reasoningDelta(let id, let delta):
            // A delta before its start (seen after approval continuations) opens the part.
            let known = texts.count
            texts[openReasoning(id, now)].append(delta)
            return texts.count > known ? .steps : .none
        case .reasoningEnd(let id):
            let k = openReasoning(id, now)
            reasonings[k]?.done = true
            reasonings[k]?.endedAtMs = now
            return .steps
        case .toolInputStart(let callID, let name, let provider, let dynamic):
            openCall(callID, name, now) {
                $0.providerExecuted = $0.providerExecuted || provider
                $0.dynamic = $0.dynamic || dynamic
            }
            return .steps
        case .toolInputDelta(let callID, let delta):
            guard let k = callIndex.position(of: callID) else { return .none }
            calls[k].inputText += delta
        case .toolInputAvailable(let callID, let name, let input, let provider, let dynamic):
            var effects = Effects.steps
            let k = openCall(callID, name, now) {
                $0.input = input
                $0.providerExecuted = $0.providerExecuted || provider
                $0.dynamic = $0.dynamic || dynamic
                // A call answered already (an approved call the server runs now) keeps its outcome.
                if !$0.isSettled && $0.state != .approvalRequested { $0.state = .inputAvailable }
                if $0.providerExecuted && $0.executor == nil { $0.executor = "server" }
            }
            if calls[k].executor == "server" { effects.serverToolCall = callID }
            return effects
        case .toolInputError(let callID, let name, let input, let errorText):
            openCall(callID, name, now) {
                $0.input = input
                $0.state = .outputError
                $0.errorText = errorText
                $0.executor = $0.executor ?? "server"
                $0.endedAtMs = now
            }
            return .steps
        case .toolOutputAvailable(let callID, let output, let preliminary):
            return settle(callID, now) {
                $0.output = output
                if !preliminary { $0.state = .outputAvailable }
            }
        case .toolOutputError(let callID, let errorText):
            return settle(callID, now) {
                $0.state = .outputError
                $0.errorText = errorText
            }
        case .toolOutputDenied(let callID):
            return settle(callID, now) {
                $0.state = .outputDenied
                $0.errorText = $0.errorText ?? "The user declined the call."
            }
        case .toolApprovalRequest(let approvalID, let callID):
            guard let k = callIndex.position(of: callID) else { return .none }
            calls[k].approvalID = approvalID
            calls[k].approved = nil
            if !calls[k].isSettled { calls[k].state = .approvalRequested }
            calls[k].executor = "server"
            return Effects(stepsChanged: true, serverToolCall: callID)
        case .messageMetadata(let meta):
            merge(meta)
        case .finish(let reason, let meta):
            if let reason { finishReason = reason }
            if let meta { merge(meta) }
        case .error(let text):
            errors.append(text)
        case .abort(let reason):
            abortReason = .some(reason)
        case .data(let name, let id, let data, let transient):
            guard !transient else { break }
            if let id, let i = dataParts[name + "\u{0}" + id] {
                parts[i] = .data(name: name, id: id, data: data)
            } else {
                if let id { dataParts[name + "\u{0}" + id] = parts.count }
                parts.append(.data(name: name, id: id, data: data))
            }
        }
        return .none
    }

    /// The calls of this round left for this client: input complete, no
    /// outcome, no approval pending, not run by the server.
    public var callsForClient: [ChatToolCall] {
        toolCalls.filter { $0.state == .inputAvailable && !$0.providerExecuted && $0.executor != "server" }
    }

    /// The calls whose approval the server asked for and nobody answered yet.
    public var callsAwaitingApproval: [ChatToolCall] {
        toolCalls.filter { $0.state == .approvalRequested && $0.approved == nil }
    }

    /// The assistant UI message: `{"id", "role": "assistant", "parts"}`.
    public var uiMessage: JSONValue {
        let rendered = parts.compactMap { part -> JSONValue? in
            switch part {
            case .stepStart: return ["type": "step-start"]
            case .text(_, let k): return ["type": "text", "text": .string(texts[k]), "state": "done"]
            case .reasoning(_, let k): return ["type": "reasoning", "text": .string(texts[k]), "state": "done"]
            case .tool(let k): return calls[k].uiPart
            case .data(let name, let id, let data):
                var members: [(String, JSONValue)] = [("type", .string("data-" + name))]
                if let id { members.append(("id", .string(id))) }
                members.append(("data", data))
                return .object(JSONObject(members))
            }
        }
        return .object(JSONObject([("id", .string(messageID)), ("role", "assistant"), ("parts", .array(rendered))]))
    }

    /// The reply's steps as `ai_reasoning` and `ai_tool_call` attachments, in
    /// order; client calls name `target` as who runs them.
    public func attachments(target: (user: String, client: String)?, nowMs: Int64) -> [JSONValue] {
        parts.compactMap { part -> JSONValue? in
            switch part {
            case .reasoning(let id, let k):
                let text = texts[k]
                let state = reasonings[k] ?? Reasoning(startedAtMs: nowMs)
                let (done, start, end) = (state.done, state.startedAtMs, state.endedAtMs)
                var members: [(String, JSONValue)] = [("type", "ai_reasoning"), ("id", .string(id)),
                                                      ("status", .string(done ? "completed" : "streaming"))]
                let excerpt = done ? String(text.prefix(Self.previewCharacters)) : String(text.suffix(Self.previewCharacters))
                if !excerpt.isEmpty { members.append(("preview", .string(excerpt))) }
                members.append(("duration_ms", .integer(max(0, (end ?? nowMs) - start))))
                return .object(JSONObject(members))
            case .tool(let k): return calls[k].attachment(target: target)
            default: return nil
            }
        }
    }

    /// How much of the reasoning a step's preview keeps.
    static let previewCharacters = 600

    /// The text index of text part `id`, opened when new.
    @discardableResult
    private mutating func openText(_ id: String) -> Int {
        if let k = textParts.position(of: id) { return k }
        texts.append("")
        textParts.insert(id, at: texts.count - 1)
        parts.append(.text(id: id, text: texts.count - 1))
        return texts.count - 1
    }

    /// The text index of reasoning part `id`, opened (at `now`) when new.
    @discardableResult
    private mutating func openReasoning(_ id: String, _ now: Int64) -> Int {
        if let k = reasoningParts.position(of: id) { return k }
        texts.append("")
        reasoningParts.insert(id, at: texts.count - 1)
        reasonings[texts.count - 1] = Reasoning(startedAtMs: now)
        parts.append(.reasoning(id: id, text: texts.count - 1))
        return texts.count - 1
    }

    /// The index of call `id`, opened when new; `change` applied to it.
    @discardableResult
    private mutating func openCall(_ id: String, _ name: String, _ now: Int64, _ change: (inout ChatToolCall) -> Void) -> Int {
        let k: Int
        if let known = callIndex.position(of: id) {
            k = known
        } else {
            k = calls.count
            calls.append(ChatToolCall(id: id, toolName: name, startedAtMs: now))
            callIndex.insert(id, at: k)
            parts.append(.tool(call: k))
        }
        change(&calls[k])
        return k
    }

    private mutating func settle(_ id: String, _ now: Int64, _ change: (inout ChatToolCall) -> Void) -> Effects {
        guard let k = callIndex.position(of: id) else { return .none }
        change(&calls[k])
        guard calls[k].isSettled else { return .none }
        calls[k].endedAtMs = now
        // An outcome in the stream is the server's, unless this client ran the call; a watcher
        // announces each call once, so saying the call again here is harmless.
        if calls[k].executor != "client" { calls[k].executor = "server" }
        return Effects(stepsChanged: true, serverToolCall: id, serverToolResult: id)
    }

    private mutating func merge(_ meta: JSONObject) {
        for (key, value) in meta { metadata[key] = value }
    }
}
