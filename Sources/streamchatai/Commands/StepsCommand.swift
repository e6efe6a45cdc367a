import StreamChatAI

/// `streamchatai steps FILE`: the steps of a message, or of each update in a JSONL stream.
struct StepsCommand: Command {
    static let name = "steps"
    static let abstract = "Print the steps (reasoning, tool calls) of a reply."
    static let discussion = """
        FILE (or - for standard input) holds a chat message as JSON ({"id", "attachments": [...]}),
        an array of attachments, or a JSONL stream of message updates, one per line.
        """
    static let arguments: [Argument] = [
        .positional("FILE", "the message, attachments or JSONL stream; - reads standard input"),
        .flag("--json", "print the UI IR tree instead of text"),
        .option("--now-ms", "MS", "the current time in ms since the epoch, for \"Thinking… 7s\""),
    ]

    let path: String
    let json: Bool
    let nowMs: Int64?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        path = try parsed.required("FILE")
        json = parsed.flag("--json")
        nowMs = try parsed.integer("--now-ms")
    }

    func run() -> Int32 {
        let stream: MessageStream
        do {
            stream = try MessageStream(path: path)
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
        var failures = 0
        for item in stream.items {
            switch item.message {
            case .success(let message): if !show(message, label: item.label) { failures += 1 }
            case .failure(let error):
                Terminal.error("streamchatai: \(item.label): \(error)")
                failures += 1
            }
        }
        return failures == 0 ? 0 : 1
    }

    /// Prints one message (or attachment list); false when it has no attachments array.
    func show(_ value: JSONValue, label: String) -> Bool {
        var title = label
        guard let attachments = MessageStream.attachments(of: value) else {
            if value.objectValue != nil {
                Terminal.error("streamchatai: \(label): $.attachments: expected an array of attachments")
            } else {
                Terminal.error("streamchatai: \(label): expected a message object or an array of attachments, found \(value.typeName)")
            }
            return false
        }
        if let id = value["id"]?.stringValue { title = "\(id) (\(label))" }
        let parts = AIMessagePart.parts(from: attachments)
        let tree = StepsPresenter.tree(for: parts, options: StepsPresentationOptions(nowMs: nowMs))
        if json {
            Terminal.json(tree.jsonValue, style: .pretty)
        } else {
            print(Terminal.styled("── \(title)", "2"))
            print(IRDrawer.steps(tree.root, parts: parts), terminator: "")
        }
        return true
    }
}
