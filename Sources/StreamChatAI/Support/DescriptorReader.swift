#if canImport(Glibc)
import Glibc
#endif

/// Buffered reads of text lines and byte counts from a descriptor (a child's
/// socket or pipe), each with a timeout, so a silent peer can't block forever.
final class DescriptorReader: @unchecked Sendable {  // used by one thread at a time
    /// Why a read failed: the peer was silent, closed its end, or sent too much.
    struct Failure: Error, Sendable {
        let reason: String
    }

    /// The longest line accepted.
    let maxLineBytes: Int
    private let fd: Int32
    /// A descriptor that becomes readable when the peer is gone for good (a
    /// pidfd), even if another process still holds the socket open.
    private let ended: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on: a long line is scanned once, not once per read.
    private var scanned = 0

    init(fd: Int32, endedWhenReadable ended: Int32 = -1, maxLineBytes: Int = 4096) {
        self.fd = fd
        self.ended = ended
        self.maxLineBytes = maxLineBytes
    }

    /// Reads more; a negative timeout waits as long as it takes.
    private func fill(timeoutMs: Int32) throws(Failure) {
        var pollers = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: ended, events: Int16(POLLIN), revents: 0)]
        var ready: Int32
        repeat { ready = poll(&pollers, ended >= 0 ? 2 : 1, timeoutMs) } while ready < 0 && errno == EINTR
        if ready == 0 { throw Failure(reason: "no answer in time") }
        // What the peer wrote before it ended is still read; then its end counts.
        if pollers[0].revents == 0 && pollers[1].revents != 0 { throw Failure(reason: "the other end exited") }
        if start > 0 {
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var n: Int
        repeat { n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } } while n < 0 && errno == EINTR
        guard n > 0 else { throw Failure(reason: "the other end closed") }
        buffer.append(contentsOf: chunk[0..<n])
    }

    /// The next line, without its newline.
    func line(timeoutMs: Int32) throws(Failure) -> String {
        String(decoding: try lineBytes(timeoutMs: timeoutMs), as: UTF8.self)
    }

    /// The next line's bytes, without its newline.
    func lineBytes(timeoutMs: Int32) throws(Failure) -> [UInt8] {
        while true {
            scanned = max(scanned, start)
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let bytes = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                return bytes
            }
            scanned = buffer.count
            if buffer.count - start > maxLineBytes { throw Failure(reason: "a line over \(maxLineBytes) bytes") }
            try fill(timeoutMs: timeoutMs)
        }
    }

    /// The next `count` bytes.
    func bytes(_ count: Int, timeoutMs: Int32) throws(Failure) -> [UInt8] {
        guard count >= 0, count <= 64 << 20 else { throw Failure(reason: "\(count) bytes announced, over the limit") }
        while buffer.count - start < count { try fill(timeoutMs: timeoutMs) }
        let body = Array(buffer[start..<start + count])
        start += count
        scanned = max(scanned, start)
        return body
    }
}
