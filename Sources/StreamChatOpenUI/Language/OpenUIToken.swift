/// One token of OpenUI Lang (spec §1.3).
struct OpenUIToken: Equatable {
    enum Kind: Equatable {
        /// A name: a reference, or a component when it starts upper-case and heads a call.
        case name(String)
        /// `$name`, with the `$`.
        case state(String)
        /// `@name`, without the `@`.
        case function(String)
        case string(String)
        case number(Double)
        /// Digits right after `.`: a field or index, never a decimal.
        case digits(String)
        case `true`, `false`, null
        /// An operator or punctuation: `= == != > < >= <= + - * / % && || ! ? : . , ( ) [ ] { }`
        /// (`===` and `!==` arrive as `==` and `!=`, a lone `&` or `|` as `&&` or `||`).
        case symbol(OpenUISymbol)
        case newline
    }

    var kind: Kind
    /// Where it starts and ends in the program text, in bytes.
    var start: Int
    var end: Int

    /// Whether the token ends a value, so that a following `-` is subtraction (spec §1.3).
    var endsValue: Bool {
        switch kind {
        case .name, .state, .string, .number, .digits, .true, .false, .null: return true
        case .symbol(let s): return s == ")" || s == "]"
        case .function, .newline: return false
        }
    }

    func isSymbol(_ s: OpenUISymbol) -> Bool {
        if case .symbol(s) = kind { return true }
        return false
    }
}

/// An operator or punctuation mark: one or two ASCII bytes held as a number,
/// so the parser's many questions about a token compare integers, not strings.
struct OpenUISymbol: Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    let code: UInt16

    /// A symbol written in the source: read from the literal's bytes, not through a `String`
    /// (the parser writes the symbols it asks for as literals, many times per statement).
    @inline(__always)
    init(stringLiteral text: StaticString) {
        let bytes = text.utf8Start
        code = text.utf8CodeUnitCount > 1 ? UInt16(bytes[0]) << 8 | UInt16(bytes[1]) : UInt16(bytes[0])
    }

    init(code: UInt16) { self.code = code }

    /// The symbol as written.
    var text: String {
        code > 0xFF ? String(decoding: [UInt8(code >> 8), UInt8(code & 0xFF)], as: UTF8.self)
            : String(decoding: [UInt8(code)], as: UTF8.self)
    }

    var description: String { text }
}
