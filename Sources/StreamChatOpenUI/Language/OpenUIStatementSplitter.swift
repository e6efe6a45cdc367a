/// Finds where statements end (spec §1.4), the one rule the batch parser,
/// the streaming parser and the edit merge share.
///
/// A statement continues past a newline inside an unclosed bracket or string
/// (the lexer keeps a string's newlines in its token), while a ternary is open
/// at depth zero (from its `?` until the first operand after its `:`), or when
/// the next line starts with `?`. That last rule looks ahead, so a statement
/// whose newline is the last token so far is only provisionally ended.
enum OpenUIStatementSplitter {
    /// One statement's tokens, without the newlines inside it.
    struct Unit {
        /// The tokens, newlines removed: a slice of the tokens split, copied only when newlines are inside it.
        var tokens: ArraySlice<OpenUIToken>
        /// Where the unit starts and ends in the program text (bytes; the end is after its newline when it has one).
        var start: Int
        var end: Int
        /// Whether a newline ended it for good: the next line has begun and doesn't continue it.
        var isComplete: Bool
    }

    /// Where a statement stands after the tokens read so far: the state of the rule above, read a token at a time, so
    /// a streamed tail can be read from where its last chunk left it (``OpenUIStreamParser``).
    struct Scan {
        /// How many tokens of the statement being read are not newlines (0: none begun).
        private(set) var count = 0
        private var depth = 0
        private var openQuestions = 0
        private var awaitingElse = false
        /// Whether the last token was a newline that ends the statement unless the next token is `?`.
        private(set) var mayHaveEnded = false

        /// Whether `token`, read next, shows that the statement ended for good at the newline before it. The statement
        /// after it then begins with `token`: read it into a new scan.
        func ends(before token: OpenUIToken) -> Bool {
            mayHaveEnded && !token.isSymbol("?")
        }

        /// Reads `token`, which does not end the statement (see ``ends(before:)``).
        mutating func read(_ token: OpenUIToken) {
            mayHaveEnded = false
            guard token.kind == .newline else {
                count += 1
                if case .symbol(let s) = token.kind {
                    switch s {
                    case "(", "[", "{": depth += 1
                    case ")", "]", "}":
                        depth = max(0, depth - 1)
                        if depth == 0, awaitingElse { awaitingElse = false }
                    case "?" where depth == 0:
                        openQuestions += 1
                        awaitingElse = false
                    case ":" where depth == 0 && openQuestions > 0:
                        openQuestions -= 1
                        awaitingElse = true
                    default: break
                    }
                } else if depth == 0, awaitingElse, token.endsValue {
                    awaitingElse = false
                }
                return
            }
            // A blank line, or a newline inside a bracket or an open ternary, ends nothing.
            mayHaveEnded = count > 0 && depth == 0 && openQuestions == 0 && !awaitingElse
        }
    }

    /// The units of `tokens`. Blank lines make no unit.
    static func units(_ tokens: [OpenUIToken]) -> [Unit] {
        var units: [Unit] = []
        // The unit being read: where its first token is, and the newline that may end it. A unit on one line is a slice
        // of `tokens`; one across lines is copied without its newlines, once its end is found (a streamed tail is split
        // again after every chunk).
        var scan = Scan()
        var first = 0
        var newline = 0
        func unit(upTo end: Int, count: Int, endingAt endByte: Int?, isComplete: Bool) -> Unit {
            var kept = tokens[first..<end]
            if count != end - first {
                var copied: [OpenUIToken] = []
                copied.reserveCapacity(count)
                for token in kept where token.kind != .newline { copied.append(token) }
                kept = copied[...]
            }
            return Unit(tokens: kept, start: kept.first!.start, end: endByte ?? kept.last!.end, isComplete: isComplete)
        }
        for (i, token) in tokens.enumerated() {
            if scan.ends(before: token) {
                units.append(unit(upTo: newline, count: scan.count, endingAt: tokens[newline].end, isComplete: true))
                scan = Scan()
            }
            if scan.count == 0 { first = i }
            scan.read(token)
            if scan.mayHaveEnded { newline = i }
        }
        // A newline last ends its statement only provisionally: the next line may begin with `?`.
        if scan.mayHaveEnded {
            units.append(unit(upTo: newline, count: scan.count, endingAt: tokens[newline].end, isComplete: false))
        } else if scan.count > 0 {
            units.append(unit(upTo: tokens.count, count: scan.count, endingAt: nil, isComplete: false))
        }
        return units
    }

    /// Closes what the text left open (spec §4 rule 2): brackets in reverse
    /// order, after dropping closers that match nothing. (The lexer already
    /// closed a string.) Returns the tokens and whether anything was closed.
    /// Tokens that close all they open are given back as they are, not copied: a tail whose line ended at a chunk's
    /// end, as a model's stream often ends its chunks, is a whole statement.
    static func closingImplicitly(_ tokens: ArraySlice<OpenUIToken>) -> (tokens: ArraySlice<OpenUIToken>, closed: Bool) {
        guard needsClosing(tokens) else { return (tokens, false) }
        var out: [OpenUIToken] = []
        out.reserveCapacity(tokens.count + 4)
        var stack: [OpenUISymbol] = []
        var dropped = false
        for token in tokens {
            if case .symbol(let s) = token.kind {
                switch s {
                case "(": stack.append(")")
                case "[": stack.append("]")
                case "{": stack.append("}")
                case ")", "]", "}":
                    guard stack.last == s else {
                        dropped = true
                        continue
                    }
                    stack.removeLast()
                default: break
                }
            }
            out.append(token)
        }
        let end = tokens.last?.end ?? 0
        for closer in stack.reversed() { out.append(OpenUIToken(kind: .symbol(closer), start: end, end: end)) }
        return (out[...], !stack.isEmpty || dropped)
    }

    /// Whether closing `tokens` implicitly changes them (a bracket left open, a closer that matches nothing), found
    /// without copying them: the open brackets kept two bits each in one word. Nesting deeper than it holds is
    /// answered yes (closing them then finds out).
    private static func needsClosing(_ tokens: ArraySlice<OpenUIToken>) -> Bool {
        var open: UInt64 = 0
        var depth = 0
        for token in tokens {
            guard case .symbol(let s) = token.kind else { continue }
            let code: UInt64
            switch s {
            case "(", ")": code = 1
            case "[", "]": code = 2
            case "{", "}": code = 3
            default: continue
            }
            if s == ")" || s == "]" || s == "}" {
                guard depth > 0, open & 3 == code else { return true }
                open >>= 2
                depth -= 1
            } else {
                guard depth < 32 else { return true }
                open = open << 2 | code
                depth += 1
            }
        }
        return depth > 0
    }
}
