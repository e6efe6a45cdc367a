import StreamChatAI

/// One send or retry: the rounds of streaming, tool calls, results and
/// continuations until the agent is done.
struct ChatSend {
    let client: AIChatClient
    let control: ChatSendControl
    let onEvent: (@Sendable (AIChatEvent) -> Void)?
    let approver: (@Sendable (AIChatApprovalRequest) -> Bool)?
    private let clock = ContinuousClock()
    private let startedAt: ContinuousClock.Instant
    private var configuration: AIChatClient.Configuration { client.configuration }

    private var reply = ChatReply(messageID: "a-" + RandomUUID.string())
    private var conversationID: String?
    private var history: [JSONValue] = []
    private var userMessageID: String?
    private var warnings: [String] = []
    private var rounds = 0
    private var announcedCalls: Set<String> = []
    private var announcedResults: Set<String> = []

    init(client: AIChatClient, control: ChatSendControl, onEvent: (@Sendable (AIChatEvent) -> Void)?,
         approver: (@Sendable (AIChatApprovalRequest) -> Bool)?) {
        self.client = client
        self.control = control
        self.onEvent = onEvent
        self.approver = approver
        startedAt = clock.now
    }

    /// The most warnings a response keeps (events get them all).
    static let maxWarnings = 100

    mutating func start(conversationID: String?, user: ChatUserMessage) throws(StreamChatAIError) -> AIChatResponse {
        userMessageID = user.id
        switch configuration.transport {
        case .uiMessageStream(let url):
            let id = conversationID ?? "chat-" + RandomUUID.string()
            self.conversationID = id
            history = (client.history(of: id) ?? []) + [user.uiMessage]
            try round(uiRequest(url, trigger: "submit-message"), retryable: false)
        case .chatbase(let base, let agent, _):
            self.conversationID = conversationID
            var body: [(String, JSONValue)] = [("message", .string(user.text))]
            if let conversationID { body.append(("conversationId", .string(conversationID))) }
            body.append(("stream", true))
            try round(chatbaseRequest(base + "/agents/\(agent)/chat", body), retryable: false)
        }
        return try loop()
    }

    mutating func retry(conversationID: String, messageID: String) throws(StreamChatAIError) -> AIChatResponse {
        self.conversationID = conversationID
        switch configuration.transport {
        case .uiMessageStream(let url):
            guard let messages = client.history(of: conversationID) else {
                throw StreamChatAIError(.notFound, "this client has no conversation \(JSONSerializer.quoted(conversationID))")
            }
            guard let at = messages.firstIndex(where: { $0["id"]?.stringValue == messageID }) else {
                throw StreamChatAIError(.notFound, "conversation \(JSONSerializer.quoted(conversationID)) has no message \(JSONSerializer.quoted(messageID))")
            }
            history = Array(messages[..<at])
            userMessageID = history.last(where: { $0["role"]?.stringValue == "user" })?["id"]?.stringValue
            try round(uiRequest(url, trigger: "regenerate-message", messageID: messageID), retryable: false)
        case .chatbase(let base, let agent, _):
            try round(chatbaseRequest(base + "/agents/\(agent)/conversations/\(Self.pathSegment(conversationID))/retry",
                                      [("messageId", .string(messageID)), ("stream", true)]), retryable: false)
        }
        return try loop()
    }

    // MARK: The loop

    private mutating func loop() throws(StreamChatAIError) -> AIChatResponse {
        var toolRounds = 0
        while reply.abortReason == nil {
            if case .chatbase = configuration.transport, let id = reply.metadata["conversationId"]?.stringValue { conversationID = id }
            let approvals = reply.callsAwaitingApproval
            let calls = reply.callsForClient
            guard !approvals.isEmpty || !calls.isEmpty else { break }
            if case .chatbase = configuration.transport, calls.isEmpty {
                // Chatbase has no way to answer an approval: nothing to send, so no round to continue.
                for call in approvals { decide(call) }
                break
            }
            toolRounds += 1
            guard toolRounds <= configuration.maxToolLoopSteps else {
                throw StreamChatAIError(.limitExceeded, "the agent asked for tools in more than \(configuration.maxToolLoopSteps) rounds (max_tool_loop_steps \(configuration.maxToolLoopSteps)); the send stopped")
            }
            for call in approvals { decide(call) }
            for call in calls { try runClientCall(call) }
            emitSteps()
            try control.checkCancelled()
            try continueConversation(deliver: calls)
        }
        if case .uiMessageStream = configuration.transport, let id = conversationID {
            client.remember(id, history + [reply.uiMessage])
        }
        return response()
    }

    private mutating func decide(_ call: ChatToolCall) {
        var allowed = false
        if case .chatbase = configuration.transport {
            warn("\(call.toolName) (\(call.id)) asked for approval, which the chatbase transport can't answer; declined")
        } else if let approver {
            allowed = approver(AIChatApprovalRequest(approvalID: call.approvalID ?? call.id, toolCallID: call.id,
                                                     toolName: call.toolName, input: call.input))
        }
        reply.update(call: call.id) {
            $0.approved = allowed
            $0.state = .approvalResponded
        }
    }

    private mutating func runClientCall(_ call: ChatToolCall) throws(StreamChatAIError) {
        reply.update(call: call.id) { $0.executor = "client" }
        announce(call: call.id, executor: "client")
        emitSteps()
        let result = execute(call)
        try control.checkCancelled()
        let now = elapsedMs
        reply.update(call: call.id) {
            switch result {
            case .completed(let output, let summary):
                $0.state = .outputAvailable
                $0.output = .object(output)
                $0.summary = summary
            case .failed(let reason):
                $0.state = .outputError
                $0.errorText = reason
            }
            $0.endedAtMs = now
        }
        announce(result: call.id)
    }

    /// Runs a call once: a call the engine knows already gets its recorded result again.
    private func execute(_ call: ChatToolCall) -> AIToolResult {
        guard case .object(let arguments) = call.input else {
            return .failed(reason: "The call's input is \(call.input.typeName), not a JSON object.")
        }
        let part = AIToolCallPart(id: call.id, name: call.toolName, arguments: arguments)
        if let known = client.engine.entry(call.id) { return Self.recorded(known) }
        switch client.engine.offer(part, deliver: { _, _ in true }) {
        case .run:
            let result: AIToolResult
            if let tool = client.toolBox.tool(named: call.toolName) {
                let execution = ToolCallExecution.start(tool, call: part, defaultTimeoutMs: configuration.toolTimeoutMs ?? Int(Int32.max))
                control.waiting(for: execution)
                result = execution.wait()
                control.waiting(for: nil)
            } else {
                result = .failed(reason: "No handler registered for tool '\(call.toolName)'")
            }
            client.engine.complete(part, with: result)
            return result
        case .notRecorded(let why):
            return .failed(reason: "The call was not run: the ledger could not record it (\(why)).")
        case .handled, .resent, .gaveUp:
            return client.engine.entry(call.id).map(Self.recorded) ?? .failed(reason: "The call \(call.id) was not run.")
        }
    }

    /// The result to send for a call the engine knew before this round: never a second run.
    private static func recorded(_ entry: ExactlyOnceEngine.LedgerEntry) -> AIToolResult {
        if let result = entry.result { return result }
        if entry.state == .running { return .failed(reason: "The call \(entry.callID) is already running elsewhere in this app.") }
        // The ledger keeps no results of delivered calls once they are reloaded.
        return .failed(reason: "This install ran the call \(entry.callID) before and delivered its result then; it is not run again.")
    }

    /// Hands the round's results to the agent and reads its next round.
    private mutating func continueConversation(deliver calls: [ChatToolCall]) throws(StreamChatAIError) {
        switch configuration.transport {
        case .uiMessageStream(let url):
            try round(uiRequest(url, trigger: "submit-message"), retryable: true)
        case .chatbase(let base, let agent, _):
            guard let id = conversationID else {
                throw StreamChatAIError(.io, "the agent asked for tools, but its stream named no conversation (finish.messageMetadata.conversationId), so the results can't be sent")
            }
            let conversation = base + "/agents/\(agent)/conversations/\(Self.pathSegment(id))"
            for call in calls {
                guard let answered = reply.call(call.id) else { continue }
                let body = chatbaseRequest(conversation + "/tool-result", [("toolCallId", .string(call.id)), ("output", answered.resultOutput)])
                try retrying("the result of \(call.toolName) (\(call.id))") { send throws(StreamChatAIError) in try Self.post(body, send.control) }
            }
            try round(chatbaseRequest(base + "/agents/\(agent)/chat", [("conversationId", .string(id)), ("stream", true)]), retryable: true)
        }
    }

    // MARK: Streams

    /// Reads one stream into the reply; a continuation (`retryable`) that
    /// fails before any chunk arrived is tried again on the retry schedule.
    private mutating func round(_ request: HTTPRequest, retryable: Bool) throws(StreamChatAIError) {
        try control.checkCancelled()
        rounds += 1
        let before = reply.chunkCount
        let errorsBefore = reply.errors.count
        try retrying(nil, when: { send in retryable && send.reply.chunkCount == before }) { send throws(StreamChatAIError) in try send.stream(request) }
        if reply.errors.count > errorsBefore {
            throw StreamChatAIError(.io, "the agent's stream reported an error: \(reply.errors[errorsBefore...].joined(separator: "; "))")
        }
        if reply.chunkCount == before {
            throw StreamChatAIError(.io, "\(request.line) returned a reply with nothing readable\(warnings.isEmpty ? "" : " (\(warnings.last!))")")
        }
    }

    private mutating func stream(_ request: HTTPRequest) throws(StreamChatAIError) {
        var sse = SSEDecoder()
        var excerpt: [UInt8] = []
        var done = false
        let head = try Self.cancellable(control) { () throws(StreamChatAIError) in
            try HTTPClient.perform(request, cancellation: control.http) { bytes, head in
                guard head.isSuccess else {
                    excerpt.append(contentsOf: bytes.prefix(max(0, HTTPClient.excerptBytes - excerpt.count)))
                    return excerpt.count < HTTPClient.excerptBytes
                }
                sse.feed(bytes) { data in if !done { done = take(data) } }
                return !done
            }
        }
        guard head.isSuccess else { throw HTTPClient.statusError(request, head, excerpt) }
        if !done {
            sse.finish { data in if !done { done = take(data) } }
            if sse.droppedEvents > 0 { warn("\(sse.droppedEvents) events over \(sse.maxEventBytes) bytes were skipped") }
            if !done && reply.finishReason == nil && reply.chunkCount > 0 {
                warn("the stream of \(request.line) ended without \"finish\" or [DONE]")
            }
        }
    }

    /// Takes one event; true once the stream said it is done.
    private mutating func take(_ data: [UInt8]) -> Bool {
        switch UIMessageChunk.read(data) {
        case .done: return true
        case .skipped: return false
        case .warning(let text):
            warn(text)
            return false
        case .chunk(let chunk):
            let effects = reply.apply(chunk, atMs: elapsedMs)
            if case .textDelta(_, let delta) = chunk, !delta.isEmpty { onEvent?(.textDelta(delta)) }
            if effects.stepsChanged { emitSteps() }
            if let id = effects.serverToolCall { announce(call: id, executor: "server") }
            if let id = effects.serverToolResult { announce(result: id) }
            return false
        }
    }

    /// A POST whose response is read whole (Chatbase's tool-result).
    private static func post(_ request: HTTPRequest, _ control: ChatSendControl) throws(StreamChatAIError) {
        let (head, body) = try cancellable(control) { () throws(StreamChatAIError) in try HTTPClient.exchange(request, cancellation: control.http) }
        guard head.isSuccess else { throw HTTPClient.statusError(request, head, body) }
    }

    /// A transfer of this send: one the send's cancel ended (whatever curl made of it) is `.cancelled`.
    private static func cancellable<T>(_ control: ChatSendControl, _ transfer: () throws(StreamChatAIError) -> T) throws(StreamChatAIError) -> T {
        do {
            return try transfer()
        } catch where error.kind == .cancelled || control.isCancelled {
            throw StreamChatAIError(.cancelled, "the reply was cancelled")
        }
    }

    /// Runs `body`, and again after each of `retry_delays_ms` while it fails with `.io` and `when` holds;
    /// each retry is a warning. `what` (a delivery) names what failed in the warnings and the final error.
    private mutating func retrying(_ what: String?, when: (ChatSend) -> Bool = { _ in true },
                                   _ body: (inout ChatSend) throws(StreamChatAIError) -> Void) throws(StreamChatAIError) {
        var attempt = 0
        while true {
            do {
                try body(&self)
                return
            } catch where error.kind == .io && attempt < configuration.retryDelaysMs.count && when(self) {
                // A 404 ("not ready yet": the server has not stored the call) is retried like any failure.
                let delay = configuration.retryDelaysMs[attempt]
                warn(what.map { "sending \($0) failed (\(error.message)); trying again in \(delay) ms" } ?? "\(error.message); trying again in \(delay) ms")
                guard control.pause(ms: delay) else { throw StreamChatAIError(.cancelled, "the reply was cancelled") }
                attempt += 1
            } catch {
                guard let what, error.kind == .io else { throw error }
                throw StreamChatAIError(.io, "sending \(what) failed after \(attempt + 1) attempts: \(error.message)")
            }
        }
    }

    // MARK: Requests

    private func uiRequest(_ url: String, trigger: String, messageID: String? = nil) -> HTTPRequest {
        var members: [(String, JSONValue)] = [("trigger", .string(trigger)), ("id", .string(conversationID ?? "")),
                                              ("messages", .array(reply.chunkCount == 0 ? history : history + [reply.uiMessage]))]
        if let messageID { members.append(("messageId", .string(messageID))) }
        return request(url, members, accept: "text/event-stream")
    }

    private func chatbaseRequest(_ url: String, _ members: [(String, JSONValue)]) -> HTTPRequest {
        request(url, members, accept: "text/event-stream")
    }

    private func request(_ url: String, _ members: [(String, JSONValue)], accept: String) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json"), ("Accept", accept),
                                                        ("User-Agent", "streamchatai/\(StreamChatAIVersion.string)")]
        if case .chatbase(_, _, let token) = configuration.transport {
            if let device = configuration.clientID { headers.append(("X-Device-Id", device)) }
            if let token { headers.append(("X-User-Token", token)) }
        }
        headers += configuration.headers.map { ($0.name, $0.value) }
        var body: [UInt8] = []
        JSONSerializer.write(.object(JSONObject(members)), to: &body)
        return HTTPRequest(method: "POST", url: url, headers: headers, body: body, idleTimeoutMs: configuration.timeoutMs)
    }

    /// `segment` percent-encoded for a URL path.
    static func pathSegment(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    // MARK: Events and the response

    private var elapsedMs: Int64 {
        let d = clock.now - startedAt
        return d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }

    private var target: (user: String, client: String)? {
        guard let user = configuration.userID, let install = configuration.clientID else { return nil }
        return (user, install)
    }

    private mutating func warn(_ text: String) {
        if warnings.count < Self.maxWarnings { warnings.append(text) }
        onEvent?(.warning(text))
    }

    private func emitSteps() {
        guard let onEvent else { return }
        onEvent(.steps(reply.attachments(target: target, nowMs: elapsedMs)))
    }

    private mutating func announce(call id: String, executor: String) {
        guard let call = reply.call(id), announcedCalls.insert(id).inserted else { return }
        onEvent?(.toolCall(id: id, name: call.toolName, input: call.input, executor: executor))
    }

    private mutating func announce(result id: String) {
        guard let call = reply.call(id), call.isSettled, announcedResults.insert(id).inserted else { return }
        onEvent?(.toolResult(id: id, name: call.toolName, output: call.resultOutput))
    }

    private func response() -> AIChatResponse {
        let meta = reply.metadata
        let credits = meta["usage"]?["credits"]?.doubleValue ?? 0
        return AIChatResponse(
            text: reply.text,
            conversationID: meta["conversationId"]?.stringValue ?? conversationID,
            messageID: meta["messageId"]?.stringValue ?? reply.messageID,
            userMessageID: meta["userMessageId"]?.stringValue ?? userMessageID,
            userID: meta["userId"]?.stringValue ?? configuration.userID,
            finishReason: reply.finishReason ?? meta["finishReason"]?.stringValue ?? (reply.abortReason != nil ? "abort" : "stop"),
            credits: credits,
            toolCalls: reply.toolCalls.map {
                AIChatResponse.ToolCall(id: $0.id, name: $0.toolName, input: $0.input, output: $0.isSettled ? $0.resultOutput : .null,
                                        executor: $0.executor ?? "server", state: $0.state.rawValue)
            },
            rounds: rounds, attachments: reply.attachments(target: target, nowMs: elapsedMs), warnings: warnings,
            message: reply.uiMessage)
    }
}

