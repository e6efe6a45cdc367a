/// What a tool call asks of the viewer, if anything: an approval question or a sign-in.
///
/// Rules: an approval question shows only to `target_user_id`, only while the
/// call is `awaiting_approval`, only when it has an approval with a title, and
/// for a client tool only on `target_client_id` (a server tool's question may
/// be answered on any of the user's installs). A sign-in shows only to
/// `target_user_id`, only while `awaiting_authorization`, only for `type`
/// `oauth`, and only with a valid launch URL; its Connect button hides once
/// `expires_at` has passed, while "Not now" stays.
public struct AIToolPrompts: Sendable, Hashable {
    /// The approval question to show, with its texts resolved.
    public struct Approval: Sendable, Hashable {
        /// The question.
        public var title: String
        /// The lines under it: the reason (capitalized, with a full stop), then the message.
        public var lines: [String]
        /// The allow button's label.
        public var allowTitle: String
        /// The decline button's label.
        public var declineTitle: String
    }

    /// The sign-in to show.
    public struct SignIn: Sendable, Hashable {
        /// The card's title.
        public var title: String
        /// More words, if any.
        public var message: String?
        /// The provider's name for people.
        public var providerName: String?
        /// The page Connect opens (the handoff token in its fragment).
        public var launchURL: String
        /// When the sign-in stops being offered, as sent.
        public var expiresAt: String?
        /// Whether `expires_at` has passed (Connect is then hidden).
        public var isExpired: Bool
    }

    /// The approval question, when the viewer should see one.
    public var approval: Approval?
    /// The sign-in, when the viewer should see one.
    public var signIn: SignIn?

    /// What `call` asks of `viewer`.
    public init(call: AIToolCallPart, viewer: AIToolViewer, strings: [String: String] = [:]) {
        let text = { (key: String, fallback: String) in strings[key] ?? fallback }
        if call.status == .awaitingApproval, let question = call.approval, call.targetUserID == viewer.userID,
           call.executor != .client || call.targetClientID == viewer.clientID
        {
            var lines: [String] = []
            if let reason = question.reason { lines.append(Self.sentence(reason)) }
            if let message = question.message { lines.append(message) }
            approval = Approval(title: question.title, lines: lines,
                                allowTitle: question.allowTitle ?? text("approval.allow", "Allow"),
                                declineTitle: question.declineTitle ?? text("approval.decline", "Don't Allow"))
        }
        if call.status == .awaitingAuthorization, call.targetUserID == viewer.userID,
           let auth = call.authorization, auth.type == "oauth", let launch = auth.launchURL
        {
            var expired = false
            if let now = viewer.nowMs, let expires = auth.expiresAt, let deadline = RFC3339.epochMilliseconds(expires) {
                expired = now >= deadline
            }
            let provider = auth.providerName ?? auth.provider
            signIn = SignIn(title: auth.title ?? provider.map { text("signin.connect_to", "Connect {provider}").replacing("{provider}", with: $0) }
                                ?? text("signin.title", "Sign in"),
                            message: auth.message, providerName: auth.providerName, launchURL: launch,
                            expiresAt: auth.expiresAt, isExpired: expired)
        }
    }

    /// "to check the weather" → "To check the weather."
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        var out = first.uppercased() + text.dropFirst()
        if let last = out.last, !".!?…".contains(last) { out += "." }
        return out
    }

    /// `{"approval": {...} or null, "sign_in": {...} or null}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("approval", approval.map { a in
                .object(JSONObject([
                    ("title", .string(a.title)), ("lines", .array(a.lines.map(JSONValue.string))),
                    ("allow_title", .string(a.allowTitle)), ("decline_title", .string(a.declineTitle)),
                ]))
            } ?? .null),
            ("sign_in", signIn.map { s in
                .object(JSONObject([
                    ("title", .string(s.title)), ("message", s.message.map(JSONValue.string) ?? .null),
                    ("provider_name", s.providerName.map(JSONValue.string) ?? .null),
                    ("launch_url", .string(s.launchURL)), ("expires_at", s.expiresAt.map(JSONValue.string) ?? .null),
                    ("is_expired", .bool(s.isExpired)),
                ]))
            } ?? .null),
        ]))
    }
}
