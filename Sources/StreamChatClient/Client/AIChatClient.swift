import StreamChatAI
import Synchronization

/// An agent chat client: one ``send(conversationID:message:)`` sends the
/// user's message, streams the reply, runs the client tools the agent asks
/// for, delivers their results, continues the conversation, and returns when
/// the agent is done.
///
/// Tools are handlers registered by name (``register(_:)``), plugin tools
/// (``loadPlugins(directory:registry:)``) and MCP servers' tools
/// (``addMCPServer(_:)``). Each call runs through the shared
/// ``ToolCallExecution`` (arguments checked, one timeout, a 20 KB output cap),
/// at most once per call id: with a ledger, also across restarts.
///
/// ```swift
/// let client = try AIChatClient(configuration: .init(transport: .uiMessageStream(url: "http://127.0.0.1:8765/api/chat")))
/// client.register(locationTool)
/// client.onEvent = { if case .textDelta(let text) = $0 { print(text, terminator: "") } }
/// let response = try client.send(message: ["text": "Weather where I am?"])
/// ```
public final class AIChatClient: AIPluginHost {
    /// What the client talks to and how.
    public let configuration: Configuration
    /// The tools the client runs: registered handlers first, then plugins and MCP servers.
    public let toolBox = AIToolBox(origin: "the app")
    let engine: ExactlyOnceEngine

    private struct State {
        var onEvent: (@Sendable (AIChatEvent) -> Void)?
        var approver: (@Sendable (AIChatApprovalRequest) -> Bool)?
        /// The UI message stream's conversations (the server keeps none), newest last.
        var conversations: [String: [JSONValue]] = [:]
        var conversationOrder: [String] = []
        var sends: [ObjectIdentifier: ChatSendControl] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    /// How many conversations of the UI message stream the client remembers.
    public static let rememberedConversations = 256

    /// A client; opens the ledger when the configuration names one.
    /// - Throws: ``StreamChatAIError`` when the ledger can't be opened or is used by another client.
    public init(configuration: Configuration) throws(StreamChatAIError) {
        self.configuration = configuration
        let ledger = configuration.ledgerPath.map { (path: $0, userID: configuration.userID ?? "", clientID: configuration.clientID ?? "") }
        engine = try ExactlyOnceEngine(schedule: .onNextUpdate(maxAttempts: 1), ledger: ledger)
    }

    deinit { engine.close() }

    /// The client's configuration says (`allow_writable_plugins`).
    public var allowsWritablePlugins: Bool { configuration.allowWritablePlugins }

    /// Registers a handler; one of the same name is replaced.
    public func register(_ tool: AIClientTool) {
        toolBox.own.remove(named: tool.name)
        toolBox.own.add(tool)
    }

    /// Gets every event of a send, on the thread that called it (nil: none).
    public var onEvent: (@Sendable (AIChatEvent) -> Void)? {
        get { state.withLock { $0.onEvent } }
        set { state.withLock { $0.onEvent = newValue } }
    }

    /// Decides the server's approval requests, on the thread that called
    /// send; true allows. Without one, every request is declined.
    public var approver: (@Sendable (AIChatApprovalRequest) -> Bool)? {
        get { state.withLock { $0.approver } }
        set { state.withLock { $0.approver = newValue } }
    }

    /// Sends a user message and runs the reply's tool loop to its end.
    /// - Parameters:
    ///   - conversationID: the conversation to continue; nil starts one.
    ///   - message: `{"text"}`, or a UI message (`{"id"?, "role": "user", "parts"}`).
    /// - Throws: ``StreamChatAIError``: `.io` (HTTP status and body excerpt,
    ///   an error the stream reported, a reply with nothing readable),
    ///   `.limitExceeded` (more tool rounds than `max_tool_loop_steps`),
    ///   `.cancelled`, `.invalidArgument` (a message of the wrong shape).
    public func send(conversationID: String? = nil, message: JSONValue) throws(StreamChatAIError) -> AIChatResponse {
        let user = try ChatUserMessage(message)
        return try run { (send: inout ChatSend) throws(StreamChatAIError) in try send.start(conversationID: conversationID, user: user) }
    }

    /// Asks the agent again for the reply `messageID` of a conversation, and
    /// runs its tool loop to its end.
    /// - Throws: as ``send(conversationID:message:)``, plus `.notFound` when the
    ///   client has no such message of a UI message stream conversation.
    public func retry(conversationID: String, messageID: String) throws(StreamChatAIError) -> AIChatResponse {
        try run { (send: inout ChatSend) throws(StreamChatAIError) in try send.retry(conversationID: conversationID, messageID: messageID) }
    }

    /// Cancels the sends under way (from any thread): each ends with `.cancelled`.
    public func cancel() {
        for control in state.withLock({ Array($0.sends.values) }) { control.cancel() }
    }

    /// Cancels the sends under way and refuses new ones; the ledger is let go once they end
    /// (at once when none is under way), so another client may open it.
    public func close() {
        let idle = state.withLock { s -> Bool in
            s.closed = true
            return s.sends.isEmpty
        }
        cancel()
        engine.close()
        if idle { engine.releaseLedger() }
    }

    private func run(_ body: (inout ChatSend) throws(StreamChatAIError) -> AIChatResponse) throws(StreamChatAIError) -> AIChatResponse {
        let control = ChatSendControl()
        let key = ObjectIdentifier(control)
        let (open, onEvent, approver) = state.withLock { s in
            if !s.closed { s.sends[key] = control }
            return (!s.closed, s.onEvent, s.approver)
        }
        guard open else { throw StreamChatAIError(.refused, "the chat client is closed") }
        defer {
            let last = state.withLock { s -> Bool in
                s.sends.removeValue(forKey: key)
                return s.closed && s.sends.isEmpty
            }
            // The last send of a closed client lets the ledger go.
            if last { engine.releaseLedger() }
        }
        var send = ChatSend(client: self, control: control, onEvent: onEvent, approver: approver)
        return try body(&send)
    }

    /// The UI messages of a conversation of the UI message stream so far.
    public func history(of conversationID: String) -> [JSONValue]? {
        state.withLock { $0.conversations[conversationID] }
    }

    func remember(_ conversationID: String, _ messages: [JSONValue]) {
        state.withLock { s in
            if s.conversations.updateValue(messages, forKey: conversationID) == nil {
                s.conversationOrder.append(conversationID)
                if s.conversationOrder.count > Self.rememberedConversations {
                    s.conversations[s.conversationOrder.removeFirst()] = nil
                }
            }
        }
    }
}
