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
