import StreamChatAI
import Synchronization

/// `streamchatai ui FILE [--plugins DIR] [--config JSON] [--json]`: previews the
/// generative UI of each message as an outline of its UI IR, or says why the
/// reply shows its text. The built-in renderers (A2UI, OpenUI) are on, as in
/// `sca_ui_host_new`; a message whose text holds a fenced UI block and no
/// `ai_ui` is read as a backend's fence extractor would have sent it; a reply
/// that a later one changes (an A2UI surface it created) is shown again.
struct UICommand: Command {
    static let name = "ui"
    static let abstract = "Preview the generative UI (ai_ui) of each message of FILE as an outline of its UI IR."
    static let arguments: [Argument] = [
        .positional("FILE", "a message or a JSONL stream of message updates; - reads standard input"),
    ] + UIHostOptions.arguments + [
        .flag("--json", "print the UI IR itself"),
    ]

    let path: String
    let plugins: [String]
    let json: Bool
    let host: AIUIHost
    let problems: UIHostOptions.Problems

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        plugins = parsed.all("--plugins")
        json = parsed.flag("--json")
        let problems = UIHostOptions.Problems()
        self.problems = problems
        host = try UIHostOptions.host(parsed, onError: problems.add)
    }

    func run() -> Int32 {
        var failures = 0
        // A reply whose view a later one changed (an A2UI update of its surface) is shown again.
        let changed = Mutex<[String]>([])
        host.setRenderCallback { id in changed.withLock { if !$0.contains(id) { $0.append(id) } } }
        do {
            try UIHostOptions.loadPlugins(plugins, into: host)
            for item in try MessageStream(path: path).items {
                guard case .success(let message) = item.message else {
                    if case .failure(let error) = item.message { Terminal.error("streamchatai: \(item.label): \(error)") }
                    failures += 1
                    continue
                }
                let id = message["id"]?.stringValue ?? "message"
                show(message, host: host)
                for other in changed.withLock({ list in defer { list.removeAll() }; return list }) where other != id {
                    guard let render = host.render(messageID: other) else { continue }
                    draw(render, note: "changed by \(id)")
                }
            }
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
        problems.print()
        return failures == 0 ? 0 : 1
    }

    private func show(_ message: JSONValue, host: AIUIHost) {
        let id = message["id"]?.stringValue ?? "message"
        var custom = message["custom"] ?? message["custom_data"] ?? message
        if custom["ai_ui"] == nil, let text = message["text"]?.stringValue, let ui = host.fencedUI(in: text)?.ui {
            custom = ["ai_ui": ui]
        }
        if let reason = host.receive(messageID: id, customData: custom) {
            print(Terminal.styled("── \(id): shows its text (\(reason.reason))", "2"))
            return
        }
        guard let render = host.render(messageID: id) else {
            print(Terminal.styled("── \(id): shows its text", "2"))
            return
        }
        draw(render, note: render.isStreaming ? "streaming" : nil)
    }

    private func draw(_ render: AIUIRender, note: String?) {
        if json {
            Terminal.json(render.jsonValue, style: .pretty)
        } else {
            print(Terminal.styled("── \(render.messageID) (\(render.format)\(note.map { ", " + $0 } ?? ""))", "2"))
            print(IRDrawer.outline(render.root), terminator: "")
        }
    }
}
