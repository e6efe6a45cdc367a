/// What a client tool produced: an output for the model and a short summary,
/// or the reason it failed.
public enum AIToolResult: Sendable, Hashable {
    /// The tool finished: `output` (a JSON object) is for the model, `summary`
    /// is shown on the step to every member of the channel, so keep data out of it.
    case completed(output: JSONObject, summary: String?)
    /// The tool couldn't run or failed; the reason is shown on the step and told to the model.
    case failed(reason: String)

    /// The largest output accepted, in bytes of JSON; larger ones would be refused by the server.
    public static let maxOutputBytes = 20 * 1024

    /// A completed result, or a failed one when `output` is over ``maxOutputBytes``.
    public static func checked(output: JSONObject, summary: String?) -> AIToolResult {
        let size = JSONSerializer.string(.object(output)).utf8.count
        guard size <= maxOutputBytes else {
            return .failed(reason: "The tool's output is \(size) bytes of JSON, over the limit of \(maxOutputBytes) bytes.")
        }
        return .completed(output: output, summary: summary)
    }

    /// Whether the tool finished.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// `{"call_id", "status": "completed", "output", "summary"}` or `{"call_id", "status": "failed", "error"}`.
    public func jsonValue(callID: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("call_id", .string(callID))]
        if case .object(let result) = jsonValue { members += result.map { ($0.key, $0.value) } }
        return .object(JSONObject(members))
    }

    /// `{"status": "completed", "output", "summary"}` or `{"status": "failed", "error"}`: the result of no particular call.
    public var jsonValue: JSONValue {
        switch self {
        case .completed(let output, let summary):
            return .object(JSONObject([("status", "completed"), ("output", .object(output)), ("summary", summary.map(JSONValue.string) ?? .null)]))
        case .failed(let reason):
            return .object(JSONObject([("status", "failed"), ("error", .string(reason))]))
        }
    }

    /// Reads the JSON form (without needing `call_id`).
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = json else { throw .invalid(at: "$", "a result must be an object, found \(json.typeName)") }
        switch o["status"]?.stringValue {
        case "completed":
            guard case .object(let output)? = o["output"] ?? .object(JSONObject()) else {
                throw .invalid(at: "$.output", "a completed result's output must be a JSON object")
            }
            self = .completed(output: output, summary: o["summary"]?.stringValue)
        case "failed":
            guard let reason = o["error"]?.stringValue, !reason.isEmpty else {
                throw .invalid(at: "$.error", "a failed result needs a non-empty error string")
            }
            self = .failed(reason: reason)
        default:
            throw .invalid(at: "$.status", "a result's status is \"completed\" or \"failed\"")
        }
    }
}
