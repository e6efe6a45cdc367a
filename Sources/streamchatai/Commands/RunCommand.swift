import Dispatch
import StreamChatAI
import Synchronization

/// `streamchatai run FILE --user U --client C --plugins DIR`: runs the client
/// tools a reply addresses to that user and install, and prints the results.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Run the client tools a reply addresses to a user and install, with a plugins folder's tools."
    static let arguments: [Argument] = [
        .positional("FILE", "the reply: a message with attachments, or an array of attachments"),
        .option("--user", "USER_ID", "the signed-in user", required: true),
        .option("--client", "CLIENT_ID", "this install's id", required: true),
        .repeated("--plugins", "DIR", "a plugins folder whose tools run the calls"),
    ]

    let path: String
    let user: String
    let client: String
    let plugins: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        user = try parsed.required("--user")
        client = try parsed.required("--client")
        plugins = parsed.all("--plugins")
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
            let runner = try AIClientToolRunner(configuration: .init(userID: user, clientID: client, toolTimeoutMs: 10_000))
            for dir in plugins { _ = try runner.loadPlugins(directory: dir) }
            let parts = AIMessagePart.parts(from: attachments)
            let expected = parts.compactMap(\.toolCall).filter { runner.isAddressedHere($0) }.count
            let results = Mutex<[(String, AIToolResult)]>([])
            let finished = DispatchSemaphore(value: 0)
            runner.run(parts) { call, result in
                results.withLock { $0.append((call.id, result)) }
                finished.signal()
                return true
            }
            for _ in 0..<expected { _ = finished.wait(timeout: .now() + 15) }
            let done = results.withLock { $0 }.sorted { $0.0 < $1.0 }
            print("\(expected) call\(expected == 1 ? "" : "s") addressed to \(user) on \(client):")
            for (id, result) in done {
                switch result {
                case .completed(let output, let summary):
                    print("  \(Terminal.styled("✓", "32")) \(id): \(summary.map { $0 + " · " } ?? "")\(JSONSerializer.string(.object(output)))")
                case .failed(let reason):
                    print("  \(Terminal.styled("!", "31")) \(id): \(reason)")
                }
            }
            return done.count == expected ? 0 : 1
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
    }
}
