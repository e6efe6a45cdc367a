import Dispatch
import StreamChatAI
import Synchronization

/// `streamchatai plugins DIR`: what a plugins folder provides (manifests only).
/// `streamchatai run FILE --plugins DIR --user U --client C`: runs the client
/// tools a reply addresses to that user and install, and prints the results.
struct ToolsCommand {
    static func plugins(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            Terminal.error("usage: streamchatai plugins DIR")
            return 2
        }
        do {
            let runner = try AIClientToolRunner(configuration: .init(userID: "-", clientID: "-"))
            let report = try runner.loadPlugins(directory: arguments[0]).jsonValue
            for entry in report["plugins"]?.arrayValue ?? [] {
                let folder = entry["folder"]?.stringValue ?? "?"
                if entry["status"] == "ok" {
                    let tools = entry["tools"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? ""
                    print("\(Terminal.styled("✓", "32")) \(folder) (\(entry["isolation"]?.stringValue ?? "")): \(tools)")
                    for conflict in entry["conflicts"]?.arrayValue ?? [] {
                        print("    tool \(conflict["tool"]?.stringValue ?? "?") left out: \(conflict["kept"]?.stringValue ?? "another") has it")
                    }
                } else {
                    let place = [entry["file"]?.stringValue, entry["json_path"]?.stringValue].compactMap { $0 }.joined(separator: " ")
                    print("\(Terminal.styled("✗", "31")) \(folder): \(entry["reason"]?.stringValue ?? "")\(place.isEmpty ? "" : " [\(place)]")")
                }
            }
            return 0
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        var file: String?, plugins: [String] = [], user: String?, client: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if ["--plugins", "--user", "--client"].contains(a) {
                guard i + 1 < arguments.count else { Terminal.error("streamchatai: \(a) needs a value"); return 2 }
                switch a {
                case "--plugins": plugins.append(arguments[i + 1])
                case "--user": user = arguments[i + 1]
                default: client = arguments[i + 1]
                }
                i += 2
                continue
            }
            file = a
            i += 1
        }
        guard let file, let user, let client else {
            Terminal.error("usage: streamchatai run FILE --user USER_ID --client CLIENT_ID [--plugins DIR]...")
            return 2
        }
        do {
            let bytes = try Terminal.readFile(file)
            let message = try JSONParser.parse(bytes)
            guard let attachments = message["attachments"]?.arrayValue ?? message.arrayValue else {
                Terminal.error("streamchatai: \(file): $.attachments: expected an array of attachments")
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
