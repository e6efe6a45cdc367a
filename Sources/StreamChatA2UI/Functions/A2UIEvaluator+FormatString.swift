import StreamChatAI

/// `formatString`'s template language, as the protocol's conformance suite parses it (`expressions.yaml`):
/// `${/abs/path}` and `${rel/path}` insert data, `${fn(name: arg, …)}` calls a function (arguments named), and an
/// interpolation may hold a literal (`'…'` or `"…"` with backslash escapes, a number, `true`, `false`, `null`) or
/// another interpolation; `\${` is a literal `${`. A malformed template (an interpolation never closed, a call
/// without its `)`, an argument without its `:`, characters after a complete expression, a number with two
/// points) fails the call, naming what is wrong and where.
extension A2UIEvaluator {
    mutating func formatString(_ template: String, _ scope: A2UIScope, depth: Int) throws(A2UIProblem) -> String {
        var reader = ExpressionReader(chars: Array(template))
        var out = ""
        while let c = reader.peek() {
            if c == "\\", reader.peek(1) == "$", reader.peek(2) == "{" {
                out += "${"
                reader.i += 3
            } else if c == "$", reader.peek(1) == "{" {
                out += A2UICoercion.string(try interpolation(&reader, scope, depth: depth, level: 1))
            } else {
                out.append(c)
                reader.i += 1
            }
        }
        return out
    }

    struct ExpressionReader {
        let chars: [Character]
        var i = 0
        func peek(_ ahead: Int = 0) -> Character? { i + ahead < chars.count ? chars[i + ahead] : nil }
        mutating func skipSpaces() { while let c = peek(), c.isWhitespace { i += 1 } }
        /// A function's or an argument's name.
        mutating func identifier() -> String? {
            let start = i
            while let c = peek(), c.isLetter || c.isNumber || c == "_" || (c == "@" && i == start) { i += 1 }
            return i > start ? String(chars[start..<i]) : nil
        }
        /// The problem at character `position` of the template.
        func failure(_ what: String, at position: Int) -> A2UIProblem {
            A2UIProblem(A2UIProblem.Code.functionFailed, "formatString: \(what) at character \(position + 1) of \"\(String(chars))\"")
        }
    }

    /// One value, up to (not including) what follows it: a string literal, a nested interpolation, a number, a
    /// keyword, a call, or a data path.
    private mutating func value(_ r: inout ExpressionReader, _ scope: A2UIScope, depth: Int, level: Int) throws(A2UIProblem) -> JSONValue {
        guard level <= Self.maxExpressionDepth, StackGuard.hasRoom() else {
            throw A2UIProblem(A2UIProblem.Code.limit, "formatString expressions nest deeper than \(Self.maxExpressionDepth) levels")
        }
        r.skipSpaces()
        guard let c = r.peek() else { throw r.failure("Unclosed interpolation", at: r.i) }
        if c == "'" || c == "\"" { return .string(try literal(&r, quote: c)) }
        if c == "$", r.peek(1) == "{" { return try interpolation(&r, scope, depth: depth, level: level + 1) }
        if c.isNumber || (c == "-" && r.peek(1)?.isNumber == true) { return try number(&r) }
        let start = r.i
        if let name = r.identifier() {
            switch name {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                if r.peek() == "(" { return try call(name, &r, scope, depth: depth, level: level) }
            }
        }
        // A data path: its characters up to white space or what closes the expression.
        r.i = start
        var path = ""
        while let d = r.peek(), !d.isWhitespace, d != "}", d != ",", d != ")", d != "(" {
            path.append(d)
            r.i += 1
        }
        guard !path.isEmpty else { throw r.failure("Expected a value", at: r.i) }
        return resolve(["path": .string(path)], scope, depth: depth)
    }

    /// `${value}`, the reader at its `$`: in the template's text, and nested in another interpolation alike.
    private mutating func interpolation(_ r: inout ExpressionReader, _ scope: A2UIScope, depth: Int, level: Int) throws(A2UIProblem) -> JSONValue {
        let start = r.i
        r.i += 2
        let inner = try value(&r, scope, depth: depth, level: level)
        r.skipSpaces()
        guard let close = r.peek() else { throw r.failure("Unclosed interpolation opened", at: start) }
        guard close == "}" else { throw r.failure("Unexpected characters after the expression", at: r.i) }
        r.i += 1
        return inner
    }

    /// `name(key: value, …)`, the reader at its `(`.
    private mutating func call(_ name: String, _ r: inout ExpressionReader, _ scope: A2UIScope, depth: Int, level: Int) throws(A2UIProblem) -> JSONValue {
        r.i += 1
        var args = JSONObject()
        r.skipSpaces()
        while r.peek() != ")" {
            r.skipSpaces()
            guard let key = r.identifier() else { throw r.failure("Expected an argument name or ')' after function arguments", at: r.i) }
            r.skipSpaces()
            guard r.peek() == ":" else { throw r.failure("Expected ':' after argument name", at: r.i) }
            r.i += 1
            args[key] = try value(&r, scope, depth: depth, level: level + 1)
            r.skipSpaces()
            if r.peek() == "," { r.i += 1 } else if r.peek() != ")" { throw r.failure("Expected ',' or ')' after function arguments", at: r.i) }
        }
        r.i += 1
        return call(name, args, catalogID: nil, scope, depth: depth + 1, resolved: true)
    }

    /// A quoted literal, the reader at its opening quote: `\n`, `\t` and `\r` are the control characters, a backslash
    /// before any other character is that character (`\'`, `\"`, `\\`).
    private func literal(_ r: inout ExpressionReader, quote: Character) throws(A2UIProblem) -> String {
        let start = r.i
        r.i += 1
        var s = ""
        while let d = r.peek(), d != quote {
            if d == "\\", let next = r.peek(1) {
                switch next {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                default: s.append(next)
                }
                r.i += 2
                continue
            }
            s.append(d)
            r.i += 1
        }
        guard r.peek() == quote else { throw r.failure("Unclosed string literal", at: start) }
        r.i += 1
        return s
    }

    /// A number literal: digits with at most one point (leading zeros allowed: `007` is 7), an optional minus.
    private func number(_ r: inout ExpressionReader) throws(A2UIProblem) -> JSONValue {
        let start = r.i
        var text = ""
        while let d = r.peek(), d.isNumber || d == "." || (d == "-" && r.i == start) || d == "e" || d == "E" || ((d == "+" || d == "-") && (text.last == "e" || text.last == "E")) {
            text.append(d)
            r.i += 1
        }
        guard text.filter({ $0 == "." }).count <= 1, let n = Double(text), n.isFinite else {
            throw r.failure("Invalid number literal \(text)", at: start)
        }
        return A2UICoercion.json(n)
    }
}
