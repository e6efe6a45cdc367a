import Dispatch
import StreamChatAI
import StreamChatClient
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai run FILE --user U --client C --plugins DIR`: asks the
/// approval questions and sign-ins a reply has for that user and install at
/// the terminal, runs the client tools it addresses to them, and prints the
/// outcomes (as JSON lines with `--json`) or POSTs each to `--send-url`.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Run the client tools a reply addresses to a user and install, with a plugins folder's tools."
    static let discussion = """
    An approval question or sign-in the reply has for --user on --client is asked first, on standard error, and \
    answered by a line of standard input (of the terminal when FILE is -): y or yes allows or says the sign-in is \
    done, anything else declines. Each outcome is a record: {"type": "approval", "call_id", "decision"}, \
    {"type": "sign_in", "call_id", "status"} or {"type": "result", "call_id", "status", "output"|"error", "summary"}; \
    --json prints them as JSON lines, --send-url POSTs each as a JSON body (exit 1 when one is not accepted).
    """
    static let arguments: [Argument] = [
        .positional("FILE", "the reply: a message with attachments, or an array of attachments; - reads standard input"),
        .option("--user", "USER_ID", "the signed-in user", required: true),
        .option("--client", "CLIENT_ID", "this install's id", required: true),
        .repeated("--plugins", "DIR", "a plugins folder whose tools run the calls"),
        .option("--ledger", "FILE", "a ledger that makes each call run once across runs (created if missing, mode 0600)"),
        .flag("--json", "print the outcomes as JSON lines"),
        .option("--send-url", "URL", "POST each outcome to URL as JSON (http or https)"),
    ]

    let path: String
    let user: String
    let client: String
    let plugins: [String]
    let json: Bool
    let sendURL: String?
    let ledger: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        user = try parsed.required("--user")
        client = try parsed.required("--client")
        plugins = parsed.all("--plugins")
        json = parsed.flag("--json")
        ledger = parsed.value("--ledger")
        sendURL = parsed.value("--send-url")
        if let url = sendURL, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw UsageError("--send-url: expected an http:// or https:// URL")
        }
    }

    /// Hands one outcome on: POSTed to --send-url, printed as JSON with --json. False when the URL refused it.
    private func deliver(_ record: JSONValue) -> Bool {
        if json { Terminal.json(record) }
        guard let sendURL else { return true }
        var body: [UInt8] = []
        JSONSerializer.write(record, to: &body)
        do {
            let (head, excerpt) = try HTTPClient.exchange(HTTPRequest(url: sendURL, headers: [("Content-Type", "application/json")], body: body,
                                                                      idleTimeoutMs: 15_000), cancellation: HTTPCancellation())
            guard head.isSuccess else {
                Terminal.error("streamchatai run: \(sendURL) answered HTTP \(head.status): \(String(decoding: excerpt, as: UTF8.self))")
                return false
            }
            return true
        } catch {
            Terminal.error("streamchatai run: \(error)")
            return false
        }
    }

    /// Asks the approval questions and sign-ins of `parts` for this viewer; returns whether every outcome was taken.
    private func ask(_ parts: [AIMessagePart]) -> Bool {
        let viewer = AIToolViewer(userID: user, clientID: client)
        var answers: UnsafeMutablePointer<FILE>? = nil
        if path == "-" { answers = fopen("/dev/tty", "r") }
        defer { if let answers { fclose(answers) } }
        func answer() -> Bool {
            var line: String?
            if let answers {
                var buffer = [CChar](repeating: 0, count: 256)
                line = fgets(&buffer, 256, answers) != nil ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
            } else if path != "-" {
                line = readLine()
            }
            let text = line?.trimmingWhitespace().lowercased() ?? ""
            return text == "y" || text == "yes"
        }
        var taken = true
        for call in parts.compactMap(\.toolCall) {
            let prompts = AIToolPrompts(call: call, viewer: viewer)
            if let approval = prompts.approval {
                Terminal.error("? \(approval.title)")
                for line in approval.lines { Terminal.error("  \(line)") }
                Terminal.error("  y: \(approval.allowTitle), n: \(approval.declineTitle) [y/N]")
                let allowed = answer()
                if !json { print("\(allowed ? "allowed" : "declined") \(call.id): \(approval.title)") }
                taken = deliver(["type": "approval", "call_id": .string(call.id), "decision": allowed ? "allowed" : "declined"]) && taken
            }
            if let signIn = prompts.signIn {
                Terminal.error("→ \(signIn.title)\(signIn.providerName.map { " (\($0))" } ?? "")")
                if let message = signIn.message { Terminal.error("  \(message)") }
                Terminal.error(signIn.isExpired ? "  the sign-in link has expired" : "  open \(signIn.launchURL) and sign in; done? [y/N]")
                let connected = !signIn.isExpired && answer()
                let status = signIn.isExpired ? "expired" : connected ? "connected" : "declined"
                if !json { print("sign-in \(status) \(call.id): \(signIn.title)") }
                taken = deliver(["type": "sign_in", "call_id": .string(call.id), "status": .string(status)]) && taken
            }
        }
        return taken
    }

    func run() -> Int32 {
        do {
            guard let item = try MessageStream(path: path).items.first, case .success(let message) = item.message else {
                Terminal.error("streamchatai: \(path): not a JSON message")
                return 1
            }
            guard let attachments = MessageStream.attachments(of: message) else {
                Terminal.error("streamchatai: \(path): $.attachments: expected an array of attachments")
                return 1
            }
            let runner = try AIClientToolRunner(configuration: .init(userID: user, clientID: client, ledgerPath: ledger, toolTimeoutMs: 10_000))
            for dir in plugins { _ = try runner.loadPlugins(directory: dir) }
            let parts = AIMessagePart.parts(from: attachments)
            let prompted = ask(parts)
            // Calls the ledger knows ran before (in an earlier run) are not run, nor waited for.
            let known = Set(runner.ledger.map(\.callID))
            let addressed = parts.compactMap(\.toolCall).filter { runner.isAddressedHere($0) }
            let ranBefore = addressed.filter { known.contains($0.id) }.map(\.id)
            let expected = addressed.count - ranBefore.count
            let results = Mutex<[(String, AIToolResult)]>([])
            let refused = Mutex(0)
            let finished = DispatchSemaphore(value: 0)
            runner.run(parts) { call, result in
                var record = result.jsonValue(callID: call.id)
                if case .object(let o) = record {
                    record = .object(JSONObject([("type", "result")] + o.filter { $0.key != "type" }.map { ($0.key, $0.value) }))
                }
                if !deliver(record) { refused.withLock { $0 += 1 } }
                results.withLock { $0.append((call.id, result)) }
                finished.signal()
                return true
            }
            for _ in 0..<expected { _ = finished.wait(timeout: .now() + 15) }
            let done = results.withLock { $0 }.sorted { $0.0 < $1.0 }
            guard !json else { return done.count == expected && prompted && refused.withLock({ $0 }) == 0 ? 0 : 1 }
            print("\(expected) call\(expected == 1 ? "" : "s") addressed to \(user) on \(client):")
            for id in ranBefore { print("  = \(id): ran before (the ledger has it); not run again") }
            for (id, result) in done {
                switch result {
                case .completed(let output, let summary):
                    print("  \(Terminal.styled("✓", "32")) \(id): \(summary.map { $0 + " · " } ?? "")\(JSONSerializer.string(.object(output)))")
                case .failed(let reason):
                    print("  \(Terminal.styled("!", "31")) \(id): \(reason)")
                }
            }
            return done.count == expected && prompted && refused.withLock({ $0 }) == 0 ? 0 : 1
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
    }
}
