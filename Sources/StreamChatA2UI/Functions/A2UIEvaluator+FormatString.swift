import StreamChatAI

/// `formatString`'s template language: `${/abs/path}` and `${rel/path}`
/// insert data, `${fn(name: arg, …)}` calls a function (arguments named;
/// literals `'…'`, `"…"`, numbers, `true`, `false`, `null`; nested `${…}`),
/// `\${` is a literal `${`. A malformed expression stays as it was written.
extension A2UIEvaluator {
    mutating func formatString(_ template: String, _ scope: A2UIScope, depth: Int) -> String {
        var reader = ExpressionReader(chars: Array(template))
        var out = ""
        while let c = reader.peek() {
            if c == "\\", reader.peek(1) == "$", reader.peek(2) == "{" {
                out += "${"
                reader.i += 3
            } else if c == "$", reader.peek(1) == "{" {
                let start = reader.i
                reader.i += 2
                if let value = expression(&reader, scope, depth: depth, level: 1), reader.peek() == "}" {
                    reader.i += 1
                    out += A2UICoercion.string(value)
                } else {
                    // Not an expression after all: the text stays.
                    reader.i = start + 1
                    out += "$"
                }
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
        mutating func identifier() -> String? {
            let start = i
            while let c = peek(), c.isLetter || c.isNumber || c == "_" || (c == "@" && i == start) { i += 1 }
            return i > start ? String(chars[start..<i]) : nil
        }
    }

    /// One expression up to (not including) its closing `}`, `,` or `)`.
    private mutating func expression(_ r: inout ExpressionReader, _ scope: A2UIScope, depth: Int, level: Int) -> JSONValue? {
        guard level <= Self.maxExpressionDepth, StackGuard.hasRoom() else {
            report(A2UIProblem.Code.limit, "formatString expressions nest deeper than \(Self.maxExpressionDepth) levels")
            return nil
        }
        r.skipSpaces()
        let start = r.i
        if let name = r.identifier(), r.peek() == "(" {
            r.i += 1
            var args = JSONObject()
            r.skipSpaces()
            while r.peek() != ")" {
                r.skipSpaces()
                guard let key = r.identifier() else { return nil }
                r.skipSpaces()
                guard r.peek() == ":" else { return nil }
                r.i += 1
                guard let value = argument(&r, scope, depth: depth, level: level) else { return nil }
                args[key] = value
                r.skipSpaces()
                if r.peek() == "," { r.i += 1 } else if r.peek() != ")" { return nil }
            }
            r.i += 1
            r.skipSpaces()
            return call(name, args, catalogID: nil, scope, depth: depth + 1, resolved: true)
        }
        r.i = start
        var path = ""
        while let c = r.peek(), c != "}", c != ",", c != ")" {
            path.append(c)
            r.i += 1
        }
        let trimmed = String(A2UICoercion.trimmed(path))
        guard !trimmed.isEmpty else { return nil }
        return resolve(["path": .string(trimmed)], scope, depth: depth)
    }

    private mutating func argument(_ r: inout ExpressionReader, _ scope: A2UIScope, depth: Int, level: Int) -> JSONValue? {
        r.skipSpaces()
        guard let c = r.peek() else { return nil }
        if c == "'" || c == "\"" {
            r.i += 1
            var s = ""
            while let d = r.peek(), d != c {
                if d == "\\", let next = r.peek(1) { s.append(next); r.i += 2; continue }
                s.append(d)
                r.i += 1
            }
            guard r.peek() == c else { return nil }
            r.i += 1
            return .string(s)
        }
        if c == "$", r.peek(1) == "{" {
            r.i += 2
            guard let v = expression(&r, scope, depth: depth, level: level + 1), r.peek() == "}" else { return nil }
            r.i += 1
            return v
        }
        let start = r.i
        var word = ""
        while let d = r.peek(), d != ",", d != ")", !d.isWhitespace, d != "(" { word.append(d); r.i += 1 }
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let n = Double(word), n.isFinite { return A2UICoercion.json(n) }
            r.i = start
            return expression(&r, scope, depth: depth, level: level + 1)
        }
    }
}
