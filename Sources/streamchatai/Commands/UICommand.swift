import StreamChatAI
import Synchronization

/// `streamchatai ui FILE --plugins DIR [--json]`: previews the generative UI
/// of each message as an outline of its UI IR, or says why the reply shows its text.
struct UICommand: Command {
    static let name = "ui"
    static let abstract = "Preview the generative UI (ai_ui) of each message of FILE as an outline of its UI IR."
    static let arguments: [Argument] = [
        .positional("FILE", "a message or a JSONL stream of message updates; - reads standard input"),
        .repeated("--plugins", "DIR", "a plugins folder whose renderers (and tools) the host takes"),
        .flag("--json", "print the UI IR itself"),
    ]

    let path: String
    let plugins: [String]
    let json: Bool

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        plugins = parsed.all("--plugins")
        json = parsed.flag("--json")
    }

    func run() -> Int32 {
        let problems = Mutex<[String]>([])
        let host = AIUIHost(onError: { id, problem in problems.withLock { $0.append("\(id ?? "host"): \(problem)") } })
        var failures = 0
        do {
            for dir in plugins { _ = try host.loadPlugins(directory: dir) }
            for item in try MessageStream(path: path).items {
                guard case .success(let message) = item.message else {
                    if case .failure(let error) = item.message { Terminal.error("streamchatai: \(item.label): \(error)") }
                    failures += 1
                    continue
                }
                show(message, host: host)
            }
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
        for problem in problems.withLock({ $0 }) { Terminal.error("streamchatai: \(problem)") }
        return failures == 0 ? 0 : 1
    }

    private func show(_ message: JSONValue, host: AIUIHost) {
        let id = message["id"]?.stringValue ?? "message"
        let custom = message["custom"] ?? message["custom_data"] ?? message
        if let reason = host.receive(messageID: id, customData: custom) {
            print(Terminal.styled("── \(id): shows its text (\(reason.reason))", "2"))
            return
        }
        guard let render = host.render(messageID: id) else {
            print(Terminal.styled("── \(id): shows its text", "2"))
            return
        }
        if json {
            print(JSONSerializer.string(render.jsonValue, style: .pretty))
        } else {
            print(Terminal.styled("── \(id) (\(render.format)\(render.isStreaming ? ", streaming" : ""))", "2"))
            print(IRDrawer.outline(render.root), terminator: "")
        }
    }
}
