import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// Writing to the terminal, with ANSI styles only when standard output is one.
enum Terminal {
    static let isInteractive = isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil

    static func styled(_ text: String, _ codes: String) -> String {
        isInteractive && !codes.isEmpty ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    /// `text` made safe to write to a terminal. A reply, a plugin or a server may send control characters that would
    /// move the cursor, clear the screen, set the window title or write the clipboard (OSC 52) on the user's terminal,
    /// or a carriage return that writes over what a line said. Line feeds and tabs stay; every other C0 control, DEL
    /// and the C1 controls show as visible pictures (ESC as ␛, a carriage return as ␍). An escape sequence passes only
    /// when it is one of the styles ``styled(_:_:)`` writes (bold, dim, underline, reverse and the colours it uses):
    /// text that copies one changes how a word looks, never what the screen says.
    static func safe(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let v = scalars[i].value
            if v == 0x1B, let end = styleEnd(scalars, from: i) {
                out.append(contentsOf: scalars[i..<end])
                i = end
                continue
            }
            switch v {
            case 0x0A, 0x09: out.append(scalars[i])
            case 0..<0x20: out.append(Unicode.Scalar(0x2400 + v)!)  // ␀ … ␟
            case 0x7F: out.append("\u{2421}")  // ␡
            case 0x80...0x9F: out.append("\u{FFFD}")
            default: out.append(scalars[i])
            }
            i += 1
        }
        return String(out)
    }

    /// The styles ``styled(_:_:)`` writes, by their SGR parameter.
    private static let styles: Set<Substring> = ["", "0", "1", "2", "4", "7", "22", "24", "27", "31", "32", "33", "36", "39"]

    /// Where the escape sequence at `start` ends, when it is `ESC [ params m` with every parameter one of ``styles``.
    private static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var end = start + 2
        var params = ""
        while end < scalars.count, end - start < 24, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) {
            params.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "m", params.split(separator: ";", omittingEmptySubsequences: false).allSatisfy(styles.contains)
        else { return nil }
        return end + 1
    }

    /// Clears the screen and puts the cursor at its top (`view --follow` draws each state of the conversation anew).
    static func clearScreen() {
        Swift.print("\u{1B}[H\u{1B}[2J", terminator: "")
    }

    /// Writes JSON to standard output as it is: it escapes its control characters itself, and a program reading it
    /// must get the data unchanged.
    static func json(_ value: JSONValue, style: JSONSerializer.Style = .compact) {
        Swift.print(JSONSerializer.string(value, style: style))
    }

    static func error(_ message: String, newline: Bool = true) {
        let message = safe(message)
        let line = !newline || message.hasSuffix("\n") ? message : message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    /// Writes `text` to the file at `path`; false (and says why on standard error, for `command`) when it can't.
    static func writeFile(_ text: String, to path: String, command: String) -> Bool {
        guard let file = fopen(path, "wb") else {
            error("streamchatai \(command): \(POSIX.errnoText("cannot write \(path)"))")
            return false
        }
        let written = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        guard fclose(file) == 0, written == text.utf8.count else {
            error("streamchatai \(command): \(POSIX.errnoText("cannot write \(path)"))")
            return false
        }
        return true
    }

    /// The whole contents of a file, or of standard input for "-".
    static func readFile(_ path: String) throws(UsageError) -> [UInt8] {
        do {
            return path == "-" ? try FileBytes.read(descriptor: STDIN_FILENO, name: "standard input") : try FileBytes.read(path)
        } catch {
            throw UsageError(error.message)
        }
    }
}

/// Standard output, for the whole tool: what it prints passes ``Terminal/safe(_:)``, so no text from a conversation, a
/// plugin or a server reaches the terminal as a control sequence. (JSON output goes through ``Terminal/json(_:style:)``.)
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(Terminal.safe(items.map { "\($0)" }.joined(separator: separator) + terminator), terminator: "")
}

/// A mistake in how the tool was called.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
