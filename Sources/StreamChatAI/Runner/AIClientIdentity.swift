#if canImport(Glibc)
import Glibc
#endif

/// A stable identifier of this install, which the agent copies onto the calls
/// it addresses to this device (`target_client_id`).
///
/// Created on first use as `linux-<random UUID>` and kept in
/// `$XDG_DATA_HOME/streamchatai/install-id` (or `~/.local/share/...`), in a
/// folder of mode 0700 and a file of mode 0600. Creation is atomic, so two
/// processes starting at once agree on one id.
public enum AIClientIdentity {
    /// The folder the id is kept in, unless another is given.
    public static func defaultDirectory() -> String? {
        if let xdg = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/streamchatai"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return home + "/.local/share/streamchatai"
        }
        return nil
    }

    /// The install id kept in `directory` (default: ``defaultDirectory()``), created if missing.
    public static func installID(directory: String? = nil) throws(StreamChatAIError) -> String {
        guard let directory = directory ?? defaultDirectory() else {
            throw StreamChatAIError(.notFound, "no folder for the install id: neither XDG_DATA_HOME nor HOME is set")
        }
        try POSIX.makeDirectories(directory)
        let path = directory + "/install-id"
        if let existing = try readStored(path) { return existing }
        let id = "linux-" + RandomUUID.string()
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIX.ioError("cannot create \(temporary)") }
        let line = id + "\n"
        let written = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == line.utf8.count, synced else {
            unlink(temporary)
            throw POSIX.ioError("cannot write \(temporary)")
        }
        // link() fails if another process created the id first; then theirs is the one.
        let linked = link(temporary, path) == 0
        let linkErrno = errno
        unlink(temporary)
        if !linked && linkErrno != EEXIST { throw POSIX.ioError("cannot create \(path)") }
        guard let stored = try readStored(path) else { throw StreamChatAIError(.internal, "\(path) is empty after creating it") }
        return stored
    }

    private static func readStored(_ path: String) throws(StreamChatAIError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw POSIX.ioError("cannot read \(path)")
        }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = Glibc.read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingWhitespace()
        guard !text.isEmpty, text.utf8.count < 200, !text.contains(where: { $0.isWhitespace }) else {
            throw StreamChatAIError(.invalidArgument, "\(path) does not hold an install id")
        }
        return text
    }
}
