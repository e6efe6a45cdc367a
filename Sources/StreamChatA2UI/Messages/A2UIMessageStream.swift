import StreamChatAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Cuts a reply's A2UI content into messages as it grows, reading each byte
/// once: JSONL (one message a line; a partial last line waits for its newline
/// or the end of the reply), a JSON array of messages (in text, each element
/// as soon as it closes), or JSON content (an array, a `{"messages": [...]}`
/// wrapper, one message).
///
/// When a new version of the content is not the old one grown (the agent
/// edited it), the stream says so and starts over.
struct A2UIMessageStream {
    /// One message's JSON, or why a piece of the content isn't one.
    enum Item {
        case message(JSONValue, line: Int)
        case problem(A2UIProblem)
    }

    /// The most bytes one message may have.
    static let maxMessageBytes = 4 << 20
    /// The deepest nesting one message may have.
    static let maxMessageDepth = 128
    static let limits = JSONLimits(maxDepth: maxMessageDepth, maxBytes: maxMessageBytes)

    private var consumed = 0
    private var searched = 0
    private var line = 1
    private var mode: Mode?
    private var lastPiece: (start: Int, bytes: [UInt8]) = (0, [])
    private var elements = 0
    // The array scanner's state between calls.
    private var depth = 0, inString = false, escaped = false, elementStart: Int?
    /// Set when the array nested past the limit: the rest of the content is not read, however it grows (the same
    /// content read whole and read as it streams gives the same messages).
    private var abandoned = false

    private enum Mode { case lines, array }

    /// The messages `content` holds past what earlier calls gave; `restarted`
    /// when the content is not the earlier one grown, and everything is given again.
    mutating func advance(_ content: JSONValue, complete: Bool) -> (items: [Item], restarted: Bool) {
        switch content {
        case .string(let text):
            var copy = text
            return copy.withUTF8 { advance(text: UnsafeRawBufferPointer($0), complete: complete) }
        case .array(let list):
            let restarted = list.count < elements
            if restarted { elements = 0 }
            defer { elements = list.count }
            return (list[elements...].enumerated().map { .message($0.element, line: elements + $0.offset + 1) }, restarted)
        case .object(let o):
            if case .array(let list)? = o["messages"], o["version"] == nil { return advance(.array(list), complete: complete) }
            return advance(.array([content]), complete: complete)
        default:
            return ([.problem(A2UIProblem(A2UIProblem.Code.validationFailed, "an a2ui document's content is JSONL text or a JSON array of messages, found \(content.typeName)"))], false)
        }
    }

    private mutating func advance(text: UnsafeRawBufferPointer, complete: Bool) -> (items: [Item], restarted: Bool) {
        var restarted = false
        if text.count < consumed || !unchanged(text) {
            self = A2UIMessageStream()
            restarted = true
        }
        if mode == nil {
            guard let first = text[consumed...].first(where: { !Self.isSpace($0) }) else { return ([], restarted) }
            mode = first == UInt8(ascii: "[") ? .array : .lines
        }
        let items = mode == .array ? array(text, complete: complete) : lines(text, complete: complete)
        return (items, restarted)
    }

    /// Whether the last piece read is still where it was (the content grew rather than changed).
    private func unchanged(_ text: UnsafeRawBufferPointer) -> Bool {
        let (start, bytes) = lastPiece
        guard start + bytes.count <= text.count else { return false }
        return bytes.withUnsafeBytes { old in memcmpEqual(old, UnsafeRawBufferPointer(rebasing: text[start..<start + bytes.count])) }
    }

    private mutating func remember(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) {
        // Enough of it to notice an edit, without keeping every message (in the same storage each time).
        let tail = max(range.lowerBound, range.upperBound - 256)
        lastPiece.start = tail
        lastPiece.bytes.removeAll(keepingCapacity: true)
        lastPiece.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[tail..<range.upperBound]))
    }

    // MARK: JSONL

    private mutating func lines(_ text: UnsafeRawBufferPointer, complete: Bool) -> [Item] {
        var items: [Item] = []
        var i = max(searched, consumed)
        while i < text.count, let found = memchr(text.baseAddress! + i, 0x0A, text.count - i) {
            i = text.baseAddress!.distance(to: UnsafeRawPointer(found))
            emitLine(text, consumed..<i, into: &items)
            consumed = i + 1
            line += 1
            i += 1
        }
        searched = text.count
        if complete, consumed < text.count {
            emitLine(text, consumed..<text.count, into: &items)
            consumed = text.count
        }
        return items
    }

    private mutating func emitLine(_ text: UnsafeRawBufferPointer, _ range: Range<Int>, into items: inout [Item]) {
        remember(text, range)
        let piece = UnsafeRawBufferPointer(rebasing: text[range])
        guard piece.contains(where: { !Self.isSpace($0) }) else { return }
        items.append(Self.parse(piece, line: line))
    }

    // MARK: A JSON array in text

    private mutating func array(_ text: UnsafeRawBufferPointer, complete: Bool) -> [Item] {
        guard !abandoned else { return [] }
        var items: [Item] = []
        var i = max(searched, consumed)
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
                if depth == 1 && elementStart == nil { elementStart = i }
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                if depth == 1 && elementStart == nil { elementStart = i }
                depth += 1
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 1, let start = elementStart {
                    remember(text, start..<i + 1)
                    items.append(Self.parse(UnsafeRawBufferPointer(rebasing: text[start..<i + 1]), line: line))
                    elementStart = nil
                    consumed = i + 1
                } else if depth <= 0 {
                    consumed = i + 1
                    depth = 0
                }
            } else if depth == 1 && elementStart == nil && !Self.isSpace(c) && c != UInt8(ascii: ",") {
                elementStart = i  // a scalar element: not a message, reported when it ends
            } else if depth == 1, let start = elementStart, c == UInt8(ascii: ","), text[start] != UInt8(ascii: "\"") {
                items.append(Self.parse(UnsafeRawBufferPointer(rebasing: text[start..<i]), line: line))
                elementStart = nil
                consumed = i + 1
            }
            if depth > Self.maxMessageDepth + 1 {
                items.append(.problem(A2UIProblem(A2UIProblem.Code.limit, "the content nests deeper than \(Self.maxMessageDepth) levels; the rest is not read", line: line)))
                consumed = text.count
                i = text.count
                depth = 0
                abandoned = true
                break
            }
            i += 1
        }
        searched = i
        if complete && (depth != 0 || inString) {
            items.append(.problem(A2UIProblem(A2UIProblem.Code.invalidJSON, "the content's JSON array is not closed; its last message is not read", line: line)))
            depth = 0
            inString = false
        }
        return items
    }

    // MARK: Helpers

    private static func parse(_ bytes: UnsafeRawBufferPointer, line: Int) -> Item {
        do {
            return .message(try JSONParser.parse(bytes, limits: limits), line: line)
        } catch {
            return .problem(A2UIProblem(error.kind == .limitExceeded ? A2UIProblem.Code.limit : A2UIProblem.Code.invalidJSON,
                                        "the message is not JSON (\(error)); it is skipped", line: line))
        }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}

private func memcmpEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
    return memcmp(x, y, a.count) == 0
}
