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
        case symbol(String)
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

    func isSymbol(_ s: String) -> Bool {
        if case .symbol(s) = kind { return true }
        return false
    }
}
