/// A tool the agent called (`ai_tool_call`), run by its backend or by a user's device.
public struct AIToolCallPart: Sendable, Hashable, Identifiable {
    /// The step's id (the model provider's tool-call id).
    public let id: String
    /// Whether ``id`` is the call's own, not a position: only such calls can run on a device.
    public let hasOwnID: Bool
    /// The tool's name.
    public let name: String?
    /// What the call is doing, in words for people.
    public let displayTitle: String?
    /// Where the call is; `running` by default.
    public let status: AIToolCallStatus
    /// Who runs the tool; `server` by default.
    public let executor: AIToolExecutor
    /// The user whose device runs the tool, or who must approve or sign in.
    public let targetUserID: String?
    /// The install that must run a client tool.
    public let targetClientID: String?
    /// The call's arguments (only a JSON object counts).
    public let arguments: JSONObject?
    /// A short, shareable outcome.
    public let summary: String?
    /// How long the call took, in milliseconds.
    public let durationMs: Int?
    /// The question the call asks before it runs.
    public let approval: AIToolApproval?
    /// The sign-in the call waits for.
    public let authorization: AIToolAuthorization?

    init(id: String, hasOwnID: Bool, fields: LenientFields) {
        self.id = id
        self.hasOwnID = hasOwnID
        name = fields.string("name")
        displayTitle = fields.string("display_title")
        status = fields.string("status").map(AIToolCallStatus.init(rawValue:)) ?? .running
        executor = fields.string("executor").map(AIToolExecutor.init(rawValue:)) ?? .server
        targetUserID = fields.string("target_user_id")
        targetClientID = fields.string("target_client_id")
        arguments = fields.object("arguments")
        summary = fields.string("summary")
        durationMs = fields.integer("duration_ms")
        approval = fields.object("approval").flatMap { AIToolApproval(fields: LenientFields(object: $0)) }
        authorization = fields.object("authorization").map { AIToolAuthorization(fields: LenientFields(object: $0)) }
    }

    /// A client call of `name` with `arguments` that no reply carried (an
    /// MCP client's `tools/call`, a test): status `awaiting_client`, executor `client`.
    public init(id: String, name: String, arguments: JSONObject) {
        self.init(id: id, hasOwnID: true, fields: LenientFields(object: JSONObject([
            ("name", .string(name)), ("status", "awaiting_client"), ("executor", "client"), ("arguments", .object(arguments)),
        ])))
    }

    /// The title to show: ``displayTitle``, else ``name``.
    public var title: String? { displayTitle ?? name }

    /// Whether the call was declined: cancelled after the user declined the
    /// approval question or the sign-in.
    public var isDeclined: Bool {
        status == .cancelled
            && (approval?.decision == .declined || authorization?.status == .declined)
    }

    /// Decodes ``arguments`` into your own type (`{}` when there are none).
    public func decodeArguments<T: Decodable>(as type: T.Type, keys: JSONValueDecoder.KeyStrategy = .useDefaultKeys) throws -> T {
        try JSONValueDecoder(keyStrategy: keys).decode(type, from: .object(arguments ?? JSONObject()))
    }
}
