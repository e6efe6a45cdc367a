/// What an agent backend's developer should fix in a reply's steps: every
/// place where this library's lenient decoder would default, drop or keep
/// without showing (a wrong type read as missing, a step without its own id,
/// an unknown status), each with its JSON path. Decoding never fails on
/// these; `streamchatai lint` reports them.
///
/// ```swift
/// for problem in AIStepsLint.problems(in: attachments) { print(problem.path, problem.message) }
/// ```
public enum AIStepsLint {
    /// One finding.
    public struct Problem: Sendable, Hashable {
        /// Where: `$.attachments[2].status`.
        public var path: String
        /// What is wrong, and what the client does with it.
        public var message: String
    }

    private enum Kind { case string, integer, object, bool }

    private static let reasoningFields: [(String, Kind)] = [
        ("status", .string), ("preview", .string), ("summary", .string), ("duration_ms", .integer),
    ]
    private static let toolCallFields: [(String, Kind)] = [
        ("name", .string), ("display_title", .string), ("status", .string), ("executor", .string),
        ("target_user_id", .string), ("target_client_id", .string), ("arguments", .object), ("summary", .string),
        ("duration_ms", .integer), ("approval", .object), ("authorization", .object),
    ]
    private static let reasoningStatuses: Set<String> = ["streaming", "completed"]
    private static let toolStatuses: Set<String> = ["running", "awaiting_approval", "awaiting_authorization", "awaiting_client",
                                                    "completed", "failed", "cancelled"]

    /// The problems of a message's attachments (`base` is their path).
    public static func problems(in attachments: [JSONValue], at base: String = "$.attachments") -> [Problem] {
        var out: [Problem] = []
        var seen: [String: Int] = [:]
        for (i, attachment) in attachments.enumerated() {
            let path = JSONPath.appending(index: i, to: base)
            guard case .object(let o) = attachment else {
                out.append(Problem(path: path, message: "an attachment must be an object, found \(attachment.typeName): skipped"))
                continue
            }
            guard case .string(let type)? = o["type"], type.hasPrefix("ai_") else { continue }  // not a step
            switch o["id"] {
            case .string(let id)? where !id.isEmpty:
                if let first = seen[id] {
                    out.append(Problem(path: JSONPath.appending(key: "id", to: path), message: "the id \(JSONSerializer.quoted(id)) is also the step at [\(first)]'s"))
                } else {
                    seen[id] = i
                }
            default:
                out.append(Problem(path: JSONPath.appending(key: "id", to: path),
                                   message: "no string id: the step gets the positional id \"\(type)-\(i)\", which can repeat across replies, so a client tool won't run it"))
            }
            var version = 1.0
            switch o["v"] {
            case nil, .null?: break
            case .integer(let v)?: version = Double(v)
            case .number(let v)?: version = v
            case let other?:
                out.append(Problem(path: JSONPath.appending(key: "v", to: path), message: "expected a number, found \(other.typeName): read as 1"))
            }
            if version > 1 {
                out.append(Problem(path: JSONPath.appending(key: "v", to: path), message: "step version \(version == version.rounded() && version < 1e15 ? String(Int64(version)) : String(version)) is newer than this client reads (1): shown as unsupported"))
                continue
            }
            switch type {
            case "ai_reasoning":
                out += fields(o, reasoningFields, at: path)
                if let status = o["status"]?.stringValue, !reasoningStatuses.contains(status) {
                    out.append(Problem(path: JSONPath.appending(key: "status", to: path), message: "unknown reasoning status \(JSONSerializer.quoted(status)): kept, shown as completed"))
                }
            case "ai_tool_call":
                out += fields(o, toolCallFields, at: path)
                out += toolCall(o, at: path)
            default:
                out.append(Problem(path: JSONPath.appending(key: "type", to: path), message: "unknown step type \(JSONSerializer.quoted(type)): shown as an unsupported step"))
            }
        }
        return out
    }

    private static func fields(_ o: JSONObject, _ known: [(String, Kind)], at path: String) -> [Problem] {
        known.compactMap { key, kind -> Problem? in
            guard let value = o[key], !value.isNull else { return nil }
            let fits: Bool = switch (kind, value) {
            case (.string, .string(let s)): !s.isEmpty
            case (.integer, .integer(let i)): i >= 0
            case (.integer, .number(let d)): d.isFinite && d >= 0
            case (.object, .object): true
            case (.bool, .bool): true
            default: false
            }
            guard !fits else { return nil }
            let found = if case .string("") = value { "an empty string" } else if case .integer(let i) = value, i < 0 { "\(i)" } else { value.typeName }
            let expected = switch kind {
            case .string: "a non-empty string"
            case .integer: "a whole number of at least 0"
            case .object: "an object"
            case .bool: "a boolean"
            }
            return Problem(path: JSONPath.appending(key: key, to: path), message: "expected \(expected), found \(found): read as missing")
        }
    }

    private static func toolCall(_ o: JSONObject, at path: String) -> [Problem] {
        var out: [Problem] = []
        let status = o["status"]?.stringValue ?? "running"
        let executor = o["executor"]?.stringValue ?? "server"
        if !toolStatuses.contains(status) {
            out.append(Problem(path: JSONPath.appending(key: "status", to: path), message: "unknown tool-call status \(JSONSerializer.quoted(status)): kept, shown as in progress"))
        }
        if executor != "server" && executor != "client" {
            out.append(Problem(path: JSONPath.appending(key: "executor", to: path), message: "unknown executor \(JSONSerializer.quoted(executor)): no client runs it"))
        }
        if o["name"]?.stringValue == nil {
            out.append(Problem(path: JSONPath.appending(key: "name", to: path), message: "no tool name: shown as \"Tool call\", and a client can't run it"))
        }
        if executor == "client" && status == "awaiting_client" {
            for key in ["target_user_id", "target_client_id"] where o[key]?.stringValue == nil {
                out.append(Problem(path: JSONPath.appending(key: key, to: path), message: "a client call waiting for a device needs \(key): no install will run it"))
            }
        }
        if status == "awaiting_approval" {
            if o["target_user_id"]?.stringValue == nil {
                out.append(Problem(path: JSONPath.appending(key: "target_user_id", to: path), message: "an approval is asked of target_user_id: without it nobody sees the question"))
            }
            if o["approval"]?["title"]?.stringValue == nil {
                out.append(Problem(path: JSONPath.appending(key: "approval", to: path), message: "an approval without a title is no question: nobody can answer it"))
            }
        }
        if status == "awaiting_authorization" {
            let auth = o["authorization"]
            let url = auth?["url"]?.stringValue
            if !(url.map(WebURL.isHTTPWithHost) ?? false) {
                out.append(Problem(path: JSONPath.appending(key: "url", to: JSONPath.appending(key: "authorization", to: path)),
                                   message: "a sign-in needs an http or https url with a host: none is offered"))
            }
            if o["target_user_id"]?.stringValue == nil {
                out.append(Problem(path: JSONPath.appending(key: "target_user_id", to: path), message: "a sign-in is offered to target_user_id: without it nobody sees it"))
            }
        }
        return out
    }
}
