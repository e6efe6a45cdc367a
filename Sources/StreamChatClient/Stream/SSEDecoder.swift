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
        var start = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0A && afterCR && i == start && line.isEmpty {
                    // The LF of a CRLF split from its CR.
                    afterCR = false
                    i += 1
                    start = i
                    continue
                }
                append(bytes, start, i)
                endLine(onEvent)
                afterCR = byte == 0x0D
                if afterCR, i + 1 < count, bytes[i + 1] == 0x0A {
                    afterCR = false
                    i += 1
                }
                i += 1
                start = i
            } else {
                afterCR = false
                i += 1
            }
        }
        append(bytes, start, count)
    }

    /// Ends the stream: an event the body left without its blank line still counts.
    public mutating func finish(onEvent: ([UInt8]) -> Void) {
        if !line.isEmpty { endLine(onEvent) }
        endLine(onEvent)
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

    private mutating func endLine(_ onEvent: ([UInt8]) -> Void) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
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
        guard line.count >= 4, line[0] == 0x64, line[1] == 0x61, line[2] == 0x74, line[3] == 0x61,
              line.count == 4 || line[4] == 0x3A else { return }
        var from = line.count == 4 ? 4 : 5
        if from < line.count, line[from] == 0x20 { from += 1 }
        if hasData { data.append(0x0A) }
        if data.count + line.count - from > maxEventBytes {
            dropping = true
            return
        }
        data.append(contentsOf: line[from...])
        hasData = true
    }
}
