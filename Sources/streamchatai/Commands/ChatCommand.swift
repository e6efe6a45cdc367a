import StreamChatAI
import StreamChatClient

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai chat --url URL [--plugins DIR]`: a terminal chat with an
/// agent: each line read is a message; the reply's text streams in, its
/// steps and tool calls show as they happen, plugin tools run as client
/// tools, and approval requests are asked as a yes/no question.
struct ChatCommand: Command {
    static let name = "chat"
    static let abstract = "Chat with a UI-message-stream (or Chatbase) agent in the terminal; plugin tools run as client tools."
    static let discussion = """
    Each line of standard input is one message; the reply streams to standard output. A server's approval request \
    is asked on standard error and answered by the next line of input (y or yes allows). Tool calls and results show \
    as they happen, marked with who ran them. With --agent, --url is the Chatbase API base. Exit 0 when every \
    message got its reply, 1 when one failed (the error is printed and the chat goes on), 2 on a usage error.
    """
    static let arguments: [Argument] = [
        .option("--url", "URL", "the agent's endpoint (UI message stream), or with --agent the Chatbase API base", required: true),
        .option("--agent", "ID", "talk to Chatbase agent ID (the chatbase transport)"),
        .repeated("--plugins", "DIR", "a plugins folder whose tools run the agent's client calls"),
        .option("--config", "JSON", "more chat client settings (as sca_chat_client_new takes them)"),
        .option("--conversation", "ID", "continue this conversation"),
        .flag("--json", "print the events and responses as JSON lines instead of text"),
    ]

    let client: AIChatClient
    let plugins: [String]
    let json: Bool
    let conversation: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        var settings = JSONObject()
        if let config = parsed.value("--config") {
            do {
                guard case .object(let o) = try JSONParser.parse(config) else { throw UsageError("--config: expected a JSON object") }
                settings = o
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("--config: \(error)")
            }
        }
        let url = try parsed.required("--url")
        if let agent = parsed.value("--agent") {
            settings["transport"] = "chatbase"
            settings["agent_id"] = .string(agent)
            settings["base_url"] = .string(url)
        } else {
            settings["url"] = .string(url)
        }
        do {
            client = try AIChatClient(configuration: .init(json: .object(settings)))
        } catch {
            throw UsageError("\(error)")
        }
        plugins = parsed.all("--plugins")
        json = parsed.flag("--json")
        conversation = parsed.value("--conversation")
    }

    func run() -> Int32 {
        do {
            for dir in plugins { _ = try client.loadPlugins(directory: dir) }
        } catch {
            Terminal.error("streamchatai chat: \(error)")
            return 1
        }
        let interactive = isatty(STDIN_FILENO) == 1
        let json = self.json
        client.onEvent = { event in json ? Self.printJSON(event.jsonValue) : Self.show(event) }
        client.approver = { request in
            Terminal.error("? Allow \(request.toolName) \(JSONSerializer.string(request.input))? [y/N]")
            let answer = readLine()?.trimmingWhitespace().lowercased() ?? ""
            return answer == "y" || answer == "yes"
        }
        var conversation = self.conversation
        var failed = false
        while true {
            if interactive { Terminal.error("you> ", newline: false) }
            guard let line = readLine() else { break }
            let text = line.trimmingWhitespace()
            guard !text.isEmpty else { continue }
            do {
                let response = try client.send(conversationID: conversation, message: ["text": .string(text)])
                conversation = response.conversationID ?? conversation
                if json {
                    Self.printJSON(["type": "response", "response": response.jsonValue])
                } else {
                    print("")
                    print(Terminal.styled("· \(response.finishReason), \(response.rounds) round\(response.rounds == 1 ? "" : "s")", "2"))
                }
            } catch {
                if !json { print("") }
                Terminal.error("streamchatai chat: \(error.kind): \(error.message)")
                failed = true
            }
            fflush(nil)
        }
        return failed ? 1 : 0
    }

    private static func printJSON(_ value: JSONValue) {
        Terminal.json(value)
        fflush(nil)
    }

    private static func show(_ event: AIChatEvent) {
        switch event {
        case .textDelta(let delta):
            print(delta, terminator: "")
        case .toolCall(_, let name, let input, let executor):
            print("\n" + Terminal.styled("⚙ \(name) \(JSONSerializer.string(input)) · \(executor == "client" ? "runs here" : "on the server")", "36"))
        case .toolResult(_, let name, let output):
            let failed = output["error"] != nil
            print(Terminal.styled("\(failed ? "!" : "✓") \(name): \(JSONSerializer.string(output))", failed ? "31" : "32"))
        case .steps(let attachments):
            for part in AIMessagePart.parts(from: attachments) {
                if let reasoning = part.reasoning, reasoning.status == .completed, let preview = reasoning.preview, lastShownReasoning.insert(part.id).inserted {
                    print(Terminal.styled("💭 Thought for \(max(1, ((reasoning.durationMs ?? 0) + 500) / 1000))s: \(preview)", "2"))
                }
            }
        case .warning(let message):
            Terminal.error("streamchatai chat: warning: \(message)")
        }
        fflush(nil)
    }

    /// The reasoning rounds shown already (each once, when it completes).
    nonisolated(unsafe) private static var lastShownReasoning: Set<String> = []
}
