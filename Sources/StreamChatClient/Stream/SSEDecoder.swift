#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Splits a `text/event-stream` body into its events' data, as bytes arrive
/// in pieces of any size: lines end with LF, CRLF or CR; `data:` lines of one
/// event are joined with LF; a blank line ends the event; comments (`:`) and
/// the other fields (`event`, `id`, `retry`) are skipped.
///
/// ```swift
/// var sse = SSEDecoder()
/// sse.feed(bytes) { data in handle(data) }
/// sse.finish { data in handle(data) }
/// ```
public struct SSEDecoder: Sendable {
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    /// A CR ended the last line: an LF right after it belongs to that line end.
    private var afterCR = false
    /// The longest event accepted, in bytes; a longer one is dropped and counted.
    public let maxEventBytes: Int
    /// How many events were dropped for being over ``maxEventBytes``.
    public private(set) var droppedEvents = 0
    private var dropping = false

    /// A decoder that drops events over `maxEventBytes` (default 16 MiB).
    public init(maxEventBytes: Int = 16 << 20) {
        self.maxEventBytes = maxEventBytes
    }

    /// Takes the next bytes; `onEvent` gets the data of each event they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onEvent: ([UInt8]) -> Void) {
        let count = bytes.count
        var i = 0
        if afterCR, count > 0, bytes[0] == 0x0A, line.isEmpty {
            // The LF of a CRLF split from its CR.
            i = 1
        }
        afterCR = false
        while i < count {
            var end = Self.lineEnd(bytes, from: i)
            guard end < count else {
                append(bytes, i, count)
                return
            }
            if line.isEmpty {
                // The whole line is in this piece: read it in place.
                endLine(UnsafeRawBufferPointer(rebasing: bytes[i..<end]), onEvent)
            } else {
                append(bytes, i, end)
                let carried = line
                line.removeAll(keepingCapacity: true)
                carried.withUnsafeBytes { endLine($0, onEvent) }
            }
            if bytes[end] == 0x0D {
                if end + 1 < count {
                    if bytes[end + 1] == 0x0A { end += 1 }
                } else {
                    afterCR = true
                }
            }
            i = end + 1
        }
    }

    /// Where the line starting at `from` ends (its LF or CR), or `bytes.count`:
    /// found with `memchr`, which reads many bytes at a time.
    private static func lineEnd(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int {
        guard let base = bytes.baseAddress, from < bytes.count else { return bytes.count }
        let rest = bytes.count - from
        let lf = memchr(base + from, 0x0A, rest).map { UnsafeRawPointer($0) - base } ?? bytes.count
        // A CR before the LF ends the line there (CR and CRLF line ends).
        let cr = memchr(base + from, 0x0D, lf - from).map { UnsafeRawPointer($0) - base }
        return cr ?? lf
    }

    /// Ends the stream: an event the body left without its blank line still counts.
    public mutating func finish(onEvent: ([UInt8]) -> Void) {
        if !line.isEmpty {
            let carried = line
            line.removeAll()
            carried.withUnsafeBytes { endLine($0, onEvent) }
        }
        endLine(UnsafeRawBufferPointer(start: nil, count: 0), onEvent)
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer, _ from: Int, _ to: Int) {
        guard to > from else { return }
        if line.count + (to - from) > maxEventBytes {
            dropping = true
            line.removeAll(keepingCapacity: true)
            return
        }
        line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
    }

    /// One line (without its end); an empty one ends the event.
    private mutating func endLine(_ text: UnsafeRawBufferPointer, _ onEvent: ([UInt8]) -> Void) {
        if text.isEmpty {
            if dropping {
                droppedEvents += 1
                dropping = false
            } else if hasData {
                onEvent(data)
            }
            data.removeAll(keepingCapacity: true)
            hasData = false
            return
        }
        guard !dropping else { return }
        // "data:" with one optional space; a bare "data" line is an empty value.
        guard text.count >= 4, text[0] == 0x64, text[1] == 0x61, text[2] == 0x74, text[3] == 0x61,
              text.count == 4 || text[4] == 0x3A else { return }
        var from = text.count == 4 ? 4 : 5
        if from < text.count, text[from] == 0x20 { from += 1 }
        if hasData { data.append(0x0A) }
        if data.count + text.count - from > maxEventBytes {
            dropping = true
            return
        }
        data.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[from...]))
        hasData = true
    }
}
