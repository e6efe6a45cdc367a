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
        .option("--user", "ID", "who looks: prompts show only to this user (default u_viewer)"),
        .option("--client", "ID", "this install: a client tool's approval shows only here (default cli)"),
        .option("--now-ms", "MS", "the clock, in milliseconds since the epoch (default: now)"),
    ] + UIHostOptions.arguments

    let path: String
    let output: String
    let conversation: AIConversation
    let plugins: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        output = try parsed.required("-o")
        var now = try parsed.integer("--now-ms")
        if now == nil {
            var clock = timespec()
            clock_gettime(CLOCK_REALTIME, &clock)
            now = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec / 1_000_000)
        }
        let viewer = AIToolViewer(userID: parsed.value("--user") ?? "u_viewer", clientID: parsed.value("--client") ?? "cli", nowMs: now)
        conversation = AIConversation(configuration: .init(viewer: viewer), host: try UIHostOptions.host(parsed))
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
        guard let file = fopen(output, "wb") else {
            Terminal.error("streamchatai preview: \(POSIX.errnoText("cannot write \(output)"))")
            return 1
        }
        let written = page.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        let closed = fclose(file) == 0
        guard written == page.utf8.count, closed else {
            Terminal.error("streamchatai preview: \(POSIX.errnoText("cannot write \(output)"))")
            return 1
        }
        Terminal.error("streamchatai preview: wrote \(output) (\(root.children.count) message\(root.children.count == 1 ? "" : "s"))")
        return failures == 0 ? 0 : 1
    }
}
