/// A JSON Pointer (RFC 6901): `""` is the whole document, `/a/b/0` walks
/// member `a`, member `b`, element 0; `~1` stands for `/` and `~0` for `~`.
///
/// ```swift
/// let pointer = try JSONPointer("/user/name")
/// model.value(at: pointer)                       // the name, or nil
/// try model.set("Ann", at: pointer)              // creates "user" when missing
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public let tokens: [String]

    /// The pointer of the whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer of the given tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Reads pointer text. `""` is the root; anything else starts with `/`.
    /// - Throws: ``JSONPointerError`` for text without the
    ///   leading `/` or with a `~` not followed by `0` or `1`.
    public init(_ text: String) throws(JSONPointerError) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw JSONPointerError("a JSON pointer starts with \"/\" (or is empty), found \(JSONSerializer.quoted(text))")
        }
        if let plain = Self.plainTokens(text, from: 1) {
            tokens = plain
            return
        }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard raw.contains("~") else {
                tokens.append(String(raw))
                continue
            }
            var token = ""
            var escape = false
            for c in raw {
                if escape {
                    guard c == "0" || c == "1" else {
                        throw JSONPointerError("\(JSONSerializer.quoted(text)) has \"~\(c)\"; only ~0 and ~1 are escapes")
                    }
                    token.append(c == "0" ? "~" : "/")
                    escape = false
                } else if c == "~" {
                    escape = true
                } else {
                    token.append(c)
                }
            }
            guard !escape else { throw JSONPointerError("\(JSONSerializer.quoted(text)) ends with a lone \"~\"") }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// The pointer text, escaped.
    public var description: String {
        var out = ""
        for token in tokens {
            out.append("/")
            // Most tokens need no escape: they are appended as they are (the escaping search is slow).
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                out.append(token.replacing("~", with: "~0").replacing("/", with: "~1"))
            } else {
                out.append(token)
            }
        }
        return out
    }

    /// Whether this is the root pointer.
    public var isRoot: Bool { tokens.isEmpty }

    /// The pointer one token longer.
    public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens: tokens + [token]) }

    /// The pointer one element deeper.
    public func appending(index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer without its last token (the root stays the root).
    public var parent: JSONPointer { JSONPointer(tokens: Array(tokens.dropLast())) }

    /// `other` resolved against this pointer: an absolute pointer (`/a`) as it
    /// is, a relative one (`b/c`, as templates write them) appended.
    public func resolving(_ other: String) throws(JSONPointerError) -> JSONPointer {
        if other.isEmpty || other.hasPrefix("/") { return try JSONPointer(other) }
        if let plain = Self.plainTokens(other, from: 0) { return JSONPointer(tokens: tokens + plain) }
        return JSONPointer(tokens: tokens + (try JSONPointer("/" + other)).tokens)
    }

    /// The tokens of `text` from its byte `offset` on, split at each `/`, when no token has an escape (`~`): bindings
    /// are read on every render, and most are plain.
    private static func plainTokens(_ text: String, from offset: Int) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var tokens: [String] = []
            // Sized once: a pointer's tokens are few, and growing the array one by one would copy it twice.
            var slashes = 0
            for i in offset..<bytes.count where bytes[i] == UInt8(ascii: "/") { slashes += 1 }
            tokens.reserveCapacity(slashes + 1)
            var first = offset
            for i in offset..<bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "~"): return nil
                case UInt8(ascii: "/"):
                    tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<i]), as: UTF8.self))
                    first = i + 1
                default: continue
                }
            }
            tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self))
            return tokens
        }
    }

    /// The index a token names in an array of `count` elements: digits without
    /// a leading zero; `-` (one past the end) only when `allowingEnd`.
    static func index(_ token: String, count: Int, allowingEnd: Bool) -> Int? {
        if token == "-" { return allowingEnd ? count : nil }
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              first != 0x30 || token.utf8.count == 1, let i = Int(token)
        else { return nil }
        return i < count || allowingEnd && i == count ? i : nil
    }
}

extension JSONValue {
    /// The value `pointer` refers to, or nil when there is none.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var node = self
        for token in pointer.tokens {
            switch node {
            case .object(let o):
                guard let next = o[token] else { return nil }
                node = next
            case .array(let a):
                guard let i = JSONPointer.index(token, count: a.count, allowingEnd: false) else { return nil }
                node = a[i]
            default:
                return nil
            }
        }
        return node
    }

    /// Puts `value` where `pointer` refers, creating missing containers on the
    /// way (`-` appends to an array); a nil value removes what is there.
    ///
    /// A container made on the way (where nothing or `null` is) is an array when the token after it
    /// is all digits (`/items/0` makes `items` a list), else an object, as UI data models do.
    /// - Throws: ``JSONPointerError`` when the way passes
    ///   through a string, number or other non-container, or names an array
    ///   element out of range.
    public mutating func set(_ value: JSONValue?, at pointer: JSONPointer) throws(JSONPointerError) {
        try set(value, at: pointer.tokens[...], whole: pointer)
    }

    /// Each level is taken out of `self` while it changes, so the containers on the way are
    /// changed in place rather than copied (a value put into a long list costs O(depth), not O(size));
    /// on a throw, every level is put back as it was.
    ///
    /// The payload is taken with `if case`, not `switch self`: a `switch` keeps its subject alive to
    /// the end of the case, so the container bound there is shared and its first change copies it
    /// (each set would cost O(size)).
    private mutating func set(_ value: JSONValue?, at tokens: ArraySlice<String>, whole pointer: JSONPointer) throws(JSONPointerError) {
        guard let first = tokens.first else {
            self = value ?? .null
            return
        }
        let rest = tokens.dropFirst()
        if case .object(var o) = self {
            self = .null
            defer { self = .object(o) }
            if rest.isEmpty {
                o[first] = value
            } else if o[first] == nil || o[first]?.isNull == true {
                var child = JSONValue.container(for: rest.first!)
                try child.set(value, at: rest, whole: pointer)
                o[first] = child
            } else {
                _ = try o.modifyValue(forKey: first) { (child) throws(JSONPointerError) in try child.set(value, at: rest, whole: pointer) }
            }
            return
        }
        if case .array(var a) = self {
            guard let i = JSONPointer.index(first, count: a.count, allowingEnd: value != nil) else {
                throw JSONPointerError("\(pointer): no element \(first) in an array of \(a.count)")
            }
            self = .null
            defer { self = .array(a) }
            if rest.isEmpty {
                if let value { if i == a.count { a.append(value) } else { a[i] = value } } else { a.remove(at: i) }
            } else {
                let appended = i == a.count
                if appended { a.append(.null) }
                do {
                    try a[i].set(value, at: rest, whole: pointer)
                } catch {
                    if appended { a.removeLast() }
                    throw error
                }
            }
            return
        }
        guard isNull, value != nil else {
            throw JSONPointerError("\(pointer): \(first) is inside a \(typeName), not an object or array")
        }
        self = .container(for: first)
        do { try set(value, at: tokens, whole: pointer) } catch {
            self = .null
            throw error
        }
    }
}

extension JSONValue {
    /// The empty container a pointer makes on its way to `token`: a list for an index (or `-`, the end of
    /// one), else an object.
    fileprivate static func container(for token: String) -> JSONValue {
        let isIndex = token == "-" || !token.isEmpty && token.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return isIndex ? .array([]) : .object(JSONObject())
    }
}

/// Why a JSON pointer can't be read or followed.
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// An error saying what is wrong.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
