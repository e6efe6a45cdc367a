import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The options of the commands that show a conversation to one viewer
/// (`view`, `preview`): who looks, on which install, at what time.
enum ViewerOptions {
    static let arguments: [Argument] = [
        .option("--user", "ID", "who looks: prompts show only to this user (default u_viewer)"),
        .option("--client", "ID", "this install: a client tool's approval shows only here (default cli)"),
        .option("--now-ms", "MS", "the clock, in milliseconds since the epoch (default: now)"),
    ]

    /// The viewer the options name.
    static func viewer(_ parsed: ParsedArguments) throws(UsageError) -> AIToolViewer {
        var now = try parsed.integer("--now-ms")
        if now == nil {
            var clock = timespec()
            clock_gettime(CLOCK_REALTIME, &clock)
            now = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec / 1_000_000)
        }
        return AIToolViewer(userID: parsed.value("--user") ?? "u_viewer", clientID: parsed.value("--client") ?? "cli", nowMs: now)
    }
}
