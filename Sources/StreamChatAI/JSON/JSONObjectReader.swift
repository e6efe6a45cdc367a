#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the members of a JSON object one at a time, building only the values
/// asked for: a key is compared as bytes, a value the caller doesn't want is
/// checked and skipped without being built.
///
/// For a hot path that needs a few fields of many small objects (the chunks
/// of a stream) this avoids the arrays, strings and lookups of a full
/// ``JSONValue``. The whole document is still checked as strictly as
/// ``JSONParser`` checks it, with the same limits and error messages.
///
/// ```swift
/// guard var object = try JSONObjectReader(bytes) else { return } // not an object
/// while try object.nextMember() {
///     if object.keyIs("type") { type = try object.readString() }
/// }                                                              // unread values are skipped
/// ```
///
/// The bytes must stay valid while the reader is used. The reader can't be
/// copied (a copy would be a second cursor over the same members).
public struct JSONObjectReader: ~Copyable {
    private var reader: JSONReader
    /// The current key: in place, or decoded (it had escapes).
    private var keyStart: Int
    private var keyCount: Int
    private var decodedKey: String?
    private var keyAt: Int
    private var atFirstMember: Bool
    private var valuePending: Bool
    private var finished: Bool

    /// A reader of the object `bytes` hold; nil when they hold another JSON
    /// value (leading whitespace and a UTF-8 byte order mark are skipped).
    /// Throws for a document over the size limit or an empty one.
    public init?(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default) throws(JSONError) {
        var reader = try JSONReader(document: bytes, limits: limits)
        reader.skipByteOrderMark()
        reader.skipWhitespace()
        guard reader.i < reader.end, reader.base[reader.i] == 0x7B else { return nil }
        let empty = !(try reader.beginContainer(closedBy: 0x7D))
        if empty { try Self.endOfDocument(&reader) }
        self.reader = reader
        (keyStart, keyCount, decodedKey, keyAt) = (0, 0, nil, 0)
        (atFirstMember, valuePending, finished) = (true, false, empty)
    }

    /// Moves to the next member (skipping the current value if it was not
    /// read); false after the last, once the rest of the document is checked.
    public mutating func nextMember() throws(JSONError) -> Bool {
        if valuePending {
            try skipValue()
        }
        if finished { return false }
        if atFirstMember {
            atFirstMember = false
        } else {
            guard try reader.another(in: 0x7D, index: nil) else {
                finished = true
                try Self.endOfDocument(&reader)
                return false
            }
        }
        guard reader.i < reader.end, reader.base[reader.i] == 0x22 else {
            throw reader.unexpected("in an object: expected a key in double quotes")
        }
        keyAt = reader.i
        if let span = try reader.stringSpan() {
            (keyStart, keyCount, decodedKey) = (span.start, span.count, nil)
        } else {
            decodedKey = String(decoding: reader.scratch, as: UTF8.self)
        }
        try reader.colon(afterKeyAt: keyAt)
        valuePending = true
        return true
    }

    /// The current member's key.
    public var key: String {
        decodedKey ?? String(decoding: UnsafeBufferPointer(start: reader.base + keyStart, count: keyCount), as: UTF8.self)
    }

    /// Whether the current member's key is `name`.
    public func keyIs(_ name: StaticString) -> Bool {
        if let decodedKey { return decodedKey == name.description }
        guard name.utf8CodeUnitCount == keyCount else { return false }
        return memcmp(name.utf8Start, reader.base + keyStart, keyCount) == 0
    }

    /// The current key's index in `set`, or nil when `set` doesn't have it.
    public func keyIndex(in set: JSONKeySet) -> Int? {
        if var decodedKey { return decodedKey.withUTF8 { set.index(of: UnsafeRawBufferPointer($0)) } }
        return set.index(of: UnsafeRawBufferPointer(start: reader.base + keyStart, count: keyCount))
    }

    /// The current value when it is a string; nil (the value skipped) when it is another value.
    public mutating func readString() throws(JSONError) -> String? {
        guard try pending(is: 0x22) else { return nil }
        return try withKey { (reader: inout JSONReader) throws(JSONError) in try reader.string() }
    }

    /// Hands `body` the current value's UTF-8 bytes when it is a string (in
    /// place, or decoded when it has escapes; valid only inside `body`) and
    /// returns true; false (the value skipped) when it is another value.
    public mutating func readStringBytes(_ body: (UnsafeRawBufferPointer) -> Void) throws(JSONError) -> Bool {
        guard try pending(is: 0x22) else { return false }
        try withKey { (reader: inout JSONReader) throws(JSONError) in try reader.stringBytes(body) }
        return true
    }

    /// The current value when it is `true` or `false`; nil (the value skipped) otherwise.
    public mutating func readBool() throws(JSONError) -> Bool? {
        guard valuePending, reader.i < reader.end, reader.base[reader.i] == 0x74 || reader.base[reader.i] == 0x66 else {
            try skipValue()
            return nil
        }
        return try readValue().boolValue
    }

    /// The current value, built (null when it was already read).
    public mutating func readValue() throws(JSONError) -> JSONValue {
        guard valuePending else { return .null }
        valuePending = false
        return try withKey { (reader: inout JSONReader) throws(JSONError) in try reader.value() }
    }

    /// Skips the current value, checking it.
    public mutating func skipValue() throws(JSONError) {
        guard valuePending else { return }
        valuePending = false
        try withKey { (reader: inout JSONReader) throws(JSONError) in try reader.skipValue() }
    }

    /// Whether the pending value starts with `byte`; when not, it is skipped.
    private mutating func pending(is byte: UInt8) throws(JSONError) -> Bool {
        guard valuePending else { return false }
        if reader.i < reader.end, reader.base[reader.i] == byte {
            valuePending = false
            return true
        }
        try skipValue()
        return false
    }

    /// Runs a read of the current value, naming the key in its error as the parser does.
    @inline(__always)
    private mutating func withKey<R>(_ read: (inout JSONReader) throws(JSONError) -> R) throws(JSONError) -> R {
        do throws(JSONError) {
            return try read(&reader)
        } catch {
            throw JSONReader.prefixed(error, key: reader.key(at: keyAt))
        }
    }

    private static func endOfDocument(_ reader: inout JSONReader) throws(JSONError) {
        reader.skipWhitespace()
        if reader.i < reader.end {
            throw reader.unexpected("after the JSON value: expected the end of the input")
        }
    }
}

