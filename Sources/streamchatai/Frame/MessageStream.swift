import StreamChatAI

/// The messages of a file (or standard input, `-`): one JSON value (a
/// message, or an array of attachments), or JSONL of message updates, one per
/// line. A line that is not JSON is a problem of its own, named by file and
/// line; the other lines still count.
struct MessageStream {
    /// One message, or why its line could not be read.
    struct Item {
        /// `file` for a whole-file value, `file:line` for a line.
        let label: String
        let message: Result<JSONValue, JSONError>
    }

    let items: [Item]

    /// Reads `path`.
    init(path: String) throws(UsageError) {
        let bytes = try Terminal.readFile(path)
        let name = path == "-" ? "stdin" : path.split(separator: "/").last.map(String.init) ?? path
        if let whole = try? JSONParser.parse(bytes) {
            items = [Item(label: name, message: .success(whole))]
            return
        }
        var items: [Item] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
            let label = "\(name):\(number + 1)"
            do {
                items.append(Item(label: label, message: .success(try JSONParser.parse(Array(line)))))
            } catch {
                items.append(Item(label: label, message: .failure(error)))
            }
        }
        self.items = items
    }

    /// The attachments of a message (`{"attachments": [...]}`) or a bare array.
    static func attachments(of value: JSONValue) -> [JSONValue]? {
        value["attachments"]?.arrayValue ?? value.arrayValue
    }
}
