/// How far a running tool call has come, as the tool reports it (an MCP
/// server's `notifications/progress`, a plugin that counts its steps).
public struct AIToolProgress: Sendable, Hashable {
    /// Work done so far; grows with each report.
    public var progress: Double
    /// The whole work, when the tool knows it.
    public var total: Double?
    /// What the tool is doing now, for people.
    public var message: String?

    /// A report of `progress` out of `total`.
    public init(progress: Double, total: Double? = nil, message: String? = nil) {
        self.progress = progress
        self.total = total
        self.message = message
    }

    /// `{"progress", "total"?, "message"?}`.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("progress", .number(progress))]
        if let total { members.append(("total", .number(total))) }
        if let message { members.append(("message", .string(message))) }
        return .object(JSONObject(members))
    }
}
