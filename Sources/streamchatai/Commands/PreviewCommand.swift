import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai preview FILE -o page.html`: a conversation (JSONL of
/// message updates) as one self-contained HTML page, its steps, prompts and
/// generative UI drawn from the conversation tree.
struct PreviewCommand: Command {
    static let name = "preview"
    static let abstract = "Write a conversation (JSONL of message updates) as a self-contained HTML page."
    static let discussion = """
    The page needs no network: its style and script are inline, and a Content-Security-Policy forbids loading \
    anything else (images and videos are described, not fetched). Reasoning folds into its header, tool calls \
    show their icons, approval and sign-in prompts show for --user/--client, and the generative UI is drawn from \
    the UI IR. Tabs switch, and buttons show the JSON they would send instead of sending it. Exit 1 when a line \
    is not a message update (the others are still drawn).
    """
    static let arguments: [Argument] = [
        .positional("FILE", "a JSONL stream of message updates (or one message); - reads standard input"),
        .option("-o", "PAGE", "where to write the page", required: true),
    ] + ViewerOptions.arguments + UIHostOptions.arguments

    let path: String
    let output: String
    let conversation: AIConversation
    let plugins: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        output = try parsed.required("-o")
        conversation = AIConversation(configuration: .init(viewer: try ViewerOptions.viewer(parsed)), host: try UIHostOptions.host(parsed))
        plugins = parsed.all("--plugins")
    }

    func run() -> Int32 {
        var failures = 0
        do {
            try UIHostOptions.loadPlugins(plugins, into: conversation.host)
            for item in try MessageStream(path: path).items {
                do {
                    try conversation.update(try item.message.get())
                } catch {
                    Terminal.error("streamchatai preview: \(item.label): \(error)")
                    failures += 1
                }
            }
        } catch {
            Terminal.error("streamchatai preview: \(error)")
            return 1
        }
        let name = path == "-" ? "conversation" : path.split(separator: "/").last.map(String.init) ?? path
        let root = conversation.render().root
        let page = HTMLDrawer(title: name).page(root)
        guard Terminal.writeFile(page, to: output, command: "preview") else { return 1 }
        Terminal.error("streamchatai preview: wrote \(output) (\(root.children.count) message\(root.children.count == 1 ? "" : "s"))")
        return failures == 0 ? 0 : 1
    }
}
