/// A reply as a host stores it, with `]]>openui:` marker lines around the
/// program and its context (spec prompt.md §7): reading, stripping for the
/// model, and writing.
public struct OpenUIStoredMessage: Sendable, Equatable {
    /// The program, or prose with fenced programs.
    public var content: String
    /// The `context` section (form state and click context, as JSON text).
    public var context: String?
    /// Whether the `end` line is there (its absence: the stream died).
    public var isEnded: Bool
    /// The `content` line's attributes (`library=support@1.2.0`).
    public var attributes: [String: String]

    /// A stored reply of `content`, with its `context` section, ended or not, and the `content` line's `attributes`.
    public init(content: String, context: String? = nil, isEnded: Bool = false, attributes: [String: String] = [:]) {
        self.content = content
        self.context = context
        self.isEnded = isEnded
        self.attributes = attributes
    }

    static let marker = "]]>openui:"

    /// Reads a stored message. While it streams, a last line that is (or may
    /// become) a marker line is held back.
    public static func read(_ text: String, streaming: Bool = false) -> OpenUIStoredMessage {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if streaming, let last = lines.last, last.hasPrefix(marker) || (marker.hasPrefix(last) && !last.isEmpty) {
            lines.removeLast()
        }
        guard lines.contains(where: { $0.hasPrefix(marker) }) else { return readWithoutMarkers(lines.joined(separator: "\n")) }

        var message = OpenUIStoredMessage(content: "")
        var leading: [String] = []
        var sawContent = false
        var current: String?  // the section being read: "content", "context", or nil for one to skip
        var body: [String] = []
        var started = false
        func close() {
            let text = body.joined(separator: "\n")
            switch current {
            case "content": message.content = text
            case "context": message.context = text
            default: break
            }
            body = []
        }
        for line in lines {
            guard line.hasPrefix(marker) else {
                if !started { leading.append(line) } else { body.append(line) }
                continue
            }
            started = true
            let rest = line.dropFirst(marker.count)
            let kind = String(rest.prefix { $0 != "?" && $0 != " " })
            let tail = rest.dropFirst(kind.count)
            if kind == "end" {
                close()
                message.isEnded = true
                // Text after `end` stays with the section it interrupted.
                if let section = current { body = [interruptedText(message, section)] }
                continue
            }
            close()
            switch kind {
            case "content", "artifact":
                sawContent = true
                message.context = nil  // the last content wins, with the context after it
                message.content = ""
                current = "content"
                if kind == "content" { message.attributes = attributes(String(tail)) }
            case "context":
                current = "context"
            default:
                current = nil  // an unknown kind: its body is skipped
            }
        }
        close()
        if !sawContent { message.content = leading.joined(separator: "\n") }
        return message
    }

    private static func interruptedText(_ message: OpenUIStoredMessage, _ section: String) -> String {
        section == "content" ? message.content : message.context ?? ""
    }

    /// `?a=b&c=d` (form-urlencoded) or, as older writers did, ` a=b c=d` unencoded.
    static func attributes(_ tail: String) -> [String: String] {
        var out: [String: String] = [:]
        if tail.hasPrefix("?") {
            for pair in tail.dropFirst().split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = formDecode(String(kv[0]))
                out[key] = kv.count > 1 ? formDecode(String(kv[1])) : ""
            }
        } else if tail.hasPrefix(" "), !tail.dropFirst().hasPrefix("{") {
            for pair in tail.split(separator: " ") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                out[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
        }
        if let version = out["libraryVersion"], out["library"] == nil { out["libraryVersion"] = version }
        return out
    }

    private static func formDecode(_ s: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(s.utf8)[...]
        while let b = rest.popFirst() {
            if b == 0x2B {
                bytes.append(0x20)
            } else if b == 0x25, rest.count >= 2, let v = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func formEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2A, 0x2D, 0x2E, 0x5F: out.unicodeScalars.append(UnicodeScalar(b))
            case 0x20: out += "+"
            default: out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// The legacy XML envelope (`<content>…</content><context>…</context>`), else the text as content.
    private static func readWithoutMarkers(_ text: String) -> OpenUIStoredMessage {
        let bytes = Array(text.utf8)
        func find(_ needle: String, from start: Int) -> Int? {
            let n = Array(needle.utf8)
            guard n.count <= bytes.count else { return nil }
            var i = start
            while i + n.count <= bytes.count {
                if bytes[i..<(i + n.count)].elementsEqual(n) { return i }
                i += 1
            }
            return nil
        }
        func between(_ open: String, _ close: String) -> String? {
            guard let a = find(open, from: 0), let b = find(close, from: a + open.utf8.count) else { return nil }
            return String(decoding: bytes[(a + open.utf8.count)..<b], as: UTF8.self)
        }
        if let content = between("<content>", "</content>") {
            return OpenUIStoredMessage(content: content, context: between("<context>", "</context>"))
        }
        return OpenUIStoredMessage(content: text)
    }

    /// What the model sees of a stored assistant turn: its content, no markers, no context.
    public static func strip(_ text: String) -> String { read(text).content }

    /// A stored user turn as the model receives it (the reference format, §6.3):
    /// the message, a newline, then `context and form values = <context>`.
    public var modelText: String {
        guard let context, !context.isEmpty else { return content }
        return content + "\ncontext and form values = " + context
    }

    /// The stored text: a `content` line (with `library=<id>@<version>`), the
    /// content, a `context` section when there is one, and `end` when the stream finished.
    public static func write(content: String, library: (id: String, version: String)? = nil, context: String? = nil,
                             ended: Bool) -> String {
        var out = marker + "content"
        if let library { out += "?library=" + formEncode("\(library.id)@\(library.version)") }
        out += "\n" + content
        if let context { out += "\n" + marker + "context\n" + context }
        if ended { out += "\n" + marker + "end" }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
