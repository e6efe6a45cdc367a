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

    static func error(_ message: String, newline: Bool = true) {
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

/// A mistake in how the tool was called.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
