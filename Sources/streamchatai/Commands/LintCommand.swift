import StreamChatAI
import Synchronization

/// `streamchatai lint FILE|- [--json]`: what an agent backend should fix in
/// its replies: the steps (every field the lenient decoder would default,
/// drop or keep unseen) and the `ai_ui` documents (each renderer's problems:
/// A2UI schema and graph errors, OpenUI errors, component arguments).
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check the steps and ai_ui documents of the messages in FILE; exit 1 when a problem is found."
    static let discussion = """
    Each problem names the file and line (of a JSONL stream), the message, and the JSON path or the renderer's \
    code and place. A UI fenced in a message's text is checked too. The same problem of one message is reported \
    once, at the first line that shows it.
    """
    static let arguments: [Argument] = [
        .positional("FILE", "a message or a JSONL stream of message updates; - reads standard input"),
    ] + UIHostOptions.arguments + [
        .flag("--json", "print the problems as a JSON array of {\"where\", \"message_id\", \"kind\", \"path\", \"message\"}"),
    ]

    let path: String
    let plugins: [String]
    let json: Bool
    let host: AIUIHost

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        plugins = parsed.all("--plugins")
        json = parsed.flag("--json")
        host = try UIHostOptions.host(parsed)
    }

    struct Finding {
        var label: String, messageID: String, kind: String, path: String?, message: String
        var jsonValue: JSONValue {
            .object(JSONObject([("where", .string(label)), ("message_id", .string(messageID)), ("kind", .string(kind)),
                                ("path", path.map(JSONValue.string) ?? .null), ("message", .string(message))]))
        }
        var line: String { "\(label): \(messageID): \(path.map { $0 + ": " } ?? "")\(message)" }
    }

    func run() -> Int32 {
        let problems = Mutex<[(String, String)]>([])
        host.setCallbacks(send: nil, open: nil, onError: { id, problem in problems.withLock { $0.append((id ?? "", problem)) } })
        var findings: [Finding] = []
        var seen = Set<String>()
        func add(_ finding: Finding) {
            guard seen.insert("\(finding.messageID)\u{0}\(finding.kind)\u{0}\(finding.path ?? "")\u{0}\(finding.message)").inserted else { return }
            findings.append(finding)
        }
        do {
            try UIHostOptions.loadPlugins(plugins, into: host)
            for item in try MessageStream(path: path).items {
                let message: JSONValue
                switch item.message {
                case .failure(let error):
                    add(Finding(label: item.label, messageID: "-", kind: "json", path: nil, message: "not JSON: \(error)"))
                    continue
                case .success(let value):
                    message = value
                }
                let id = message["id"]?.stringValue ?? "message"
                if let attachments = MessageStream.attachments(of: message) {
                    for problem in AIStepsLint.problems(in: attachments, at: message.arrayValue == nil ? "$.attachments" : "$") {
                        add(Finding(label: item.label, messageID: id, kind: "steps", path: problem.path, message: problem.message))
                    }
                } else if let other = message["attachments"], !other.isNull {
                    add(Finding(label: item.label, messageID: id, kind: "steps", path: "$.attachments", message: "expected an array, found \(other.typeName)"))
                }
                var custom = message["custom"] ?? message["custom_data"] ?? JSONValue.object(JSONObject())
                var uiPath = "$.custom.ai_ui"
                if custom["ai_ui"] == nil, let text = message["text"]?.stringValue, let ui = host.fencedUI(in: text)?.ui {
                    custom = ["ai_ui": ui]
                    uiPath = "$.text (fence)"
                }
                guard custom["ai_ui"] != nil else { continue }
                if let refused = host.receive(messageID: id, customData: custom) {
                    add(Finding(label: item.label, messageID: id, kind: "ai_ui", path: uiPath, message: "not shown: \(refused.reason)"))
                } else {
                    _ = host.render(messageID: id)
                }
                for (messageID, problem) in problems.withLock({ list in defer { list.removeAll() }; return list }) {
                    add(Finding(label: item.label, messageID: messageID.isEmpty ? id : messageID, kind: "ai_ui", path: nil, message: problem))
                }
            }
        } catch {
            Terminal.error("streamchatai lint: \(error)")
            return 1
        }
        if json {
            Terminal.json(.array(findings.map(\.jsonValue)), style: .pretty)
        } else {
            for finding in findings { print(finding.line) }
            Terminal.error("streamchatai lint: \(findings.isEmpty ? "no problems" : "\(findings.count) problem\(findings.count == 1 ? "" : "s")")")
        }
        return findings.isEmpty ? 0 : 1
    }
}
