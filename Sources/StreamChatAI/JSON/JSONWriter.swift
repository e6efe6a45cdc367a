#if canImport(Glibc)
import Glibc
#endif

/// Writes JSON text into one growing `malloc` buffer: the fast path of every
/// output the library hands out. Strings are escaped eight bytes at a time,
/// numbers are formatted without building strings, and the finished text can
/// be handed to C as is (``takeCString()``), without a copy.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.value(["ok": true])
/// let text = writer.takeString()   // {"ok":true}
/// ```
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far.
    public private(set) var count = 0
    /// Set when memory ran out: writing stops, and taking the text gives nil.
    public private(set) var failed = false

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        // malloc(0)-safe; a failure shows as `failed`.
        base = (malloc(self.capacity) ?? UnsafeMutableRawPointer(bitPattern: 0x10)!).assumingMemoryBound(to: UInt8.self)
        if UInt(bitPattern: base) == 0x10 {
            self.capacity = 0
            failed = true
        }
    }

    deinit { if !failed { free(base) } }

    /// Whether `more` bytes fit (growing the buffer when needed).
    @inline(__always)
    private mutating func reserve(_ more: Int) -> Bool {
        count &+ more <= capacity || grow(to: count &+ more)
    }

    @inline(never)
    private mutating func grow(to needed: Int) -> Bool {
        guard !failed else { return false }
        var next = capacity
        while next < needed { next = next <= (Int.max >> 1) ? next * 2 : needed }
        guard let memory = realloc(base, next) else {
            free(base)
            capacity = 0
            count = 0
            failed = true
            return false
        }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = next
        return true
    }

    /// Takes back what was written after the first `count` bytes.
    public mutating func truncate(to count: Int) {
        if count >= 0 && count < self.count { self.count = count }
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func byte(_ b: UInt8) {
        guard reserve(1) else { return }
        base[count] = b
        count &+= 1
    }

    /// Appends bytes as they are (JSON the caller knows is valid, such as the source text of a value).
    @inline(__always)
    public mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard let from = bytes.baseAddress, bytes.count > 0, reserve(bytes.count) else { return }
        memcpy(base + count, from, bytes.count)
        count &+= bytes.count
    }

    /// Appends literal text (punctuation, keys written by the library). Inlined, so a literal's length is a
    /// constant and its copy a few moves.
    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `s` as a JSON string literal, quotes included.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in string(utf8: UnsafeRawBufferPointer(utf8)) }
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Appends UTF-8 text as a JSON string literal: runs without a quote,
    /// backslash or control byte are copied eight bytes at a time.
    public mutating func string(utf8 text: UnsafeRawBufferPointer) {
        // The worst case is six bytes out per byte in; reserving it once keeps the loop free of checks.
        guard reserve(text.count &* 6 &+ 2) else { return }
        base[count] = 0x22
        count &+= 1
        guard let p = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            base[count] = 0x22
            count &+= 1
            return
        }
        let n = text.count
        var i = 0
        var run = 0
        while i < n {
            while i &+ 8 <= n {
                let special = JSONBytes.specialBytes(JSONBytes.word(at: p + i))
                guard special == 0 else {
                    i &+= JSONBytes.bytesBefore(special)
                    break
                }
                i &+= 8
            }
            guard i < n else { break }
            let b = p[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C else {
                i &+= 1
                continue
            }
            memcpy(base + count, p + run, i - run)
            count &+= i - run
            let out = base + count
            switch b {
            case 0x22: out[0] = 0x5C; out[1] = 0x22; count &+= 2
            case 0x5C: out[0] = 0x5C; out[1] = 0x5C; count &+= 2
            case 0x0A: out[0] = 0x5C; out[1] = 0x6E; count &+= 2
            case 0x0D: out[0] = 0x5C; out[1] = 0x72; count &+= 2
            case 0x09: out[0] = 0x5C; out[1] = 0x74; count &+= 2
            default:
                out[0] = 0x5C; out[1] = 0x75; out[2] = 0x30; out[3] = 0x30
                out[4] = Self.hex.utf8Start[Int(b >> 4)]
                out[5] = Self.hex.utf8Start[Int(b & 0xF)]
                count &+= 6
            }
            i &+= 1
            run = i
        }
        memcpy(base + count, p + run, n - run)
        count &+= n - run
        base[count] = 0x22
        count &+= 1
    }

    /// Appends an integer.
    public mutating func integer(_ value: Int64) {
        guard reserve(21) else { return }
        var magnitude = value.magnitude
        if value < 0 {
            base[count] = 0x2D
            count &+= 1
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let written = withUnsafeMutableBytes(of: &digits) { raw -> Int in
            let d = raw.bindMemory(to: UInt8.self)
            var k = 24
            repeat {
                k -= 1
                d[k] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude > 0
            memcpy(base + count, d.baseAddress! + k, 24 - k)
            return 24 - k
        }
        count &+= written
    }

    /// Appends a float: the shortest text that reads back exactly, keeping a
    /// fraction or an exponent; not finite (which JSON can't hold) as `null`.
    public mutating func double(_ d: Double) {
        guard d.isFinite else { return raw("null") }
        var text = d.description
        text.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `true` or `false`.
    public mutating func bool(_ b: Bool) { b ? raw("true") : raw("false") }

    /// Appends a string, or `null` for nil.
    public mutating func optional(_ s: String?) { if let s { string(s) } else { raw("null") } }

    /// Appends an integer, or `null` for nil.
    public mutating func optional(_ i: Int?) { if let i { integer(Int64(i)) } else { raw("null") } }

    /// Appends an array of strings.
    public mutating func strings(_ values: [String]) {
        byte(0x5B)
        for (n, element) in values.enumerated() {
            if n > 0 { byte(0x2C) }
            string(element)
        }
        byte(0x5D)
    }

    /// Appends any value, compact.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): bool(b)
        case .integer(let i): integer(i)
        case .number(let d): double(d)
        case .string(let s): string(s)
        case .array(let elements):
            byte(0x5B)
            for (n, element) in elements.enumerated() {
                if n > 0 { byte(0x2C) }
                self.value(element)
            }
            byte(0x5D)
        case .object(let object): self.object(object)
        }
    }

    /// Appends an object, compact.
    public mutating func object(_ object: JSONObject) {
        byte(0x7B)
        for n in 0..<object.count {
            if n > 0 { byte(0x2C) }
            string(object.keys[n])
            byte(0x3A)
            value(object.values[n])
        }
        byte(0x7D)
    }

    /// The text as a NUL-terminated `malloc` buffer for C to `free`, or nil when
    /// memory ran out; the writer is used up.
    public consuming func takeCString() -> UnsafeMutablePointer<CChar>? {
        let room = reserve(1)
        if room { base[count] = 0 }
        let result = UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self)
        let failed = self.failed
        discard self
        return room && !failed ? result : nil
    }

    /// The text as a string; the writer is used up.
    public consuming func takeString() -> String {
        failed ? "" : String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// The bytes as an array; the writer is used up.
    public consuming func takeBytes() -> [UInt8] {
        failed ? [] : Array(UnsafeBufferPointer(start: base, count: count))
    }
}
