/// Parses a program a chunk at a time (spec §4); a whole text is one chunk
/// and the end, so streaming equals parsing by construction.
///
/// Completed statements are parsed once and kept; only the text after them
/// (the pending tail, normally one statement) is read again on each chunk,
/// with strings and brackets closed implicitly. When the prepared text stops
/// extending what it was (a first fence arrived late), everything is read again.
public struct OpenUIStreamParser: Sendable {
    private var preparer = OpenUISourcePreparer()
    private var restarts = 0
    /// Statements whose end has arrived, in order.
    private(set) var completed: [OpenUIStatement] = []
    /// The names of the completed statements (asked of each chunk's tail).
    private var completedNames = Set<String>()
    /// Where the completed statements end in the prepared text.
    private var completedEnd = 0
    /// The tail's first tokens, which more text can't change (see ``OpenUILexer/lookahead``): a chunk is lexed from
    /// where they end, so each byte of a long statement is read about once, not once per chunk.
    private var settled: [OpenUIToken] = []
    /// The statements the pending tail parses to (at most one, normally).
    private(set) var pending: [OpenUIStatement] = []
    /// The component calls of the pending tail parsed so far (see ``OpenUIParser/Memo``).
    private var memo = OpenUIParser.Memo()
    /// Whether the stream has ended.
    public private(set) var isFinished = false
    /// Whether the text ended inside an unclosed string or bracket.
    public private(set) var isIncomplete = false
    /// Whether the prepared text has anything but whitespace.
    private(set) var hasText = false
    /// Bumped whenever the completed statements were read again from the start.
    public private(set) var generation = 0

    public init() {}

    /// Parses `text` whole.
    public init(text: String) {
        feed(text)
        finish()
    }

    /// Takes the next chunk of the reply's text.
    public mutating func feed(_ chunk: String) {
        feed(utf8: chunk.utf8)
    }

    /// Takes the next chunk of the reply's text as UTF-8 bytes (ending at a character boundary).
    mutating func feed(utf8 chunk: some Collection<UInt8>) {
        if isFinished {
            // Chunks after the end are a new stream.
            self = OpenUIStreamParser()
        }
        preparer.feed(chunk)
        update(final: false)
    }

    /// The host ended the stream: the pending tail is finalized.
    public mutating func finish() {
        guard !isFinished else { return }
        preparer.finish()
        update(final: true)
        isFinished = true
    }

    /// The statements now: completed ones, then the pending tail's.
    public var statements: [OpenUIStatement] { completed + pending }

    private mutating func update(final: Bool) {
        if preparer.restartCount != restarts {
            restarts = preparer.restartCount
            completed = []
            completedNames = []
            completedEnd = 0
            settled = []
            memo = OpenUIParser.Memo()
            hasText = false
            generation += 1
        }
        let text = preparer.text
        if !hasText { hasText = text[completedEnd...].contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D } }
        // Moved out, so the lexer's appends don't copy them.
        let seed = settled
        settled = []
        var lexed = OpenUILexer.tokens(text, from: seed.last?.end ?? completedEnd, after: consume seed)
        let tailStart = completedEnd
        pending = []
        isIncomplete = false
        // The units are slices of the tokens: gone after this, the tokens are held once and keep their room (below).
        do {
            let units = OpenUIStatementSplitter.units(lexed.tokens)
            for (i, unit) in units.enumerated() {
                let isLast = i == units.count - 1
                // Only the tail's calls are kept: a complete statement is not parsed again.
                memo.keepsCalls = isLast && !final
                if unit.isComplete && !(isLast && lexed.openString) {
                    if let statement = OpenUIStatement.make(unit, text: text, closing: false, memo: &memo) { complete(statement) }
                    completedEnd = unit.end
                    continue
                }
                // The tail: closed implicitly, and kept only if it parses.
                guard var statement = OpenUIStatement.make(unit, text: text, closing: true, memo: &memo) else {
                    if isLast { isIncomplete = Self.isOpen(unit, openString: lexed.openString) }
                    continue
                }
                if isLast && lexed.openString { statement.neededClosing = true }
                if isLast { isIncomplete = statement.neededClosing }
                if final {
                    complete(statement)
                    completedEnd = unit.end
                } else if !(statement.neededClosing && completedNames.contains(statement.name)) {
                    // A pending statement that needed closing never replaces a completed one (rule 3).
                    pending.append(statement)
                }
            }
        }
        // Calls of statements now complete are not parsed again.
        if completedEnd != tailStart { memo.forget(before: completedEnd) }
        // The tail's tokens that more text can't change, kept for the next chunk (the tail starts at `completedEnd` now):
        // cut out of the tokens in place, whose room the next chunk's tokens then take.
        if !final {
            let tail = lexed.tokens.firstIndex { $0.start >= completedEnd } ?? lexed.tokens.count
            let kept = lexed.tokens[tail...].prefix { $0.end + OpenUILexer.lookahead <= text.count }.count
            lexed.tokens.removeSubrange((tail + kept)...)
            lexed.tokens.removeSubrange(..<tail)
            // (Not the room of a whole text's tokens, lexed at once, for the rest of the stream.)
            settled = lexed.tokens.capacity > 4 * max(lexed.tokens.count, 1_024) ? Array(lexed.tokens) : lexed.tokens
        }
    }

    private mutating func complete(_ statement: OpenUIStatement) {
        completed.append(statement)
        completedNames.insert(statement.name)
    }

    private static func isOpen(_ unit: OpenUIStatementSplitter.Unit, openString: Bool) -> Bool {
        openString || OpenUIStatementSplitter.closingImplicitly(unit.tokens).closed
    }
}
