private let quote: UInt8 = 0x22
private let backslash: UInt8 = 0x5C

/// The byte-level JSON reader behind ``JSONParser`` and ``JSONObjectReader``:
/// values, strings and numbers read in place from one buffer, with the
/// parser's limits and error messages.
struct JSONReader {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    var i = 0
    var depth = 0
    var scratch: [UInt8] = []
    var keys = JSONKeyCache()
    /// When set, where each element of the top-level array lies.
    /// When set, the top-level array's elements go here (with their spans) instead of into the array.
    var elementSink: ((JSONValue, Range<Int>, UnsafeRawBufferPointer?) -> Void)?
    /// With ``elementSink``: a member of this name in an element that is an object is checked but not built
    /// (left out of the element), for a reader that never looks at it.
    var skippedElementMember: String?
    /// With ``elementSink``: a member of this name in an element that is an object is left out of the
    /// element, and when its value is a string, the sink gets its UTF-8 (checked) instead of a `String`.
    var capturedElementMember: String?
    /// The element's captured string, as the sink will get it.
    private var capture = Capture.none
    /// A captured string with escapes, decoded (kept apart from `scratch`, which every string reuses).
    private var captureBuffer: [UInt8] = []

    private enum Capture {
        case none
        /// In the input, where it has no escapes.
        case source(start: Int, count: Int)
        /// In ``captureBuffer``.
        case copied
    }

    init(base: UnsafePointer<UInt8>, end: Int, maxDepth: Int) {
        self.base = base
        self.end = end
        self.maxDepth = maxDepth
    }

    /// A reader of a whole document: refused when it is over the size limit or empty.
    init(document bytes: UnsafeRawBufferPointer, limits: JSONLimits) throws(JSONError) {
        guard bytes.count <= limits.maxBytes else {
            throw JSONError(kind: .limitExceeded, message: "document of \(bytes.count) bytes is over the limit of \(limits.maxBytes) bytes", offset: 0)
        }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw JSONError(kind: .syntax, message: "empty input: expected a JSON value", offset: 0)
        }
        self.init(base: base, end: bytes.count, maxDepth: limits.maxDepth)
    }

    /// A UTF-8 byte order mark is tolerated at the start, as RFC 8259 allows.
    mutating func skipByteOrderMark() {
        if i == 0 && end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { i = 3 }
    }

    mutating func document() throws(JSONError) -> JSONValue {
        skipByteOrderMark()
        skipWhitespace()
        let value = try self.value()
        skipWhitespace()
        if i < end {
            throw unexpected("after the JSON value: expected the end of the input")
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while i < end {
            let b = base[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i &+= 1 } else { return }
        }
    }

    func error(_ message: String, at offset: Int, kind: JSONError.Kind = .syntax) -> JSONError {
        JSONError(kind: kind, message: message, offset: offset)
    }

    /// An error for the byte at `i`, telling invalid UTF-8 apart from a misplaced character.
    func unexpected(_ context: String) -> JSONError {
        guard i < end else { return error("unexpected end of input \(context)", at: i) }
        let b = base[i]
        if b >= 0x80 {
            if UTF8Check.invalidOffset(base + i, count: min(4, end - i), allowTruncated: true) == 0 {
                return error("invalid UTF-8 byte 0x\(String(b, radix: 16))", at: i, kind: .invalidUTF8)
            }
            return error("unexpected non-ASCII character \(context)", at: i)
        }
        let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        return error("unexpected \(shown) \(context)", at: i)
    }

    mutating func value() throws(JSONError) -> JSONValue {
        guard i < end else { throw unexpected("where a value was expected") }
        switch base[i] {
        case quote: return .string(try string())
        case 0x7B: return try object()
        case 0x5B: return try array()
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return try number()
        default: throw unexpected("where a value was expected")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        if end - i >= n {
            var k = 0
            while k < n && base[i + k] == w[k] { k += 1 }
            if k == n { i += n; return }
        }
        throw unexpected("where a value was expected")
    }

    mutating func enter() throws(JSONError) {
        depth += 1
        if depth > maxDepth {
            throw error("nesting deeper than the limit of \(maxDepth) levels", at: i, kind: .limitExceeded)
        }
        // Every 8 levels is enough: a level costs well under a KiB (a few KiB unoptimized), the guard keeps 48 KiB free.
        if depth & 7 == 0, !StackGuard.hasRoom() {
            throw error("\(StackGuard.refusal) (\(depth) levels)", at: i, kind: .limitExceeded)
        }
    }

    mutating func array() throws(JSONError) -> JSONValue {
        var elements: [JSONValue] = []
        guard try beginContainer(closedBy: 0x5D) else { return .array(elements) }
        let sink = depth == 1 ? elementSink : nil
        var count = 0
        repeat {
            let start = i
            do throws(JSONError) {
                if sink != nil { capture = .none }
                let element = try value()
                if let sink {
                    switch capture {
                    case .none: sink(element, start..<i, nil)
                    case .source(let from, let length): sink(element, start..<i, UnsafeRawBufferPointer(start: base + from, count: length))
                    case .copied: captureBuffer.withUnsafeBytes { sink(element, start..<i, $0) }
                    }
                } else {
                    elements.append(element)
                }
                count += 1
            } catch {
                throw Self.prefixed(error, index: count)
            }
        } while try another(in: 0x5D, index: count)
        return .array(elements)
    }

    mutating func object() throws(JSONError) -> JSONValue {
        var keys: [String] = []
        var values: [JSONValue] = []
        guard try beginContainer(closedBy: 0x7D) else { return .object(JSONObject(uncheckedKeys: keys, values: values)) }
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
        let skipped = depth == 2 ? skippedElementMember : nil
        let captured = depth == 2 ? capturedElementMember : nil
        repeat {
            let key = try memberKey()
            do throws(JSONError) {
                if let skipped, key.utf8.count == skipped.utf8.count, key == skipped {
                    try skipValue()
                    continue
                }
                if let captured, key.utf8.count == captured.utf8.count, key == captured {
                    try captureMember()
                    continue
                }
                values.append(try value())
            } catch {
                throw Self.prefixed(error, key: key)
            }
            keys.append(key)
        } while try another(in: 0x7D, index: nil)
        return .object(JSONObject(uncheckedKeys: keys, values: values))
    }

    /// Reads the value of the captured member: a string's UTF-8 is kept (the last member of the name
    /// wins, as a lookup finds it), anything else is checked and leaves no capture.
    private mutating func captureMember() throws(JSONError) {
        guard i < end, base[i] == quote else {
            try skipValue()
            capture = .none
            return
        }
        if let span = try stringSpan() {
            capture = .source(start: span.start, count: span.count)
        } else {
            captureBuffer.removeAll(keepingCapacity: true)
            captureBuffer.append(contentsOf: scratch)
            capture = .copied
        }
    }

    /// Skips a value, checking it as strictly as ``value()`` reads it but building nothing.
    mutating func skipValue() throws(JSONError) {
        guard i < end else { throw unexpected("where a value was expected") }
        switch base[i] {
        case quote: try skipString()
        case 0x7B:
            guard try beginContainer(closedBy: 0x7D) else { return }
            repeat {
                let keyAt = i
                try skipKey()
                do throws(JSONError) { try skipValue() } catch { throw Self.prefixed(error, key: key(at: keyAt)) }
            } while try another(in: 0x7D, index: nil)
        case 0x5B:
            guard try beginContainer(closedBy: 0x5D) else { return }
            var count = 0
            repeat {
                do throws(JSONError) { try skipValue() } catch { throw Self.prefixed(error, index: count) }
                count += 1
            } while try another(in: 0x5D, index: count)
        default: _ = try value()
        }
    }

    /// Enters an object or array (`i` at its opening bracket); false, having left it, when it is empty.
    @inline(__always)
    mutating func beginContainer(closedBy close: UInt8) throws(JSONError) -> Bool {
        try enter()
        i += 1
        skipWhitespace()
        if i < end && base[i] == close {
            i += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After a member or element: true at a comma (another follows), false
    /// (having left the container) at its closing bracket. `index` names the
    /// element an array's error is about.
    @inline(__always)
    mutating func another(in close: UInt8, index: Int?) throws(JSONError) -> Bool {
        let expected = close == 0x5D ? "in an array: expected ',' or ']'" : "in an object: expected ',' or '}'"
        skipWhitespace()
        guard i < end else { throw unexpected(expected) }
        let b = base[i]
        if b == 0x2C {
            i += 1
            skipWhitespace()
            return true
        }
        if b == close {
            i += 1
            depth -= 1
            return false
        }
        if let index { throw Self.prefixed(unexpected(expected), index: index) }
        throw unexpected(expected)
    }

    /// Reads a member's key and its colon, leaving `i` at the value.
    @inline(__always)
    mutating func memberKey() throws(JSONError) -> String {
        guard i < end, base[i] == quote else { throw unexpected("in an object: expected a key in double quotes") }
        let keyAt = i
        let key = try string(isKey: true)
        try colon(afterKeyAt: keyAt, key: key)
        return key
    }

    /// Checks a member's key and its colon without building the key, leaving `i` at the value.
    mutating func skipKey() throws(JSONError) {
        guard i < end, base[i] == quote else { throw unexpected("in an object: expected a key in double quotes") }
        let keyAt = i
        try skipString()
        try colon(afterKeyAt: keyAt)
    }

    /// Reads the colon after the key that starts at `keyAt`, leaving `i` at the value.
    @inline(__always)
    mutating func colon(afterKeyAt keyAt: Int, key: String? = nil) throws(JSONError) {
        skipWhitespace()
        guard i < end, base[i] == 0x3A else {
            throw Self.prefixed(unexpected("after an object key: expected ':'"), key: key ?? self.key(at: keyAt))
        }
        i += 1
        skipWhitespace()
    }

    /// The key whose string starts at `offset`, read again for an error message.
    func key(at offset: Int) -> String {
        var again = self
        again.i = offset
        return (try? again.string()) ?? ""
    }

    /// The longest error path kept: past it the outer parts show as `…`, so
    /// an error deep in a hostile document stays short and costs no more to build.
    static let maxErrorPath = 160

    static func prefixed(_ error: JSONError, key: String) -> JSONError {
        prefixed(error, JSONPath.appending(key: key, to: "$"))
    }

    static func prefixed(_ error: JSONError, index: Int) -> JSONError {
        prefixed(error, JSONPath.appending(index: index, to: "$"))
    }

    private static func prefixed(_ error: JSONError, _ outer: String) -> JSONError {
        var e = error
        if e.path.hasPrefix("$…") { return e }
        e.path = e.path.utf8.count > maxErrorPath ? "$…" + e.path.dropFirst() : outer + e.path.dropFirst()
        return e
    }

    // MARK: Strings

    /// Reads a string; a member's key (`isKey`) with no escapes may be one the reader made before.
    mutating func string(isKey: Bool = false) throws(JSONError) -> String {
        let open = i
        let start = i + 1
        let scan = try scanPlain(open: open)
        if scan.escaped {
            try decodeEscaped(start: start, open: open)
            // Escapes always decode to valid UTF-8, so the text is valid exactly when the source is:
            // one validating pass, and a scan for the place only when it fails.
            if let s = scratch.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) { return s }
            throw invalidUTF8(from: start)
        }
        let count = i - start
        let s: String
        if isKey, count <= 16, start + 16 <= end, let found = keys.find(at: base + start, count: count) {
            if let cached = found.key {
                s = cached
            } else {
                s = try makeString(base + start, count: count, offset: start, ascii: scan.ascii)
                keys.keep(s, at: found.place)
            }
        } else {
            s = try makeString(base + start, count: count, offset: start, ascii: scan.ascii)
        }
        i += 1
        return s
    }

    /// Reads a string's UTF-8 content, checked, without building a `String`:
    /// `body` sees it in place when it has no escapes, else decoded into
    /// `scratch`.
    mutating func stringBytes(_ body: (UnsafeRawBufferPointer) -> Void) throws(JSONError) {
        if let span = try stringSpan() {
            body(UnsafeRawBufferPointer(start: base + span.start, count: span.count))
        } else {
            scratch.withUnsafeBytes(body)
        }
    }

    /// Reads a string, checked, without building it: where its content lies
    /// in the input when it has no escapes; nil, with the content decoded
    /// into `scratch`, when it has.
    mutating func stringSpan() throws(JSONError) -> (start: Int, count: Int)? {
        let open = i
        let start = i + 1
        let scan = try scanPlain(open: open)
        if scan.escaped {
            try decodeEscaped(start: start, open: open)
            if UTF8Check.invalidOffset(base + start, count: i - 1 - start, allowTruncated: false) != nil {
                throw invalidUTF8(from: start)
            }
            return nil
        }
        let count = i - start
        if !scan.ascii, let bad = UTF8Check.invalidOffset(base + start, count: count, allowTruncated: false) {
            throw error("invalid UTF-8 in a string", at: start + bad, kind: .invalidUTF8)
        }
        i += 1
        return (start, count)
    }

    /// Skips a string, checking its escapes and UTF-8.
    mutating func skipString() throws(JSONError) {
        _ = try stringSpan()
    }

    /// Moves from a string's opening quote to its closing quote or its first
    /// backslash, whichever comes first: `escaped` says which, `ascii`
    /// whether the bytes passed were all ASCII.
    @inline(__always)
    mutating func scanPlain(open: Int) throws(JSONError) -> (escaped: Bool, ascii: Bool) {
        i += 1
        var high: UInt8 = 0
        var highWord: UInt64 = 0
        while i < end {
            // Eight bytes at a time while none of them ends the string or needs a look; then straight to the one that does.
            while i + 8 <= end {
                let word = JSONBytes.word(at: base + i)
                let special = JSONBytes.specialBytes(word)
                guard special == 0 else {
                    let ordinary = JSONBytes.bytesBefore(special)
                    highWord |= JSONBytes.first(ordinary, of: word)
                    i &+= ordinary
                    break
                }
                highWord |= word
                i &+= 8
            }
            guard i < end else { break }
            let b = base[i]
            if b == quote || b == backslash {
                return (b == backslash, high < 0x80 && highWord & 0x8080_8080_8080_8080 == 0)
            }
            if b < 0x20 { throw error("control character 0x\(String(b, radix: 16)) in a string: escape it", at: i) }
            high |= b
            i &+= 1
        }
        throw error("unterminated string", at: open)
    }

    /// Builds the string, validating it once: ASCII needs no check; other text
    /// is validated by the string's own initializer, and only when that fails
    /// is it scanned again, to say where.
    func makeString(_ p: UnsafePointer<UInt8>, count: Int, offset: Int, ascii: Bool) throws(JSONError) -> String {
        let buffer = UnsafeBufferPointer(start: p, count: count)
        if ascii { return String(decoding: buffer, as: UTF8.self) }
        if let s = String(validating: buffer, as: UTF8.self) { return s }
        let bad = UTF8Check.invalidOffset(p, count: count, allowTruncated: false) ?? 0
        throw error("invalid UTF-8 in a string", at: offset + bad, kind: .invalidUTF8)
    }

    /// The error for a string starting at `start` (its source, up to the
    /// closing quote just read, holds invalid UTF-8).
    func invalidUTF8(from start: Int) -> JSONError {
        let bad = UTF8Check.invalidOffset(base + start, count: i - 1 - start, allowTruncated: false) ?? 0
        return error("invalid UTF-8 in a string", at: start + bad, kind: .invalidUTF8)
    }

    /// Decodes a string with escapes into `scratch` (`i` at its first
    /// backslash, `start` where its content begins), leaving `i` past the
    /// closing quote. The bytes are not checked for UTF-8 here.
    mutating func decodeEscaped(start: Int, open: Int) throws(JSONError) {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while i < end {
            while i + 8 <= end {
                let special = JSONBytes.specialBytes(JSONBytes.word(at: base + i))
                guard special == 0 else {
                    i &+= JSONBytes.bytesBefore(special)
                    break
                }
                i &+= 8
            }
            guard i < end else { break }
            let b = base[i]
            if b == quote {
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                i += 1
                return
            }
            if b < 0x20 { throw error("control character 0x\(String(b, radix: 16)) in a string: escape it", at: i) }
            if b != backslash {
                i &+= 1
                continue
            }
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
            guard i + 1 < end else { break }
            let e = base[i + 1]
            switch e {
            case quote: scratch.append(quote)
            case backslash: scratch.append(backslash)
            case 0x2F: scratch.append(0x2F)
            case 0x62: scratch.append(0x08)
            case 0x66: scratch.append(0x0C)
            case 0x6E: scratch.append(0x0A)
            case 0x72: scratch.append(0x0D)
            case 0x74: scratch.append(0x09)
            case 0x75:
                let escapeStart = i
                i += 2
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard i + 1 < end, base[i] == backslash, base[i + 1] == 0x75 else {
                        throw error("lone high surrogate in a \\u escape", at: escapeStart)
                    }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        throw error("high surrogate not followed by a low surrogate", at: escapeStart)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw error("lone low surrogate in a \\u escape", at: escapeStart)
                }
                appendUTF8(scalar)
                runStart = i
                continue
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: i)
            }
            i += 2
            runStart = i
        }
        throw error("unterminated string", at: open)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard end - i >= 4 else { throw error("truncated \\u escape", at: i) }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = base[i + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("invalid hex digit in a \\u escape", at: i + k)
            }
            v = v << 4 | d
        }
        i += 4
        return v
    }

    mutating func appendUTF8(_ s: UInt32) {
        switch s {
        case 0..<0x80:
            scratch.append(UInt8(s))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (s >> 6)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (s >> 12)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (s >> 18)))
            scratch.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        }
    }

    // MARK: Numbers

    mutating func number() throws(JSONError) -> JSONValue {
        let start = i
        var negative = false
        if base[i] == 0x2D {
            negative = true
            i += 1
        }
        guard i < end, base[i] >= 0x30 && base[i] <= 0x39 else {
            throw error("a number needs a digit after '-'", at: i)
        }
        let digitsStart = i
        if base[i] == 0x30 {
            i += 1
            if i < end && base[i] >= 0x30 && base[i] <= 0x39 {
                throw error("leading zeros are not allowed in a number", at: start)
            }
        } else {
            while i < end && base[i] >= 0x30 && base[i] <= 0x39 { i &+= 1 }
        }
        let digitsEnd = i
        var isFloat = false
        if i < end && base[i] == 0x2E {
            isFloat = true
            i += 1
            guard i < end, base[i] >= 0x30 && base[i] <= 0x39 else {
                throw error("a number needs a digit after '.'", at: i)
            }
            while i < end && base[i] >= 0x30 && base[i] <= 0x39 { i &+= 1 }
        }
        if i < end && (base[i] == 0x65 || base[i] == 0x45) {
            isFloat = true
            i += 1
            if i < end && (base[i] == 0x2B || base[i] == 0x2D) { i += 1 }
            guard i < end, base[i] >= 0x30 && base[i] <= 0x39 else {
                throw error("a number needs a digit in its exponent", at: i)
            }
            while i < end && base[i] >= 0x30 && base[i] <= 0x39 { i &+= 1 }
        }
        if !isFloat && digitsEnd - digitsStart <= 18 {
            var v: Int64 = 0
            for k in digitsStart..<digitsEnd { v = v &* 10 &+ Int64(base[k] &- 0x30) }
            return .integer(negative ? -v : v)
        }
        if !isFloat, let v = exactInteger(start: digitsStart, end: digitsEnd, negative: negative) {
            return .integer(v)
        }
        if let d = shortDecimal(digitsStart: digitsStart, digitsEnd: digitsEnd, negative: negative) { return .number(d) }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw error("number \(text.prefix(40)) is out of range", at: start)
        }
        return .number(d)
    }

    /// A number read up to `i` as `digits.fraction` with at most 15 digits
    /// in all and no exponent: its digits as an integer, exact in a double,
    /// divided by an exact power of ten, which IEEE rounds correctly (the
    /// fast path of Clinger's algorithm). Nil for any other number.
    func shortDecimal(digitsStart: Int, digitsEnd: Int, negative: Bool) -> Double? {
        let fractionStart = digitsEnd + 1
        guard fractionStart < i, base[digitsEnd] == 0x2E, i - fractionStart + (digitsEnd - digitsStart) <= 15 else { return nil }
        var m: Int64 = 0
        for k in digitsStart..<digitsEnd { m = m &* 10 &+ Int64(base[k] &- 0x30) }
        for k in fractionStart..<i {
            let b = base[k]
            guard b >= 0x30 && b <= 0x39 else { return nil }  // an exponent
            m = m &* 10 &+ Int64(b &- 0x30)
        }
        let d = Double(m) / Self.powersOfTen[i - fractionStart]
        return negative ? -d : d
    }

    private static let powersOfTen: [Double] = (0...15).map { p in (0..<p).reduce(1.0) { r, _ in r * 10 } }

    func exactInteger(start: Int, end: Int, negative: Bool) -> Int64? {
        var v: Int64 = 0
        for k in start..<end {
            let d = Int64(base[k] - 0x30)
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            if o1 { return nil }
            let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
            if o2 { return nil }
            v = s
        }
        return v
    }
}
