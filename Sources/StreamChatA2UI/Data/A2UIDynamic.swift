import StreamChatAI

/// A property's value as the agent wrote it: a literal, a binding to the
/// data model (`{"path": …}`, or `{"@path": …}` as the A2UI Python SDK 0.4
/// writes it), or a function call (`{"call": …, "args": …}` / `{"@call": …}`).
enum A2UIDynamic {
    case literal(JSONValue)
    case binding(String)
    case call(name: String, arguments: JSONObject, catalogID: String?)

    init(_ value: JSONValue) {
        guard case .object(let o) = value else {
            self = .literal(value)
            return
        }
        if let path = (o["path"] ?? o["@path"])?.stringValue, o.count == 1 {
            self = .binding(path)
        } else if let name = (o["call"] ?? o["@call"])?.stringValue {
            self = .call(name: name, arguments: o["args"]?.objectValue ?? JSONObject(), catalogID: o["catalogId"]?.stringValue)
        } else {
            self = .literal(value)
        }
    }

    /// Whether `value` is a binding or a call rather than a literal.
    static func isDynamic(_ value: JSONValue) -> Bool {
        if case .literal = A2UIDynamic(value) { return false }
        return true
    }
}

/// The protocol's coercion rules, for a value of one type where another is wanted.
enum A2UICoercion {
    /// Text as the protocol coerces to it: null is "", numbers as JavaScript writes them, objects and arrays their JSON.
    static func string(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "true" : "false"
        case .integer(let i)?: return String(i)
        case .number(let d)?: return number(d)
        case let other?: return JSONSerializer.string(other)
        }
    }

    /// "true"/"false" in any case; a number other than 0; a validation result's `valid`.
    static func bool(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let b)?: return b
        case .string(let s)?: return s.lowercased() == "true"
        case .integer(let i)?: return i != 0
        case .number(let d)?: return d != 0 && !d.isNaN
        case .object(let o)?: return o["valid"].map { bool($0) } ?? false
        default: return false
        }
    }

    /// Truthiness, as `and`, `or` and `not` read their operands (the conformance suite's D26): false, null, 0 and ""
    /// are false; any other number, text ("false" too), list or object is true, except a validation result
    /// (`{"valid": Bool}`), which is its validity.
    static func truthy(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let b)?: return b
        case .integer(let i)?: return i != 0
        case .number(let d)?: return d != 0 && !d.isNaN
        case .string(let s)?: return !s.isEmpty
        case .object(let o)?: if case .bool(let valid)? = o["valid"] { return valid } else { return true }
        case .array?: return true
        }
    }

    /// A number: null is 0, a numeric string its number (else 0); never NaN or infinite.
    static func double(_ value: JSONValue?) -> Double {
        let d: Double
        switch value {
        case .integer(let i)?: d = Double(i)
        case .number(let n)?: d = n
        case .string(let s)?: d = Double(A2UICoercion.trimmed(s)) ?? 0
        case .bool(let b)?: d = b ? 1 : 0
        default: d = 0
        }
        return d.isFinite ? d : 0
    }

    /// A number that is known to be one (not a coercion of something else), or nil.
    static func strictDouble(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .number(let n)? where n.isFinite: return n
        case .string(let s)?: return Double(A2UICoercion.trimmed(s)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// An integer in range (for indexes and counts), never trapping on huge or non-finite values.
    static func int(_ value: JSONValue?, in range: ClosedRange<Int> = -1_000_000...1_000_000) -> Int {
        let d = double(value).rounded(.towardZero)
        return Int(min(max(d, Double(range.lowerBound)), Double(range.upperBound)))
    }

    /// A list of strings: a string is a list of one.
    static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let list)?: return list.map { string($0) }
        case nil, .null?: return []
        case let other?: return [string(other)]
        }
    }

    /// A JSON value of `d`: an integer when it is whole and fits.
    static func json(_ d: Double) -> JSONValue {
        if d.isFinite, d.rounded() == d, abs(d) < 9.0e15 { return .integer(Int64(d)) }
        return d.isFinite ? .number(d) : .null
    }

    /// `s` without the white space around it.
    static func trimmed(_ s: String) -> Substring {
        var t = s[...]
        while t.first?.isWhitespace == true { t = t.dropFirst() }
        while t.last?.isWhitespace == true { t = t.dropLast() }
        return t
    }

    /// A number as the protocol's "standard string representation", JavaScript's `String(d)`: 1e16 is
    /// 10000000000000000, 1e-7 is 1e-7 (Swift would write 1e+16 and 1e-07).
    static func number(_ d: Double) -> String { ShortestDecimal.javaScriptString(d) }
}

