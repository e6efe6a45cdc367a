#if canImport(Glibc)
import Glibc
#endif

/// Whether a file or folder may hold code the host runs: nobody but this
/// process's user (or root) may be able to change it. A file or folder
/// writable by group or others (a sticky one such as /tmp included), or owned
/// by another user, could have its code swapped by them, so the host refuses
/// it unless the app allows writable plugins (`allow_writable_plugins`).
enum PluginTrust {
    /// Checks `info` (of `path`).
    static func check(_ info: stat, of path: String, allowWritable: Bool) throws(PluginProblem) {
        guard !allowWritable else { return }
        if info.st_mode & 0o022 != 0 {
            let sticky = info.st_mode & S_ISVTX != 0 ? ", sticky" : ""
            throw PluginProblem(reason: "writable by group or others (mode \(String(info.st_mode & 0o7777, radix: 8))\(sticky)): anyone could change what runs",
                                file: path, refused: true)
        }
        let me = geteuid()
        if info.st_uid != me && info.st_uid != 0 {
            throw PluginProblem(reason: "owned by another user (uid \(info.st_uid)), who could change what runs", file: path, refused: true)
        }
    }

    /// Checks `path` itself (following no link).
    static func check(path: String, allowWritable: Bool) throws(PluginProblem) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw PluginProblem(reason: POSIX.errnoText("cannot read"), file: path) }
        try check(info, of: path, allowWritable: allowWritable)
    }

    /// Checks every folder from `folder` down to the one holding `file` (both real paths, `file` inside `folder`).
    static func checkFolders(from folder: String, to file: String, allowWritable: Bool) throws(PluginProblem) {
        var current = folder
        for component in file.dropFirst(folder.count + 1).split(separator: "/").dropLast() {
            current += "/" + component
            try check(path: current, allowWritable: allowWritable)
        }
    }
}
