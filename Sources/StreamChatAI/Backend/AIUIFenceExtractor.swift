/// Moves a fenced UI block out of a reply's text into `ai_ui` as the reply
/// streams, for agent backends.
///
/// Feed the model's text chunk by chunk; fences may be split across chunks.
/// A block opened by a fence the extractor knows (such as ```` ```openui-lang ````
/// or ```` ```a2ui ````) becomes the document's content, `streaming` until the
/// fence closes and then `complete` (a closed block that is one JSON array or
/// object is given as JSON); the words around it stay in the text.
/// Other code blocks stay in the text. When the custom data would exceed the
/// limit (50 KB by default), the UI is left out.
///
/// ```swift
/// var extractor = AIUIFenceExtractor(fences: ["openui-lang": "openui"])
/// extractor.feed("Here is your plan:\n```openui-lang\nroot = Card([])\n")
/// extractor.ui?["status"]   // "streaming"
/// ```
public struct AIUIFenceExtractor: Sendable {
    /// Fence info strings and the format each one means.
    public let fences: [String: String]
    /// The largest custom data accepted, in bytes of JSON, including `otherCustomDataBytes`.
    public let maxCustomDataBytes: Int
    /// The size of the rest of the message's custom data.
    public let otherCustomDataBytes: Int

    /// The reply's text without the UI block.
    public private(set) var text = ""
    private var content = ""
    private var format: String?
    private var state = State.text
    private var pending = ""
    private var closed = false
    private var lineStart = true
    /// The start of a character a byte chunk cut off, kept for the next chunk.
    private var pendingBytes: [UInt8] = []
    /// Whether the UI was left out for being too large.
    public private(set) var droppedForSize = false

    private enum State { case text, uiBlock, otherBlock }

    /// An extractor for `fences` (info string → format).
    public init(fences: [String: String], maxCustomDataBytes: Int = defaultMaxCustomDataBytes, otherCustomDataBytes: Int = 0) {
        self.fences = fences
        self.maxCustomDataBytes = maxCustomDataBytes
        self.otherCustomDataBytes = otherCustomDataBytes
    }

    /// The `ai_ui` field so far, or nil when there is no UI (yet, or any more).
    /// Once the block is closed, content that is one JSON value (a JSON
    /// format's document) is given as JSON; otherwise it stays text.
    public var ui: JSONValue? {
        guard let format, !droppedForSize else { return nil }
        var value = JSONValue.string(content)
        if closed, let parsed = try? JSONParser.parse(content), parsed.arrayValue != nil || parsed.objectValue != nil {
            value = parsed
        }
        return AIUIDocument(format: format, isStreaming: !closed, content: value).jsonValue
    }

    /// Adds the next chunk of the model's text.
    public mutating func feed(_ chunk: String) {
        pending += chunk
        // Work line by line, on scalars (a Character may join "\r\n" or a mark to a newline);
        // the last, unfinished line waits unless it can't be a fence.
        let scalars = pending.unicodeScalars
        var lineStart = scalars.startIndex
        while let newline = scalars[lineStart...].firstIndex(of: "\n") {
            take(line: String(scalars[lineStart..<newline]), complete: true)
            lineStart = scalars.index(after: newline)
        }
        if lineStart != scalars.startIndex { pending = String(scalars[lineStart...]) }
        if !pending.isEmpty && !Self.mayBecomeFence(pending) { flushPending() }
        checkSize()
    }

    /// Adds the next chunk of the model's text as UTF-8 bytes, which may end
    /// (or begin) inside a character, as byte streams split them: the cut-off
    /// start of a character waits for the next chunk.
    /// - Throws: ``StreamChatAIError`` (invalid argument) when the bytes are not
    ///   UTF-8; nothing of the chunk is taken then.
    public mutating func feed<Bytes: Collection<UInt8>>(utf8 chunk: Bytes) throws(StreamChatAIError) {
        let bytes = pendingBytes + chunk
        guard let complete = bytes.withUnsafeBufferPointer({ b in b.isEmpty ? 0 : UTF8Check.completePrefix(b.baseAddress!, count: b.count) }) else {
            throw StreamChatAIError(.invalidArgument, "the chunk is not valid UTF-8")
        }
        pendingBytes = Array(bytes[complete...])
        feed(String(decoding: bytes[..<complete], as: UTF8.self))
    }

    /// Says the reply is done: text still held back is released (a character
    /// cut off at the very end becomes U+FFFD).
    public mutating func finish() {
        if !pendingBytes.isEmpty {
            pendingBytes = []
            pending += "\u{FFFD}"
        }
        flushPending()
        checkSize()
    }

    /// Takes the unfinished last line as it is.
    private mutating func flushPending() {
        guard !pending.isEmpty else { return }
        let partial = pending
        pending = ""
        take(line: partial, complete: false, atEnd: true)
    }

    /// What follows the backticks of a fence line: up to three spaces, then
    /// three backticks (CommonMark; four spaces make an indented code block).
    /// A "\r" before the newline ends the line too.
    private static func fence(_ line: String) -> Substring? {
        let s = line.unicodeScalars.last == "\r" ? line.unicodeScalars.dropLast() : line.unicodeScalars[...]
        let body = s.drop(while: { $0 == " " })
        guard s.distance(from: s.startIndex, to: body.startIndex) <= 3 else { return nil }
        let ticks = body.prefix(3)
        guard ticks.count == 3, ticks.allSatisfy({ $0 == "`" }) else { return nil }
        return Substring(body[ticks.endIndex...])
    }

    /// Whether an unfinished line could still turn out to be a fence line, so it must wait for its end.
    private static func mayBecomeFence(_ line: String) -> Bool {
        let s = line.unicodeScalars
        let body = s.drop(while: { $0 == " " })
        guard s.distance(from: s.startIndex, to: body.startIndex) <= 3 else { return false }
        return fence(line) != nil || body.count < 3 && body.allSatisfy({ $0 == "`" })
    }

    private static func isClosingFence(_ line: String) -> Bool {
        fence(line)?.unicodeScalars.allSatisfy({ $0 == "`" || $0 == " " }) ?? false
    }

    /// `atEnd`: the reply ended on this line, so a closing fence without its newline still closes.
    private mutating func take(line: String, complete: Bool, atEnd: Bool = false) {
        switch state {
        case .text:
            if lineStart, complete, let afterBackticks = Self.fence(line) {
                let info = afterBackticks.trimmingWhitespace()
                if let known = fences[info], format == nil {
                    format = known
                    state = .uiBlock
                    return
                }
                state = .otherBlock
            }
            append(toText: line, complete: complete)
        case .otherBlock:
            if lineStart, complete || atEnd, Self.isClosingFence(line) { state = .text }
            append(toText: line, complete: complete)
        case .uiBlock:
            if lineStart, complete || atEnd, Self.isClosingFence(line) {
                state = .text
                closed = true
                lineStart = true
                return
            }
            content += line
            if complete { content += "\n" }
            lineStart = complete
        }
    }

    private mutating func append(toText line: String, complete: Bool) {
        text += line
        if complete { text += "\n" }
        lineStart = complete
    }

    private mutating func checkSize() {
        guard let ui, !droppedForSize else { return }
        if JSONSerializer.string(ui).utf8.count + otherCustomDataBytes + 10 > maxCustomDataBytes { droppedForSize = true }
    }

    /// `{"text", "ai_ui": {...} or null, "dropped_for_size"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([("text", .string(text)), ("ai_ui", ui ?? .null), ("dropped_for_size", .bool(droppedForSize))]))
    }
}
