import StreamChatAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Cuts a reply's A2UI content into messages as it grows, reading each byte
/// once: text holding JSON values one after another (JSONL, one message a
/// line, is the usual case; a message written over several lines, as models
/// pretty-print, and a `{"messages": [...]}` wrapper or an array of messages
/// among them are read too), a JSON array of messages (in text, each element
/// as soon as it closes), or JSON content (an array, a `{"messages": [...]}`
/// wrapper, one message).
///
/// In text, a message applies as soon as its JSON closes; anything else waits
/// for its line's end or the end of the reply. A value over several lines
/// that is not JSON after all (a line cut short, and JSONL after it) is read
/// again line by line, so the lines that are messages still apply. A value
/// whose first line is no start of any JSON (it breaks off inside a string,
/// which JSON strings never do, or has a character no JSON has there) ends
/// with that line, so a broken JSONL line is reported at its end, as before.
/// A value cut short between two tokens is still the start of some JSON: it
/// ends before a line, as far in as it began, that starts an object or an
/// array it cannot hold (the next message), and is reported; the messages from
/// there on apply as they arrive.
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
    /// In text of values: the line where the value being read began, and whether it is a bare piece (not an object
    /// or an array: read to its line's end).
    private var valueLine = 1, isBare = false
    /// In text of values: how many bytes the value being read had when it was last found to be JSON cut short
    /// (see ``newValueStart(_:_:final:)``), and the bytes read again by those checks and by what they broke off, held to
    /// a budget in proportion to the text read so far (so that no input makes the reading quadratic, and streamed
    /// or whole, the same checks are made).
    private var checkedSize = 0, reread = 0
    /// Set when the array nested past the limit: the rest of the content is not read, however it grows (the same
    /// content read whole and read as it streams gives the same messages).
    private var abandoned = false

    private enum Mode { case values, array }

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
        case .object:
            return advance(.array(Self.messages(in: content)), complete: complete)
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
            mode = first == UInt8(ascii: "[") ? .array : .values
        }
        var items = mode == .array ? array(text, complete: complete) : []
        // (An array read to its end is followed by values: more messages, another array, a wrapper.)
        if mode == .values { items += values(text, complete: complete) }
        // The scanners carry what they read (brackets open, a string open) into the next call: the text read last is
        // what must still be there, not only the last message given.
        remember(text, 0..<text.count)
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

    // MARK: JSON values in text (JSONL)

    private mutating func values(_ text: UnsafeRawBufferPointer, complete: Bool) -> [Item] {
        var items: [Item] = []
        scan(text, from: max(searched, consumed), into: &items)
        searched = text.count
        // The reply ended inside a value: one cut short before a line that began a new value is read from there.
        while complete, let start = elementStart {
            guard let next = newValueStart(text, start..<text.count, final: true) else {
                emitValue(text, start..<text.count, into: &items)
                consumed = text.count
                break
            }
            breakOff(text, start..<next, into: &items)
            scan(text, from: next, into: &items)
        }
        return items
    }

    /// Reads the values of `text` from `offset` to its end (see the type's notes).
    private mutating func scan(_ text: UnsafeRawBufferPointer, from offset: Int, into items: inout [Item]) {
        var i = offset
        while i < text.count {
            let c = text[i]
            guard let start = elementStart else {
                if c == 0x0A { line += 1 }
                if Self.isSpace(c) {
                    consumed = i + 1
                } else {
                    elementStart = i
                    valueLine = line
                    isBare = c != UInt8(ascii: "{") && c != UInt8(ascii: "[")
                    depth = isBare ? 0 : 1
                    checkedSize = 0
                }
                i += 1
                continue
            }
            if c == 0x0A {
                // (A string holds no line break: a value broken in a string, as a JSONL line cut short, ends here.)
                if isBare || inString || isBroken(text, start..<i) {
                    emitValue(text, start..<i, into: &items)
                    consumed = i + 1
                } else if let next = newValueStart(text, start..<i, final: false) {
                    breakOff(text, start..<next, into: &items)
                    i = next
                    continue
                }
                line += 1
            } else if !isBare {
                if inString {
                    if escaped {
                        escaped = false
                    } else if c == UInt8(ascii: "\\") {
                        escaped = true
                    } else if c == UInt8(ascii: "\"") {
                        inString = false
                    } else {
                        // Most of a message is text in strings: skipped to the next byte that matters.
                        while i + 1 < text.count, !Self.endsStringRun(text[i + 1]) { i += 1 }
                    }
                } else if c == UInt8(ascii: "\"") {
                    inString = true
                } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    depth += 1
                } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 {
                        emitValue(text, start..<i + 1, into: &items)
                        consumed = i + 1
                    }
                }
            }
            i += 1
        }
    }

    /// Where a line began a new value that the value being read (`range` of `text`, past its first line) cannot hold:
    /// that value was cut short before it (a JSONL line, or a pretty-printed message, cut off between two tokens, and
    /// the next message after it), so it ends at that line, and the messages after it apply as they arrive rather than
    /// waiting for brackets that never close, or being lost in the value's lines. Nil when the value may still be JSON,
    /// or is broken elsewhere (read to its close as before, and reported whole).
    ///
    /// Looked for at a line's end once the value has doubled since it was last found to be JSON cut short, and at the
    /// reply's end (`final`), so the checks read each value's bytes about twice; with what a break reads again, held to
    /// a budget in proportion to the text.
    private mutating func newValueStart(_ text: UnsafeRawBufferPointer, _ range: Range<Int>, final: Bool) -> Int? {
        guard !isBare, valueLine < line || final, final || range.count >= 2 * checkedSize,
              reread <= 4 * range.upperBound + 65_536 else { return nil }
        checkedSize = range.count
        reread += range.count
        guard let error = Self.failure(text, range), error.kind != .limitExceeded, error.offset < range.count else { return nil }
        let at = range.lowerBound + error.offset
        // Only where the value could not go on because a line began a new object or array as far in as the value began
        // (messages one after another start alike; an object missing its comma in a message's list is further in, and
        // the message is reported whole).
        guard text[at] == UInt8(ascii: "{") || text[at] == UInt8(ascii: "["),
              let lineStart = Self.lineStart(text, before: at, from: range.lowerBound), lineStart > range.lowerBound,
              let valueLineStart = Self.lineStart(text, before: range.lowerBound, from: 0),
              at - lineStart == range.lowerBound - valueLineStart else { return nil }
        reread += range.upperBound - lineStart
        return lineStart
    }

    /// Where the line of `text` holding `offset` starts, when only spaces come before `offset` on it; nil when other
    /// bytes do. (Looked for no further back than `floor`, which counts as a line's start.)
    private static func lineStart(_ text: UnsafeRawBufferPointer, before offset: Int, from floor: Int) -> Int? {
        var start = offset
        while start > floor, text[start - 1] != 0x0A {
            guard isSpace(text[start - 1]) else { return nil }
            start -= 1
        }
        return start
    }

    /// Reports `range` of `text`, the lines of a value cut short before a line that began a new value, line by line
    /// (a whole message among them still applies), and makes the scanner read on from the line after it.
    private mutating func breakOff(_ text: UnsafeRawBufferPointer, _ range: Range<Int>, into items: inout [Item]) {
        readLineByLine(UnsafeRawBufferPointer(rebasing: text[range]), firstLine: valueLine, into: &items)
        line = valueLine + text[range].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        elementStart = nil
        depth = 0
        inString = false
        escaped = false
        consumed = range.upperBound
    }

    /// Whether the value being read, `range` of `text` at the end of its first line, is not the start of any JSON: it
    /// then ends there, as a broken JSONL line does, rather than waiting for brackets that may never close. (Past its
    /// first line, a value ends early only before a new one: see ``newValueStart(_:_:final:)``.)
    private func isBroken(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        guard valueLine == line, let error = Self.failure(text, range) else { return false }
        // (Only the end of the input is missing when the problem is at the end.)
        return error.kind == .limitExceeded || error.offset < range.count
    }

    /// Why `range` of `text` is not JSON, or nil when it is.
    private static func failure(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> JSONError? {
        do {
            _ = try JSONParser.parse(UnsafeRawBufferPointer(rebasing: text[range]), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// Reads one value of text (a bare piece, a closed value, or what is open when the reply ends): a message, a
    /// wrapper's or an array's messages, or a problem; a value over several lines that is not JSON is read again line
    /// by line (see the type's notes).
    private mutating func emitValue(_ text: UnsafeRawBufferPointer, _ range: Range<Int>, into items: inout [Item]) {
        elementStart = nil
        depth = 0
        inString = false
        escaped = false
        let piece = UnsafeRawBufferPointer(rebasing: text[range])
        do {
            items += Self.messages(in: try JSONParser.parse(piece, limits: Self.limits)).map { .message($0, line: valueLine) }
        } catch {
            guard error.kind != .limitExceeded, valueLine < line else {
                items.append(.problem(Self.problem(error, line: valueLine)))
                return
            }
            readLineByLine(piece, firstLine: valueLine, into: &items)
        }
    }

    /// The lines of `piece` read as JSONL: each line that is a JSON object is a message; each run of lines that are not
    /// is one problem, with what is wrong with the run read as one (or, when the run is JSON after all, the value it is,
    /// which the decoder refuses as no message).
    private func readLineByLine(_ piece: UnsafeRawBufferPointer, firstLine: Int, into items: inout [Item]) {
        // The run of lines that are not JSON: where it starts and ends in `piece`, and its first and last lines.
        var run: (start: Int, end: Int, first: Int, last: Int)?
        func endRun() {
            guard let (start, end, first, last) = run else { return }
            run = nil
            do {
                // JSON after all, but no object (a string alone on its line): reported as the message it is not.
                items.append(.message(try JSONParser.parse(UnsafeRawBufferPointer(rebasing: piece[start..<end]), limits: Self.limits), line: first))
            } catch {
                let what = first == last ? "the message is not JSON" : "lines \(first)–\(last) are not JSON"
                items.append(.problem(A2UIProblem(error.kind == .limitExceeded ? A2UIProblem.Code.limit : A2UIProblem.Code.invalidJSON,
                                                  "\(what) (\(error)); it is skipped", line: first)))
            }
        }
        var line = firstLine
        var offset = 0
        while offset < piece.count {
            let end = piece[offset...].firstIndex(of: 0x0A) ?? piece.count
            let bytes = UnsafeRawBufferPointer(rebasing: piece[offset..<end])
            if bytes.contains(where: { !Self.isSpace($0) }) {
                // (Only an object: a line of a value written over several lines may be a string or a number alone.)
                if let message = try? JSONParser.parse(bytes, limits: Self.limits), case .object = message {
                    endRun()
                    items.append(.message(message, line: line))
                } else {
                    run = (run?.start ?? offset, end, run?.first ?? line, line)
                }
            }
            offset = end + 1
            line += 1
        }
        endRun()
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
                    items.append(Self.parse(UnsafeRawBufferPointer(rebasing: text[start..<i + 1]), line: line))
                    elementStart = nil
                    consumed = i + 1
                } else if depth <= 0 {
                    // The array closed (a scalar last element is told first): what follows is read as values.
                    if let start = elementStart {
                        items.append(Self.parse(UnsafeRawBufferPointer(rebasing: text[start..<i]), line: line))
                        elementStart = nil
                    }
                    consumed = i + 1
                    searched = i + 1
                    depth = 0
                    mode = .values
                    return items
                }
            } else if depth == 1 && elementStart == nil && !Self.isSpace(c) && c != UInt8(ascii: ",") {
                elementStart = i  // a scalar element: not a message, reported when it ends
            } else if depth == 1, let start = elementStart, c == UInt8(ascii: ",") {
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
            // (Its messages that closed were read; only one still open when the reply ended is lost.)
            let lost = elementStart == nil ? "" : "; its last message is not read"
            items.append(.problem(A2UIProblem(A2UIProblem.Code.invalidJSON, "the content's JSON array is not closed" + lost, line: line)))
            elementStart = nil
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
            return .problem(problem(error, line: line))
        }
    }

    /// The messages a JSON value holds: an array's items, a `{"messages": [...]}` wrapper's (an object with no version
    /// of its own), else the value itself.
    private static func messages(in value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let list): return list
        case .object(let o) where o["version"] == nil: if case .array(let list)? = o["messages"] { return list } else { return [value] }
        default: return [value]
        }
    }

    private static func problem(_ error: JSONError, line: Int) -> A2UIProblem {
        A2UIProblem(error.kind == .limitExceeded ? A2UIProblem.Code.limit : A2UIProblem.Code.invalidJSON,
                    "the message is not JSON (\(error)); it is skipped", line: line)
    }

    /// Whether `c` may end a run of a string's bytes: a quote, a backslash or a line break.
    @inline(__always) private static func endsStringRun(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == 0x0A
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}

private func memcmpEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
    return memcmp(x, y, a.count) == 0
}
