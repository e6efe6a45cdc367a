import StreamChatAI

/// `streamchatai ui FILE --plugins DIR [--json]`: previews the generative UI
/// of each message (a JSON message, or JSONL of message updates) as an
/// outline of its UI IR, or says why the reply shows its text.
enum UICommand {
    static func run(_ arguments: [String]) -> Int32 {
        var file: String?, plugins: [String] = [], json = false
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--plugins":
                guard i + 1 < arguments.count else { Terminal.error("streamchatai: --plugins needs a folder"); return 2 }
                plugins.append(arguments[i + 1])
                i += 1
            case "--json": json = true
            default: file = arguments[i]
            }
            i += 1
        }
        guard let file else {
            Terminal.error("usage: streamchatai ui FILE [--plugins DIR]... [--json]")
            return 2
        }
        let problems = ProblemLog()
        let host = AIUIHost(onError: { id, problem in problems.add("\(id ?? "host"): \(problem)") })
        do {
            for dir in plugins { _ = try host.loadPlugins(directory: dir) }
            let bytes = try Terminal.readFile(file)
            let messages: [JSONValue]
            if let whole = try? JSONParser.parse(bytes) {
                messages = [whole]
            } else {
                messages = try bytes.split(separator: 0x0A).map { line throws -> JSONValue in try JSONParser.parse(Array(line)) }
            }
            for message in messages {
                let id = message["id"]?.stringValue ?? "message"
                let custom = message["custom"] ?? message["custom_data"] ?? message
                if let reason = host.receive(messageID: id, customData: custom) {
                    print(Terminal.styled("── \(id): shows its text (\(reason.reason))", "2"))
                    continue
                }
                guard let ir = host.render(messageID: id)?.jsonValue, let root = ir["root"] else {
                    print(Terminal.styled("── \(id): shows its text", "2"))
                    continue
                }
                if json {
                    print(JSONSerializer.string(ir, style: .pretty))
                } else {
                    print(Terminal.styled("── \(id) (\(ir["format"]?.stringValue ?? "?")\(ir["streaming"] == true ? ", streaming" : ""))", "2"))
                    outline(root, depth: 1)
                }
            }
            for problem in problems.all { Terminal.error("streamchatai: \(problem)") }
            return 0
        } catch {
            Terminal.error("streamchatai: \(error)")
            return 1
        }
    }

    static func outline(_ node: JSONValue, depth: Int) {
        let props = node["props"]?.objectValue ?? JSONObject()
        let text = ["title", "label", "text"].compactMap { props[$0]?.stringValue }.first { !$0.isEmpty }.map { " \"\($0)\"" } ?? ""
        let events = node["events"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var line = String(repeating: "  ", count: depth) + "\(node["type"]?.stringValue ?? "?")#\(node["id"]?.stringValue ?? "?")\(text)"
        if !events.isEmpty { line += Terminal.styled(" [\(events.joined(separator: ", "))]", "36") }
        if node["state"] == "pending" { line += Terminal.styled(" (pending)", "33") }
        print(line)
        for child in node["children"]?.arrayValue ?? [] { outline(child, depth: depth + 1) }
    }
}

/// Problems reported while previewing, printed after the outline.
final class ProblemLog: @unchecked Sendable {
    private var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
    var all: [String] { lines }
}
