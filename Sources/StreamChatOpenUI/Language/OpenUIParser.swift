import StreamChatAI

/// Parses the expression of one statement (spec §1.5–1.6).
///
/// Newlines are gone by then (the statement splitter decided where the
/// statement ends). Commas are optional; a token that can't start an
/// expression inside a call, array or object is skipped, as the grammar's
/// recovery wants (`Stack([t], direction: "row")` gives three arguments).
struct OpenUIParser {
    struct Failure: Error {}

    /// Names of the built-ins: without `@` they are plain references and their arguments are lost.
    static let builtinNames: Set<String> = ["Count", "First", "Last", "Sum", "Avg", "Min", "Max", "Filter", "Sort",
                                            "Round", "Abs", "Floor", "Ceil", "Each", "Take"]
    /// Deeper than this, a statement is refused rather than parsed (hostile nesting).
    static let maxDepth = 200

    /// Component calls a streamed tail's parse found, by where their name starts in the program text: a chunk that
    /// cuts a statement has it parsed again, and the calls it closed before need not be parsed again with it.
    struct Memo {
        /// A call: where its name starts in the text, its expression, the number of its tokens, and where its closing
        /// parenthesis is.
        struct Call {
            var start: Int
            var expression: OpenUIExpression
            var tokens: Int
            var closerStart: Int
        }
        /// The calls, few (a tail is one statement): a list searched from the end, not a table hashed each time.
        var calls: [Call] = []
        /// A list (arguments or an array) the tail leaves open: the items before the last comma the text wrote in it,
        /// by where its opening bracket is in the text. A long list being written (a table's column of numbers) is
        /// then parsed from that comma on, not from its start, on each chunk.
        struct OpenList {
            /// Where its opening bracket is in the text.
            var start: Int
            /// The items before the comma, as parsed.
            var items: ArraySlice<OpenUIExpression>
            /// How many tokens the comma is after the opening bracket, and where it is in the text.
            var comma: Int
            var commaStart: Int
        }
        /// The open lists, few (one per bracket the tail leaves open), searched from the end as the calls are.
        var lists: [OpenList] = []
        /// Whether the calls parsed, and the lists left open, are kept (only a tail's: a complete statement is not
        /// parsed again). A call is kept when the text wrote its closing parenthesis: more text can't change its
        /// tokens then, as the parenthesis ends any token before it that more text could still extend (see
        /// ``OpenUILexer/lookahead``), and a parenthesis starts no longer token.
        var keepsCalls = false
        /// More calls (or open lists) than this in a tail are parsed each time (a hostile tail would make the search
        /// slow).
        static let capacity = 64

        func call(at start: Int) -> Call? {
            calls.last { $0.start == start }
        }

        /// Forgets the calls and lists that start before `start` (their statements are complete: they are not parsed
        /// again).
        mutating func forget(before start: Int) {
            calls.removeAll { $0.start < start }
            lists.removeAll { $0.start < start }
        }

        /// Keeps the items of the open list at `start` (replacing what it had for it).
        mutating func keep(_ list: OpenList) {
            if let i = lists.lastIndex(where: { $0.start == list.start }) {
                lists[i] = list
            } else if lists.count < Self.capacity {
                lists.append(list)
            }
        }
    }

    private let tokens: ArraySlice<OpenUIToken>
    /// The next token's index in ``tokens`` (a slice: its indices are the array's).
    private var p: Int
    private var depth = 0
    private var memo = Memo()

    /// The expression of `tokens`, or nil when it doesn't parse; taking the calls `memo` has, and keeping in it the ones
    /// it parses when it keeps calls (see ``Memo``). A slice: a statement's tokens are read where the splitter found them.
    static func expression(_ tokens: ArraySlice<OpenUIToken>, memo: inout Memo) -> OpenUIExpression? {
        var parser = OpenUIParser(tokens: tokens)
        // Moved in and back, so the parser's additions don't copy the table.
        swap(&parser.memo, &memo)
        defer { swap(&parser.memo, &memo) }
        return try? parser.expression()
    }

    private init(tokens: ArraySlice<OpenUIToken>) {
        self.tokens = tokens
        p = tokens.startIndex
    }

    private var current: OpenUIToken? { p < tokens.endIndex ? tokens[p] : nil }

    private func at(_ symbol: OpenUISymbol) -> Bool { p < tokens.endIndex && tokens[p].isSymbol(symbol) }

    private mutating func take(_ symbol: OpenUISymbol) -> Bool {
        guard at(symbol) else { return false }
        p += 1
        return true
    }

    private mutating func expression() throws(Failure) -> OpenUIExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth, StackGuard.hasRoom() else { throw Failure() }
        return try ternary()
    }

    private mutating func ternary() throws(Failure) -> OpenUIExpression {
        let condition = try binary()
        guard take("?") else { return condition }
        let then = try expression()
        guard take(":") else { throw Failure() }
        let otherwise = try expression()
        return .ternary(condition, then, otherwise)
    }

    /// How tightly a binary operator binds, loosest first: `||`, `&&`, equality, comparison, `+ -`, `* / %`; nil for a
    /// symbol that is no binary operator.
    @inline(__always) private static func level(of op: OpenUISymbol) -> Int? {
        switch op {
        case "||": 0
        case "&&": 1
        case "==", "!=": 2
        case ">", "<", ">=", "<=": 3
        case "+", "-": 4
        case "*", "/", "%": 5
        default: nil
        }
    }

    /// The operators binding at least as tightly as `minimum`, left to right, each level's operands the tighter ones'
    /// (precedence climbing: one call per operand, not one per level).
    private mutating func binary(minimum: Int = 0) throws(Failure) -> OpenUIExpression {
        var left = try unary()
        while p < tokens.endIndex, case .symbol(let op) = tokens[p].kind, let level = Self.level(of: op), level >= minimum {
            p += 1
            let right = try binary(minimum: level + 1)
            left = .binary(op.text, left, right)
        }
        return left
    }

    private mutating func unary() throws(Failure) -> OpenUIExpression {
        if take("!") { return .unary("!", try nested { (p: inout OpenUIParser) throws(Failure) in try p.unary() }) }
        if take("-") { return .unary("-", try nested { (p: inout OpenUIParser) throws(Failure) in try p.unary() }) }
        return try postfix()
    }

    private mutating func nested(_ body: (inout OpenUIParser) throws(Failure) -> OpenUIExpression) throws(Failure) -> OpenUIExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth, StackGuard.hasRoom() else { throw Failure() }
        return try body(&self)
    }

    private mutating func postfix() throws(Failure) -> OpenUIExpression {
        var value = try primary()
        while true {
            if take(".") {
                value = .member(value, key())
            } else if take("[") {
                let index = try expression()
                guard take("]") else { throw Failure() }
                value = .index(value, index)
            } else {
                return value
            }
        }
    }

    /// An object key or a field: a name, string, number or `$name` (without `$`); anything else is `?`.
    private mutating func key() -> String {
        guard let token = current else { return "?" }
        p += 1
        switch token.kind {
        case .name(let s), .string(let s), .digits(let s): return s
        case .state(let s): return String(s.dropFirst())
        case .number(let n): return OpenUIJS.string(n)
        default: return "?"
        }
    }

    private mutating func primary() throws(Failure) -> OpenUIExpression {
        guard let token = current else { throw Failure() }
        p += 1
        switch token.kind {
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .digits(let s): return .number(Double(s) ?? 0)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        case .symbol("["): return .array(try list(until: "]"))
        case .symbol("{"): return .object(try members())
        case .symbol("("):
            let inner = try expression()
            guard take(")") else { throw Failure() }
            return inner
        case .state(let name):
            if take("=") { return .assign(name, try expression()) }
            return .state(name)
        case .function(let name):
            guard take("(") else { return .function(name, []) }
            let args = try list(until: ")")
            return name == "Action" ? .action(args) : .function(name, args)
        case .name(let name):
            guard at("(") else { return .reference(name) }
            switch name {
            case "Action":
                p += 1
                return .action(try list(until: ")"))
            case "Query":
                p += 1
                return .query(try list(until: ")"))
            case "Mutation":
                p += 1
                return .mutation(try list(until: ")"))
            default:
                guard let first = name.utf8.first, first >= 0x41, first <= 0x5A, !Self.builtinNames.contains(name) else {
                    // `count(x)`, `Count(x)`: a reference; its arguments are lost.
                    p += 1
                    _ = try list(until: ")")
                    return .reference(name)
                }
                return try call(name, at: p - 1, start: token.start)
            }
        default:
            throw Failure()
        }
    }

    /// A component call whose name is token `head` (at `start` in the text), the parser at its `(`: taken from the
    /// memo when it has it and its closing parenthesis is where it was (the tokens up to there are the same ones),
    /// else parsed, and kept there when the text wrote its closing parenthesis (see ``Memo/keepsCalls``).
    private mutating func call(_ name: String, at head: Int, start: Int) throws(Failure) -> OpenUIExpression {
        if let known = memo.call(at: start), head + known.tokens <= tokens.endIndex {
            let closer = tokens[head + known.tokens - 1]
            if closer.start == known.closerStart, closer.isSymbol(")") {
                p = head + known.tokens
                return known.expression
            }
        }
        p += 1
        let expression = OpenUIExpression.component(name, try list(until: ")"))
        let closer = tokens[p - 1]
        // A closer the text wrote (one closed implicitly is empty).
        if memo.keepsCalls, closer.end > closer.start, memo.calls.count < Memo.capacity {
            memo.calls.append(Memo.Call(start: start, expression: expression, tokens: p - head, closerStart: closer.start))
        }
        return expression
    }

    /// Whether a token can begin an expression.
    private static func startsExpression(_ kind: OpenUIToken.Kind) -> Bool {
        switch kind {
        case .name, .state, .function, .string, .number, .digits, .true, .false, .null: return true
        case .symbol(let s): return s == "[" || s == "{" || s == "(" || s == "!" || s == "-"
        case .newline: return false
        }
    }

    /// Arguments or array elements up to `closer`; commas optional, stray tokens skipped.
    ///
    /// The parser is just past the opening bracket. Items before a comma the text wrote are the same whatever text
    /// comes after it (a comma ends any token before it and begins none), so those of a list a tail leaves open are
    /// kept in the memo and taken on the next parse, when the comma is where it was (see ``Memo/OpenList``).
    private mutating func list(until closer: OpenUISymbol) throws(Failure) -> [OpenUIExpression] {
        var items: [OpenUIExpression] = []
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure() }
        let opener = p - 1
        let openerStart = tokens[opener].start
        if let known = memo.lists.last(where: { $0.start == openerStart }), opener + known.comma < tokens.endIndex,
           tokens[opener + known.comma].start == known.commaStart, tokens[opener + known.comma].isSymbol(",") {
            items = Array(known.items)
            p = opener + known.comma + 1
        }
        // The last comma written in the list so far: the items before it, and where it is.
        var lastComma: (items: Int, at: Int)?
        defer {
            if memo.keepsCalls, let lastComma {
                memo.keep(Memo.OpenList(start: openerStart, items: items[..<lastComma.items], comma: lastComma.at - opener,
                                        commaStart: tokens[lastComma.at].start))
            }
        }
        while let token = current {
            if token.isSymbol(closer) {
                p += 1
                // A list the text closed is not written further.
                if token.end > token.start { lastComma = nil }
                return items
            }
            if Self.startsExpression(token.kind) {
                items.append(try expression())
            } else if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") {
                throw Failure()  // a closer of another bracket: the statement is broken
            } else {
                if token.isSymbol(",") { lastComma = (items.count, p) }
                p += 1
            }
        }
        throw Failure()
    }

    private mutating func members() throws(Failure) -> [OpenUIMember] {
        var out: [OpenUIMember] = []
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure() }
        while let token = current {
            if token.isSymbol("}") {
                p += 1
                return out
            }
            if token.isSymbol(",") {
                p += 1
                continue
            }
            if token.isSymbol(")") || token.isSymbol("]") { throw Failure() }
            let name = key()
            guard take(":") else {
                out.append(OpenUIMember(key: name, value: .null))
                continue
            }
            guard let next = current, Self.startsExpression(next.kind) else { throw Failure() }
            out.append(OpenUIMember(key: name, value: try expression()))
        }
        throw Failure()
    }
}
