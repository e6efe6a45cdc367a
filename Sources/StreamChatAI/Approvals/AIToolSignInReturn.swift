/// The return of a sign-in page to the app's callback scheme.
public struct AIToolSignInReturn: Sendable, Hashable {
    /// Whether the URL is for the callback scheme at all.
    public let isForApp: Bool
    /// The `status` query value, if any.
    public let status: String?

    /// Parses `url` (such as `com.example.app://signin?status=connected`).
    public init(url: String, callbackScheme: String) {
        isForApp = WebURL.scheme(of: url) == callbackScheme.lowercased()
        var status: String?
        if isForApp, let query = url.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "#", maxSplits: 1)[0].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if kv[0] == "status" { status = kv.count > 1 ? String(kv[1]).removingPercentEncoding() : "" }
            }
        }
        self.status = status
    }

    /// The page says the account is connected.
    public var isConnected: Bool { isForApp && status == "connected" }

    /// `{"for_app", "status", "connected"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([("for_app", .bool(isForApp)), ("status", status.map(JSONValue.string) ?? .null),
                            ("connected", .bool(isConnected))]))
    }
}
