/// Splits program text into tokens (spec §1.3). Lexing never fails: a byte
/// that matches no rule is skipped, and a string still open at the end is
/// closed (``Result/openString``) as streaming's implicit closing wants.
struct OpenUILexer {
    struct Result {
        var tokens: [OpenUIToken]
        /// The input ended inside a string.
        var openString = false
    }

    /// How far past a token's end the lexer may look to decide it (`1.5e+3`, `!==`): a token that ends at least
    /// this far before the end of the text is what it would be with more text after.
    static let lookahead = 16

    /// Tokens of `text[range]`, after `settled`: the tokens of the text before `start`, each ending at least
    /// ``lookahead`` bytes before the end of the text they were read from (what lexing from their start would give).
    /// Taken (not copied) when the caller lets go of `settled`: the new tokens are appended to it.
    static func tokens(_ text: [UInt8], from start: Int = 0, to end: Int? = nil, after settled: consuming [OpenUIToken] = []) -> Result {
        let end = end ?? text.count
        var lexer = OpenUILexer(text: text, i: start, end: end)
        lexer.tokens = consume settled
        // Room for the new tokens (about one per four bytes, as models write), so appending rarely copies them; grown by
        // half at least, as appending grows it, or a long tail's tokens would be copied on every chunk.
        let needed = lexer.tokens.count + (end - start) / 4 + 8
        if lexer.tokens.capacity < needed { lexer.tokens.reserveCapacity(max(needed, lexer.tokens.capacity * 3 / 2)) }
        return lexer.run()
    }

    private let text: [UInt8]
    private var i: Int
    private let end: Int
    private var tokens: [OpenUIToken] = []
    private var openString = false

    private init(text: [UInt8], i: Int, end: Int) {
        self.text = text
        self.i = i
        self.end = end
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func run() -> Result {
        while i < end {
            let b = text[i]
            let start = i
            switch b {
            case 0x20, 0x09, 0x0D:
                i += 1
            case 0x0A:
                i += 1
                add(.newline, from: start)
            case 0x22, 0x27:
                add(.string(readString(quote: b)), from: start)
            case 0x24, 0x40:  // $ and @
                if i + 1 < end, Self.isLetter(text[i + 1]) {
                    i += 1
                    let name = readName()
                    add(b == 0x24 ? .state("$" + name) : .function(name), from: start)
                } else {
                    i += 1
                }
            case _ where Self.isLetter(b):
                let name = readName()
                switch name {
                case "true": add(.true, from: start)
                case "false": add(.false, from: start)
                case "null": add(.null, from: start)
                default: add(.name(name), from: start)
                }
            case _ where Self.isDigit(b):
                if tokens.last?.isSymbol(".") == true {
                    while i < end, Self.isDigit(text[i]) { i += 1 }
                    add(.digits(String(decoding: text[start..<i], as: UTF8.self)), from: start)
                } else {
                    add(.number(readNumber()), from: start)
                }
            case 0x2D:  // -
                if i + 1 < end, Self.isDigit(text[i + 1]), !(tokens.last?.endsValue ?? false) {
                    i += 1
                    add(.number(-readNumber()), from: start)
                } else {
                    i += 1
                    add(.symbol("-"), from: start)
                }
            default:
                if let symbol = readSymbol() { add(.symbol(symbol), from: start) } else { i += 1 }
            }
        }
        return Result(tokens: tokens, openString: openString)
    }

    private mutating func add(_ kind: OpenUIToken.Kind, from start: Int) {
        tokens.append(OpenUIToken(kind: kind, start: start, end: i))
    }

    private mutating func readName() -> String {
        let start = i
        while i < end, Self.isLetter(text[i]) || Self.isDigit(text[i]) { i += 1 }
        return String(decoding: text[start..<i], as: UTF8.self)
    }

    /// `[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`; an `e` after the digits is always taken as the exponent marker.
    private mutating func readNumber() -> Double {
        let start = i
        while i < end, Self.isDigit(text[i]) { i += 1 }
        if i + 1 < end, text[i] == 0x2E, Self.isDigit(text[i + 1]) {
            i += 1
            while i < end, Self.isDigit(text[i]) { i += 1 }
        }
        let mantissaEnd = i
        let hasExponent = i < end && (text[i] == 0x65 || text[i] == 0x45)
        if !hasExponent, let exact = Self.exactValue(text[start..<i]) { return exact }
        if hasExponent {
            i += 1
            if i < end, text[i] == 0x2B || text[i] == 0x2D { i += 1 }
            let digitsStart = i
            while i < end, Self.isDigit(text[i]) { i += 1 }
            // A dangling exponent has no usable value (implementation-defined): the digits before it count.
            if i == digitsStart { return Double(String(decoding: text[start..<mantissaEnd], as: UTF8.self)) ?? 0 }
        }
        return Double(String(decoding: text[start..<i], as: UTF8.self)) ?? 0
    }

    /// Powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }

    /// The value of `number` (digits, with a fraction or not) when its digits, at most 15, and the power of ten it is
    /// divided by are exact doubles: one division then rounds as reading the text does (Clinger's fast path), and no
    /// string is made. Nil for a longer number, which is read from its text.
    private static func exactValue(_ number: ArraySlice<UInt8>) -> Double? {
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1
        for b in number {
            if b == 0x2E {
                fraction = 0
                continue
            }
            guard digits < 15 else { return nil }
            mantissa = mantissa * 10 + Int64(b &- 0x30)
            digits += 1
            if fraction >= 0 { fraction += 1 }
        }
        return fraction > 0 ? Double(mantissa) / exactPowersOfTen[fraction] : Double(mantissa)
    }

    private mutating func readSymbol() -> OpenUISymbol? {
        func next(_ offset: Int) -> UInt8 { i + offset < end ? text[i + offset] : 0 }
        let b = text[i]
        switch b {
        case 0x3D, 0x21:  // = !
            if next(1) == 0x3D {
                let long = next(2) == 0x3D
                i += long ? 3 : 2
                return b == 0x3D ? "==" : "!="
            }
            i += 1
            return b == 0x3D ? "=" : "!"
        case 0x3E, 0x3C:  // > <
            if next(1) == 0x3D {
                i += 2
                return b == 0x3E ? ">=" : "<="
            }
            i += 1
            return b == 0x3E ? ">" : "<"
        case 0x26, 0x7C:  // & |
            i += next(1) == b ? 2 : 1
            return b == 0x26 ? "&&" : "||"
        case 0x2B, 0x2A, 0x2F, 0x25, 0x3F, 0x3A, 0x2E, 0x2C, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D:
            i += 1
            return OpenUISymbol(code: UInt16(b))
        default:
            return nil
        }
    }

    /// A string; double quotes take JSON escapes, single quotes only `\'`, `\\`,
    /// `\n` and `\t` (other escapes stay as written). Raw newlines are kept.
    private mutating func readString(quote: UInt8) -> String {
        i += 1
        // Most strings have no escape: one is made from its bytes where they are, not a byte at a time.
        let first = i
        while i < end, text[i] != quote, text[i] != 0x5C { i += 1 }
        if i < end, text[i] == quote {
            i += 1
            return String(decoding: text[first..<(i - 1)], as: UTF8.self)
        }
        var out = Array(text[first..<i])
        while i < end {
            let b = text[i]
            if b == quote {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard b == 0x5C else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < end else {
                // The text ends mid-escape: implicit closing keeps the backslash.
                out.append(b)
                i += 1
                break
            }
            let e = text[i + 1]
            i += 2
            if quote == 0x27 {
                switch e {
                case 0x27, 0x5C: out.append(e)
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                default: out.append(contentsOf: [0x5C, e])
                }
                continue
            }
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75: appendUnicodeEscape(into: &out)
            default: out.append(e)
            }
        }
        openString = true
        return String(decoding: out, as: UTF8.self)
    }

    /// `\uXXXX` (and a surrogate pair); a malformed one is kept as written.
    private mutating func appendUnicodeEscape(into out: inout [UInt8]) {
        func hex4(at p: Int) -> UInt32? {
            guard p + 4 <= end else { return nil }
            return UInt32(String(decoding: text[p..<(p + 4)], as: UTF8.self), radix: 16)
        }
        guard var value = hex4(at: i) else {
            out.append(contentsOf: [0x5C, 0x75])
            return
        }
        i += 4
        if value >= 0xD800 && value <= 0xDBFF, i + 6 <= end, text[i] == 0x5C, text[i + 1] == 0x75,
           let low = hex4(at: i + 2), low >= 0xDC00 && low <= 0xDFFF {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            i += 6
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
