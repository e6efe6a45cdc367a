/// One statement: `name = expression`, classified (spec §2.1).
public struct OpenUIStatement: Sendable, Equatable {
    /// What a statement defines, by its name and its expression.
    public enum Kind: Sendable, Equatable {
        /// A value (a component, data, a plan).
        case value
        /// `$name = default`.
        case state
        /// `name = Query(tool, args, defaults, refreshSeconds?)`.
        case query
        /// `name = Mutation(tool, args)`.
        case mutation
    }

    /// The name it defines (`$name` for state).
    public var name: String
    /// What it defines.
    public var kind: Kind
    var expression: OpenUIExpression
    /// Its source text, as the program wrote it (for the edit merge and `statements`).
    public var source: String
    /// Whether implicit closing was needed to parse it (it was still streaming).
    public var neededClosing: Bool

    /// The cheap members first: a streamed tail's statement differs from the last chunk's in its text, which is found
    /// without walking both expressions.
    public static func == (a: OpenUIStatement, b: OpenUIStatement) -> Bool {
        a.name == b.name && a.kind == b.kind && a.neededClosing == b.neededClosing && a.source == b.source && a.expression == b.expression
    }

    /// The statement of a unit of tokens, or nil when the unit isn't `name = expression` or doesn't parse; taking the
    /// component calls `memo` has, and keeping in it the ones it parses (see ``OpenUIParser/Memo``).
    static func make(_ unit: OpenUIStatementSplitter.Unit, text: [UInt8], closing: Bool,
                     memo: inout OpenUIParser.Memo) -> OpenUIStatement? {
        // (A closing that kept nothing closes the tokens whole.)
        var kept = OpenUIStatementSplitter.Closing()
        return make(unit, text: text, closing: closing, memo: &memo, kept: &kept, settledEnd: 0)
    }

    /// The same, closing the tokens with `kept`, what closing the statement being written left last time (see
    /// ``OpenUIStatementSplitter/Closing``): the tokens ending at or before `settledEnd` can't change.
    static func make(_ unit: OpenUIStatementSplitter.Unit, text: [UInt8], closing: Bool, memo: inout OpenUIParser.Memo,
                     kept: inout OpenUIStatementSplitter.Closing, settledEnd: Int) -> OpenUIStatement? {
        let tokens = unit.tokens
        let first = tokens.startIndex
        guard tokens.count >= 3, tokens[first + 1].isSymbol("=") else { return nil }
        let name: String
        switch tokens[first].kind {
        case .name(let n), .state(let n): name = n
        default: return nil
        }
        // The expression's tokens follow `name =`: read where they are, copied only to close them.
        var closed = false
        let expression: OpenUIExpression?
        if closing {
            let body: ArraySlice<OpenUIToken>
            (body, closed) = kept.closing(tokens[(first + 2)...], settledEnd: settledEnd)
            expression = OpenUIParser.expression(body, memo: &memo)
        } else {
            expression = OpenUIParser.expression(tokens[(first + 2)...], memo: &memo)
        }
        guard let expression else { return nil }
        let kind: Kind
        switch expression {
        case .query: kind = .query
        case .mutation: kind = .mutation
        default: kind = name.hasPrefix("$") ? .state : .value
        }
        let end = Self.trimmingNewlines(text, from: unit.start, to: min(unit.end, text.count))
        let source = String(decoding: text[unit.start..<end], as: UTF8.self)
        return OpenUIStatement(name: name, kind: kind, expression: expression, source: source, neededClosing: closed)
    }

    /// Where the text from `start` to `end` ends without the newlines that end it (the characters `Character.isNewline`
    /// takes: LF, VT, FF, CR, NEL, LS, PS), found in its bytes: the statement being written is made again on every chunk,
    /// and reading characters from the end of a string costs far more. (A newline never joins the character after it,
    /// so the bytes tell where the characters end.)
    static func trimmingNewlines(_ text: [UInt8], from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            switch text[end - 1] {
            case 0x0A...0x0D:
                end -= 1
            case 0x85 where end - start >= 2 && text[end - 2] == 0xC2:
                end -= 2
            case 0xA8...0xA9 where end - start >= 3 && text[end - 3] == 0xE2 && text[end - 2] == 0x80:
                end -= 3
            default:
                return end
            }
        }
        return end
    }
}
