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
        if let xdg = POSIX.environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
            return xdg + "/streamchatai"
        }
        if let home = POSIX.environment("HOME"), home.hasPrefix("/") {
            return home + "/.local/share/streamchatai"
        }
        return nil
    }

    /// The install id kept in `directory` (default: ``defaultDirectory()``), created if missing.
    /// - Throws: ``StreamChatAIError`` for an empty folder name, a folder others may write to,
    ///   an `install-id` that is a link or does not hold an install id, or a file error.
    public static func installID(directory: String? = nil) throws(StreamChatAIError) -> String {
        guard let directory = directory ?? defaultDirectory() else {
            throw StreamChatAIError(.notFound, "no folder for the install id: neither XDG_DATA_HOME nor HOME is set")
        }
        guard !directory.isEmpty else { throw StreamChatAIError(.invalidArgument, "dir is empty: give a folder, or NULL for the default") }
        try POSIX.makeDirectories(directory)
        var info = stat()
        guard stat(directory, &info) == 0 else { throw POSIX.ioError("cannot read \(directory)") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw StreamChatAIError(.invalidArgument, "\(directory) is not a folder") }
        guard info.st_mode & 0o022 == 0 else {
            throw StreamChatAIError(.refused, "\(directory) is writable by group or others (mode \(String(info.st_mode & 0o777, radix: 8))): anyone could replace the install id")
        }
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
        guard let stored = try readStored(path) else { throw StreamChatAIError(.invalidArgument, "\(path) vanished while it was made") }
        return stored
    }

    /// What an install id may be: letters, digits, `-`, `_`, `.` and `:`, 8 to 128 of them.
    static func isInstallID(_ text: String) -> Bool {
        (8...128).contains(text.utf8.count) && text.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E || b == 0x3A
        }
    }

    private static func readStored(_ path: String) throws(StreamChatAIError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw StreamChatAIError(.refused, "\(path) is a link; the install id must be a file of its own") }
            throw POSIX.ioError("cannot read \(path)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StreamChatAIError(.invalidArgument, "\(path) is not a regular file")
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = Glibc.read(fd, &buffer, buffer.count)
        let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).trimmingWhitespace() : ""
        guard isInstallID(text) else {
            throw StreamChatAIError(.invalidArgument, "\(path) is damaged: it does not hold an install id (remove it to make a new one)")
        }
        return text
    }
}
