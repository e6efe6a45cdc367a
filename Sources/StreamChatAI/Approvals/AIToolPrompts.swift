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

/// RFC 3339 timestamps to milliseconds since the epoch.
public enum RFC3339 {
    /// Milliseconds since the Unix epoch of a date-time such as `2026-10-21T21:42:19.834Z`, or nil when invalid.
    public static func epochMilliseconds(_ text: String) -> Int64? {
        guard StringFormats.isDateTime(text) else { return nil }
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64 { b[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) } }
        let year = number(0..<4), month = number(5..<7), day = number(8..<10)
        let hour = number(11..<13), minute = number(14..<16), second = min(number(17..<19), 59)
        var i = 19
        var millis: Int64 = 0
        if b[i] == 0x2E {
            i += 1
            var scale: Int64 = 100
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                millis += Int64(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        var offset: Int64 = 0
        if b[i] == 0x2B || b[i] == 0x2D {
            offset = (number(i + 1..<i + 3) * 60 + number(i + 4..<i + 6)) * (b[i] == 0x2D ? -1 : 1)
        }
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset * 60
        return seconds * 1000 + millis
    }
}
