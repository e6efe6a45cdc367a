import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai view FILE|-`: a conversation (JSONL of message updates) in
/// the terminal, drawn again as each line arrives; `--follow` keeps reading a
/// growing file, as `tail -f` does.
struct ViewCommand: Command {
    static let name = "view"
    static let abstract = "Show a conversation (JSONL of message updates) in the terminal, live as lines arrive."
    static let discussion = """
    Each message shows its text, its steps (reasoning folds into "Thought for 12s" once done; tool calls with \
    icons), the approval and sign-in prompts for --user/--client, and its generative UI drawn from the UI IR. \
    On a terminal the view is drawn again after each batch of lines; otherwise it is printed once the input ends. \
    Colours only on a terminal, and never with NO_COLOR set. Control characters in a message (an escape sequence \
    that would clear the screen or set the title) show as pictures, such as \u{241B} for ESC.
    """
    static let arguments: [Argument] = [
        .positional("FILE", "a JSONL stream of message updates (or one message); - reads standard input"),
        .flag("--follow", "keep reading FILE as it grows (stop with Ctrl-C)"),
        .flag("--ascii", "draw with ASCII only: no box lines or symbol icons"),
        .option("--width", "N", "wrap at N columns (default: the terminal's, else $COLUMNS, else 80)"),
    ] + ViewerOptions.arguments + UIHostOptions.arguments

    let path: String
    let follow: Bool
    let drawer: ConversationDrawer
    let conversation: AIConversation
    let plugins: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        follow = parsed.flag("--follow")
        if follow && path == "-" { throw UsageError("--follow needs a FILE, not standard input") }
        var width = 80
        var size = winsize()
        if let given = try parsed.integer("--width") {
            guard given >= 20 && given <= 1000 else { throw UsageError("--width: from 20 to 1000") }
            width = Int(given)
        } else if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 {
            width = Int(size.ws_col)
        } else if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns >= 20 {
            width = columns
        }
        drawer = ConversationDrawer(width: width, ascii: parsed.flag("--ascii"))
        conversation = AIConversation(configuration: .init(viewer: try ViewerOptions.viewer(parsed)), host: try UIHostOptions.host(parsed))
        plugins = parsed.all("--plugins")
    }

    func run() -> Int32 {
        do {
            try UIHostOptions.loadPlugins(plugins, into: conversation.host)
        } catch {
            Terminal.error("streamchatai view: \(error)")
            return 1
        }
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            Terminal.error("streamchatai view: \(POSIX.errnoText("cannot open \(path)"))")
            return 1
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        let live = isatty(STDOUT_FILENO) == 1
        let name = path == "-" ? "stdin" : path.split(separator: "/").last.map(String.init) ?? path
        var pending: [UInt8] = []
        var lineNumber = 0
        var failures = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                guard follow else { break }
                var pause = timespec(tv_sec: 0, tv_nsec: 200_000_000)  // a growing file has no event to wait for
                nanosleep(&pause, nil)
                continue
            }
            pending += chunk[0..<n]
            var changed = false
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                lineNumber += 1
                if take(line, label: "\(name):\(lineNumber)") { changed = true } else if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { failures += 1 }
            }
            if changed && (live || follow) { show(clear: live) }
        }
        if !pending.isEmpty {
            lineNumber += 1
            if !take(pending, label: "\(name):\(lineNumber)") { failures += 1 }
        }
        show(clear: live)
        return failures == 0 ? 0 : 1
    }

    /// Takes one line; false when it is not a message update (the reason goes to standard error).
    private func take(_ line: [UInt8], label: String) -> Bool {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        do {
            try conversation.update(try JSONParser.parse(line))
            return true
        } catch let error as JSONError {
            Terminal.error("streamchatai view: \(label): \(error)")
        } catch {
            Terminal.error("streamchatai view: \(label): \(error)")
        }
        return false
    }

    private func show(clear: Bool) {
        let text = drawer.draw(conversation.render().root)
        if clear { Terminal.clearScreen() }
        print(text, terminator: "")
        fflush(nil)
    }
}
