import Synchronization

/// A conversation as one front end shows it to one user on one install: the
/// messages in the order they first arrived, each with its text, its steps,
/// the approval and sign-in prompts that are this viewer's to answer, and its
/// generative UI; rendered as one UI IR tree, with the ops that turn the last
/// render into this one. The headless counterpart of a chat SDK's conversation view.
///
/// Hand it every message update as it streams (the newest fields win); a
/// message with `"deleted": true` (or of type `message.deleted`) leaves.
///
/// ```swift
/// let conversation = AIConversation(configuration: .init(viewer: .init(userID: me, clientID: install)), host: host)
/// try conversation.update(messageJSON)
/// let (tree, ops) = conversation.render()
/// ```
///
/// The tree: a `conversation` root; one `message` per message (`message_id`,
/// `author`, `mine`); inside, in order, `text`, the `steps` tree, an `approval`
/// or `sign_in` per call that asks this viewer, and `generative_ui` holding the
/// reply's UI. Every id below a message starts with the message's id and `/`,
/// so ids stay unique across the conversation.
public final class AIConversation: Sendable {
    /// Who looks, and how steps show.
    public let configuration: Configuration
    /// The UI host that renders the messages' generative UI (its renderers, components, tools, callbacks).
    public let host: AIUIHost

    private struct Message {
        var author: String?
        var text = ""
        var parts: [AIMessagePart] = []
    }

    private struct State {
        var order: [String] = []
        var messages: [String: Message] = [:]
        var last: UINode?
    }

    private let state = Mutex(State())

    /// A conversation with nothing in it yet.
    public init(configuration: Configuration, host: AIUIHost = AIUIHost()) {
        self.configuration = configuration
        self.host = host
    }

    /// The ids of the messages, in the order they first arrived.
    public var messageIDs: [String] { state.withLock { $0.order } }

    /// Takes one message update: `{"id", "text"?, "attachments"?, "custom"?,
    /// "user": {"id"}?, "deleted"?}`. Fields left out keep what an earlier update gave.
    /// A UI fenced in the text (when `custom` has no `ai_ui`) is the message's UI,
    /// and the text shows without it.
    /// - Throws: ``StreamChatAIError`` (invalid argument) when the update is not an
    ///   object, has no string `id`, or a field has the wrong type; nothing changes then.
    public func update(_ message: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = message else { throw .invalid(at: "$", "a message update must be an object, found \(message.typeName)") }
        guard case .string(let id)? = o["id"], !id.isEmpty else { throw .invalid(at: "$.id", "a message update needs a non-empty string id") }
        if o["deleted"] == .bool(true) || o["type"] == .string("message.deleted") {
            state.withLock { s in
                s.messages[id] = nil
                s.order.removeAll { $0 == id }
            }
            host.forget(messageID: id)
            return
        }
        var text: String?
        switch o["text"] {
        case nil, .null?: text = nil
        case .string(let t)?: text = t
        case let other?: throw .invalid(at: "$.text", "expected a string, found \(other.typeName)")
        }
        var parts: [AIMessagePart]?
        switch o["attachments"] {
        case nil, .null?: parts = nil
        case .array(let items)?: parts = AIMessagePart.parts(fromPartsOrAttachments: items)
        case let other?: throw .invalid(at: "$.attachments", "expected an array, found \(other.typeName)")
        }
        let custom = o["custom"] ?? o["custom_data"]
        if let custom, !custom.isNull, custom.objectValue == nil {
            throw .invalid(at: "$.custom", "expected an object, found \(custom.typeName)")
        }
        let author = o["user"]?["id"]?.stringValue ?? o["user_id"]?.stringValue

        // The UI: the custom data's, else one fenced in the text (which then shows without it).
        var shownText = text
        if let customUI = custom?["ai_ui"], !customUI.isNull {
            _ = host.receive(messageID: id, customData: custom!)
        } else if let text, let fenced = host.fencedUI(in: text) {
            shownText = fenced.text
            _ = host.receive(messageID: id, customData: .object(JSONObject([("ai_ui", fenced.ui)])))
        }
        state.withLock { s in
            if s.messages[id] == nil { s.order.append(id) }
            var entry = s.messages[id] ?? Message()
            if let shownText { entry.text = shownText }
            if let parts { entry.parts = parts }
            if let author { entry.author = author }
            s.messages[id] = entry
        }
    }

    /// The conversation as one tree, and the ops from the last render's tree
    /// to this one (from an empty conversation the first time).
    public func render() -> (root: UINode, ops: [UIDiff.Op]) {
        let (order, messages) = state.withLock { ($0.order, $0.messages) }
        let root = UINode(id: "conversation", type: "conversation",
                          children: order.compactMap { id in messages[id].map { node(id: id, $0) } })
        let last = state.withLock { s -> UINode? in
            defer { s.last = root }
            return s.last
        }
        return (root, UIDiff.ops(from: last ?? UINode(id: "conversation", type: "conversation"), to: root))
    }

    /// `{"ir": 1, "root", "ops"}` of ``render()``.
    public func renderJSON() -> JSONValue {
        let (root, ops) = render()
        return .object(JSONObject([("ir", .integer(Int64(UITree.version))), ("root", root.jsonValue), ("ops", .array(ops.map(\.jsonValue)))]))
    }

    private func node(id: String, _ message: Message) -> UINode {
        let prefix = id + "/"
        var children: [UINode] = []
        if !message.text.isEmpty {
            children.append(UINode(id: prefix + "text", type: "text", props: ["text": .string(message.text)]))
        }
        if !message.parts.isEmpty {
            children.append(Self.prefixed(StepsPresenter.tree(for: message.parts, options: configuration.steps).root, prefix))
        }
        for call in message.parts.compactMap(\.toolCall) {
            children += prompts(for: call, prefix: prefix)
        }
        if let render = host.render(messageID: id) {
            children.append(UINode(id: prefix + "ui", type: "generative_ui",
                                   props: ["format": .string(render.format), "streaming": .bool(render.isStreaming),
                                           "running_tools": .array(render.runningTools.map(JSONValue.string))],
                                   children: [Self.prefixed(render.root, prefix)]))
        }
        let author = message.author
        return UINode(id: id, type: "message", props: [
            "message_id": .string(id), "author": author.map(JSONValue.string) ?? .null,
            "mine": .bool(author == configuration.viewer.userID),
        ], children: children)
    }

    /// The approval and sign-in nodes of `call`, when they are this viewer's.
    private func prompts(for call: AIToolCallPart, prefix: String) -> [UINode] {
        let prompts = AIToolPrompts(call: call, viewer: configuration.viewer)
        var nodes: [UINode] = []
        if let approval = prompts.approval {
            nodes.append(UINode(id: prefix + "approval/" + call.id, type: "approval", props: [
                "call_id": .string(call.id), "title": .string(approval.title), "lines": .array(approval.lines.map(JSONValue.string)),
                "allow_title": .string(approval.allowTitle), "decline_title": .string(approval.declineTitle),
            ], events: ["allow", "decline"]))
        }
        if let signIn = prompts.signIn {
            nodes.append(UINode(id: prefix + "sign_in/" + call.id, type: "sign_in", props: [
                "call_id": .string(call.id), "title": .string(signIn.title), "message": signIn.message.map(JSONValue.string) ?? .null,
                "provider_name": signIn.providerName.map(JSONValue.string) ?? .null, "launch_url": .string(signIn.launchURL),
                "expires_at": signIn.expiresAt.map(JSONValue.string) ?? .null, "is_expired": .bool(signIn.isExpired),
            ], events: signIn.isExpired ? ["dismiss"] : ["connect", "dismiss"]))
        }
        return nodes
    }

    private static func prefixed(_ node: UINode, _ prefix: String) -> UINode {
        var node = node
        node.transform { $0.id = prefix + $0.id }
        return node
    }
}
