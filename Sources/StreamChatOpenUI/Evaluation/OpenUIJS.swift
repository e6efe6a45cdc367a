import StreamChatAI

/// The ECMA-262 conversions the spec requires (§3.1): ToNumber on strings,
/// Number::toString, IsLooselyEqual, ToBoolean, so that a program means the
/// same here as in a JavaScript client.
enum OpenUIJS {
    /// Whether two strings are the same string to JavaScript: the same code units. (Swift's `==` also takes
    /// canonically equivalent strings as equal, such as "é" written as one character and as "e" with a combining
    /// accent; a JavaScript client tells them apart, in `==` and in object keys alike.)
    @inline(__always) static func same(_ a: String, _ b: String) -> Bool {
        // Strings Swift tells apart have other code units; those it takes as equal are looked at byte for byte.
        a == b && sameBytes(a, b)
    }

    /// Whether two strings have the same UTF-8 bytes, compared where they are.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    /// `String.prototype.includes`: whether `part`'s code units appear in `text`'s. (Swift's `contains` compares
    /// characters, so it would not find "e" in an "é" written with a combining accent.)
    static func includes(_ text: String, _ part: String) -> Bool {
        // (UTF-8 is self-synchronizing: a match of the bytes is a match of whole code points.)
        part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
    }

    /// Number::toString (``ShortestDecimal/javaScriptString(_:)``).
    static func string(_ x: Double) -> String { ShortestDecimal.javaScriptString(x) }

    /// StringToNumber: trimmed decimal, `Infinity`, or `0x`/`0o`/`0b` integers; "" is 0; anything else NaN.
    static func number(_ s: String) -> Double {
        let t = s.unicodeScalars.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        let text = String(String.UnicodeScalarView(t))
        if text.isEmpty { return 0 }
        switch text {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let lower = text.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            let body = lower.dropFirst(2)
            guard !body.isEmpty, body.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }) else { return .nan }
            var value = 0.0
            for c in body { value = value * Double(radix) + Double(Int(String(c), radix: radix)!) }
            return value
        }
        guard isDecimalLiteral(text) else { return .nan }
        return Double(text) ?? .nan
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalLiteral(_ s: String) -> Bool {
        var b = Array(s.utf8)[...]
        if b.first == 0x2B || b.first == 0x2D { b = b.dropFirst() }
        func digits() -> Int {
            var n = 0
            while let c = b.first, c >= 0x30 && c <= 0x39 {
                b = b.dropFirst()
                n += 1
            }
            return n
        }
        var count = digits()
        if b.first == 0x2E {
            b = b.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if b.first == 0x65 || b.first == 0x45 {
            b = b.dropFirst()
            if b.first == 0x2B || b.first == 0x2D { b = b.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return b.isEmpty
    }

    /// JavaScript's whitespace and line terminators (what `\s` matches and `trim` removes).
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default: return false
        }
    }

    /// JavaScript's `parseFloat`: the longest decimal prefix after leading whitespace, else NaN.
    static func parseFloat(_ s: String) -> Double {
        let t = String(String.UnicodeScalarView(s.unicodeScalars.drop(while: isSpace)))
        if t.hasPrefix("Infinity") || t.hasPrefix("+Infinity") { return .infinity }
        if t.hasPrefix("-Infinity") { return -.infinity }
        var best = Double.nan
        var prefix = ""
        for c in t.prefix(400) {
            prefix.append(c)
            if isDecimalLiteral(prefix), let v = Double(prefix) { best = v }
            if !"0123456789+-.eE".contains(c) { break }
        }
        return best
    }
}
