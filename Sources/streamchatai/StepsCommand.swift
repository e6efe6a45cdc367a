import StreamChatAI

/// `streamchatai steps`: prints the steps of a message, or of each update in a JSONL stream.
struct StepsCommand {
    struct Options {
        var path: String
        var json = false
        var nowMs: Int64?

        init(arguments: [String]) throws(UsageError) {
            var path: String?
            var i = 0
            while i < arguments.count {
                let argument = arguments[i]
                switch argument {
                case "--json": json = true
                case "--now-ms":
                    i += 1
                    guard i < arguments.count, let ms = Int64(arguments[i]) else {
                        throw UsageError("--now-ms needs a whole number of milliseconds")
                    }
                    nowMs = ms
                default:
                    guard path == nil, argument == "-" || !argument.hasPrefix("-") else {
                        throw UsageError("unexpected argument '\(argument)'")
                    }
                    path = argument
                }
                i += 1
            }
            guard let path else { throw UsageError("steps needs a FILE") }
            self.path = path
        }
    }

    let options: Options

    func run() -> Int32 {
        let bytes: [UInt8]
        do {
            bytes = try Terminal.readFile(options.path)
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
        // A whole-file JSON value is one message; otherwise each line is an update.
        let name = options.path.split(separator: "/").last.map(String.init) ?? options.path
        if let whole = try? JSONParser.parse(bytes) {
            return show(whole, label: name) ? 0 : 1
        }
        var failures = 0
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
            let label = "\(name):\(number + 1)"
            do {
                if !show(try JSONParser.parse(Array(line)), label: label) { failures += 1 }
            } catch {
                Terminal.error("streamchatai: \(label): \(error)")
                failures += 1
            }
        }
        return failures == 0 ? 0 : 1
    }

    /// Prints one message (or attachment list); false when it has no attachments array.
    func show(_ value: JSONValue, label: String) -> Bool {
        let attachments: [JSONValue]
        var title = label
        switch value {
        case .array(let list):
            attachments = list
        case .object(let message):
            guard case .array(let list)? = message["attachments"] else {
                Terminal.error("streamchatai: \(label): $.attachments: expected an array of attachments")
                return false
            }
            attachments = list
            if let id = message["id"]?.stringValue { title = "\(id) (\(label))" }
        default:
            Terminal.error("streamchatai: \(label): expected a message object or an array of attachments, found \(value.typeName)")
            return false
        }
        let parts = AIMessagePart.parts(from: attachments)
        let tree = StepsPresenter.tree(for: parts, options: StepsPresentationOptions(nowMs: options.nowMs))
        if options.json {
            print(JSONSerializer.string(tree.jsonValue, style: .pretty))
        } else {
            print(Terminal.styled("── \(title)", "2"))
            print(StepsText.render(tree.root, parts: parts), terminator: "")
        }
        return true
    }
}
