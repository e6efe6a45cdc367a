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

    /// The units of `tokens`, added to `units` (whose room a caller splitting on every chunk keeps). Blank lines make
    /// no unit.
    static func units(_ tokens: [OpenUIToken], into units: inout [Unit]) {
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
        // Tokens on one line (a streamed tail, most chunks: the statement being written) are the unit the scan would
        // end with, found without reading them into it: only a newline ends a statement.
        if !tokens.contains(where: { if case .newline = $0.kind { true } else { false } }) {
            if !tokens.isEmpty { units.append(unit(upTo: tokens.count, count: tokens.count, endingAt: nil, isComplete: false)) }
            return
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
    }

    /// Closes what the text left open (spec §4 rule 2): brackets in reverse
    /// order, after dropping closers that match nothing. (The lexer already
    /// closed a string.) Returns the tokens and whether anything was closed.
    /// Tokens that close all they open are given back as they are, not copied: a tail whose line ended at a chunk's
    /// end, as a model's stream often ends its chunks, is a whole statement.
    static func closingImplicitly(_ tokens: ArraySlice<OpenUIToken>) -> (tokens: ArraySlice<OpenUIToken>, closed: Bool) {
        guard needsClosing(tokens) else { return (tokens, false) }
        var closing = Closing()
        closing.read(tokens)
        closing.close(at: tokens.last?.end ?? 0)
        return (closing.tokens[...], closing.closed)
    }

    /// A statement's tokens closed implicitly as ``closingImplicitly(_:)`` closes them, kept from one chunk to the next:
    /// when the statement being written is written further, only the tokens after the last one that more text couldn't
    /// change are read again (a long statement is not copied whole on every chunk).
    struct Closing {
        /// The tokens read, closers that matched nothing left out, then the closers.
        private(set) var tokens: [OpenUIToken] = []
        /// The closers expected, innermost last, and whether a closer was left out.
        private var open: [OpenUISymbol] = []
        private var dropped = false
        /// Where the statement's first token starts (-1: none kept).
        private var origin = -1
        /// What the tokens that more text couldn't change left: how many were kept, the closers expected, whether one
        /// was left out, and where the last of them ends.
        private var settled: (count: Int, open: [OpenUISymbol], dropped: Bool, end: Int) = (0, [], false, 0)

        /// Whether anything was closed or left out.
        var closed: Bool { !open.isEmpty || dropped }

        /// `tokens` closed: those of the statement closed last time, written further, read from the last that
        /// couldn't change (the tokens ending at or before `settledEnd` are the same in every longer text); another
        /// statement's read whole. Tokens that need nothing closed are given back as they are.
        mutating func closing(_ tokens: ArraySlice<OpenUIToken>, settledEnd: Int) -> (tokens: ArraySlice<OpenUIToken>, closed: Bool) {
            guard let first = tokens.first else { return (tokens, false) }
            var from = tokens.startIndex
            if first.start == origin {
                self.tokens.removeSubrange(settled.count...)
                // Copied into its own room, not shared: the next bracket would copy a shared one (on every chunk).
                open.replace(from: 0, with: settled.open[...])
                dropped = settled.dropped
                // (Found from the end: the tokens a chunk adds are few.)
                from = tokens.endIndex
                while from > tokens.startIndex, tokens[from - 1].start >= settled.end { from -= 1 }
            } else {
                guard OpenUIStatementSplitter.needsClosing(tokens) else {
                    origin = -1
                    return (tokens, false)
                }
                origin = first.start
                clearTokens()
                open.removeAllKeepingRoom()
                dropped = false
                settled.count = 0
                settled.open.removeAllKeepingRoom()
                settled.dropped = false
                settled.end = first.start
            }
            // The tokens that can't change are a prefix (tokens end in order): found from the end.
            var changing = tokens.endIndex
            while changing > from, tokens[changing - 1].end > settledEnd { changing -= 1 }
            if changing > from {
                read(tokens[from..<changing])
                settled.count = self.tokens.count
                settled.open.replace(from: 0, with: open[...])
                settled.dropped = dropped
                settled.end = tokens[changing - 1].end
            }
            read(tokens[changing...])
            close(at: tokens.last!.end)
            return (self.tokens[...], closed)
        }

        /// Lets go of what it kept when its statement starts before `start`: the statement is complete and is not
        /// closed again (a long one's tokens would be held for the rest of the reply).
        mutating func forget(before start: Int) {
            guard origin >= 0, origin < start else { return }
            origin = -1
            clearTokens()
        }

        /// Empties the tokens, keeping their room unless a long statement made it large.
        private mutating func clearTokens() {
            tokens.removeAll(keepingCapacity: tokens.capacity <= 4_096)
        }

        /// Reads tokens: a closer that matches the innermost open bracket closes it, another is left out.
        fileprivate mutating func read(_ tokens: ArraySlice<OpenUIToken>) {
            for token in tokens {
                if case .symbol(let s) = token.kind {
                    switch s {
                    case "(": open.append(")")
                    case "[": open.append("]")
                    case "{": open.append("}")
                    case ")", "]", "}":
                        guard open.last == s else {
                            dropped = true
                            continue
                        }
                        open.removeLast()
                    default: break
                    }
                }
                self.tokens.append(token)
            }
        }

        /// Closes the brackets left open, innermost first, where the text ends.
        fileprivate mutating func close(at end: Int) {
            for closer in open.reversed() { tokens.append(OpenUIToken(kind: .symbol(closer), start: end, end: end)) }
        }
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
