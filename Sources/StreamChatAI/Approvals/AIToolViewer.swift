/// Who looks at a reply: the signed-in user on this install, and the time.
public struct AIToolViewer: Sendable, Hashable {
    /// The signed-in user.
    public var userID: String
    /// This install.
    public var clientID: String
    /// Now, in milliseconds since the Unix epoch, to hide a sign-in past its `expires_at`.
    public var nowMs: Int64?

    /// Creates a viewer.
    public init(userID: String, clientID: String, nowMs: Int64? = nil) {
        self.userID = userID
        self.clientID = clientID
        self.nowMs = nowMs
    }

    /// Reads `{"user_id", "client_id", "now_ms"?}`.
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = json else { throw .invalid(at: "$", "a viewer must be an object, found \(json.typeName)") }
        guard case .string(let user)? = o["user_id"], !user.isEmpty else { throw .invalid(at: "$.user_id", "a non-empty string is required") }
        guard case .string(let client)? = o["client_id"], !client.isEmpty else { throw .invalid(at: "$.client_id", "a non-empty string is required") }
        var now: Int64?
        switch o["now_ms"] {
        case nil, .null?: now = nil
        case .integer(let ms)?: now = ms
        case let other?: throw .invalid(at: "$.now_ms", "expected an integer, found \(other.typeName)")
        }
        self.init(userID: user, clientID: client, nowMs: now)
    }
}
