import CSystemShims

#if canImport(Glibc)
import Glibc
#endif

/// Small wrappers over POSIX calls that the library makes in several places:
/// errors that carry `strerror`, folders created with mode 0700, real paths.
public enum POSIX {
    /// `"<what>: <strerror(errno)>"`, read right after the failing call.
    public static func errnoText(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }

    /// An error for a failed file operation, with the system's reason.
    public static func ioError(_ what: String) -> StreamChatAIError {
        StreamChatAIError(.invalidArgument, errnoText(what))
    }

    /// Creates `path` and its missing parents, each with mode 0700.
    public static func makeDirectories(_ path: String) throws(StreamChatAIError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw ioError("cannot create \(current)") }
        }
    }

    /// An environment variable, or nil when unset or when the program runs
    /// with more rights than its user (setuid, setgid, capabilities): such a
    /// user must not choose what the library executes or where it writes.
    public static func environment(_ name: String) -> String? {
        secure_getenv(name).map { String(cString: $0) }
    }

    /// The canonical path of `path` (links resolved), or nil when it can't be resolved.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// How a child's wait status ended: "crashed (SIGSEGV)", "was killed", "exited with status 3".
    public static func describe(waitStatus: Int32) -> String { ChildProcess.describe(waitStatus) }
}
