#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads, without Foundation.
public enum FileBytes {
    /// The bytes of the file at `path`, refusing
    /// files over `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 30) throws(StreamChatAIError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIX.ioError("cannot open \(path)") }
        defer { close(fd) }
        return try read(descriptor: fd, name: path, limit: limit)
    }

    /// The bytes readable from `fd` until its end, refusing more than `limit`.
    public static func read(descriptor fd: Int32, name: String, limit: Int = 1 << 30) throws(StreamChatAIError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw POSIX.ioError("cannot read \(name)") }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else {
                throw StreamChatAIError(.limitExceeded, "\(name) is over the limit of \(limit) bytes")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
