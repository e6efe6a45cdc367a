/// Parses a program a chunk at a time (spec §4); a whole text is one chunk
/// and the end, so streaming equals parsing by construction.
///
/// Completed statements are parsed once and kept; only the text after them
/// (the pending tail, normally one statement) is read again on each chunk,
/// with strings and brackets closed implicitly. When the prepared text stops
/// extending what it was (a first fence arrived late), everything is read again.
///
/// A tail of at least ``longTail`` bytes (a statement being written that is longer than models write, a hostile
/// one) is read again only once it has grown by an eighth since it was last read, or a statement in it completed:
/// until then the statements stay as the text last read gave them (``isBehind``). Reading the tail again on every chunk
/// costs its length each time, so a statement of a megabyte streamed in small chunks would take minutes; read this way,
/// what it costs past that length is about nine times its length in all. Whether a chunk completes a statement is found
/// from the chunk's own tokens.
public struct OpenUIStreamParser: Sendable {
    /// The length of a tail that is not read again on every chunk (see above).
    static let longTail = 65_536
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
    /// The room of the last chunk's pending statements and units, taken again by the next (every chunk makes both).
    private var sparePending: [OpenUIStatement] = []
    private var spareUnits: [OpenUIStatementSplitter.Unit] = []
    /// Where the unit of the last pending statement was in the prepared text, when a newline ended it and it needed
    /// nothing closed: when the next chunk completes that unit as it was (a line whose newline came last, as a model's
    /// stream ends its lines), the statement is taken as it is rather than parsed again. The text before a unit's end
    /// never changes (a change reads everything again, see ``generation``), so the same place is the same tokens.
    private var pendingWhole: (start: Int, end: Int)?
    /// The component calls of the pending tail parsed so far (see ``OpenUIParser/Memo``).
    private var memo = OpenUIParser.Memo()
    /// The tail's statement as closed implicitly last time (see ``OpenUIStatementSplitter/Closing``).
    private var closing = OpenUIStatementSplitter.Closing()
    /// Whether the stream has ended.
    public private(set) var isFinished = false
    /// Whether the text ended inside an unclosed string or bracket.
    public private(set) var isIncomplete = false
    /// Whether the prepared text has anything but whitespace.
    private(set) var hasText = false
    /// Bumped whenever the completed statements were read again from the start.
    public private(set) var generation = 0
    /// Where the prepared text ended when the tail was last read.
    private var readEnd = 0
    /// The splitter's reading of the tail's settled tokens (see ``OpenUIStatementSplitter/Scan``).
    private var settledScan = OpenUIStatementSplitter.Scan()
    /// How much of the tail is known to be whitespace (``hasText`` is then not looked for there again).
    private var blankEnd = 0
    /// Whether the last chunk was not read (see the type's notes): the statements are those of the prepared text's
    /// first ``readEnd`` bytes.
    public private(set) var isBehind = false

    /// Whether the tail was long when it was last read: the next chunks may then leave it unread.
    private var tailWasLong: Bool { readEnd - completedEnd >= Self.longTail }

    /// A parser before the stream's first chunk.
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
            closing = OpenUIStatementSplitter.Closing()
            pendingWhole = nil
            hasText = false
            blankEnd = 0
            readEnd = 0
            settledScan = OpenUIStatementSplitter.Scan()
            generation += 1
        }
        let text = preparer.text
        // Moved out, so the lexer's appends don't copy them.
        let seed = settled
        let seedCount = seed.count
        settled = []
        var lexed = OpenUILexer.tokens(text, from: seed.last?.end ?? completedEnd, after: consume seed)
        if !final, tailWasLong, text.count - readEnd < (readEnd - completedEnd) / 8,
           !completes(lexed.tokens[seedCount...]) {
            // A long tail that grew little and completed nothing: left as it was read (see the type's notes).
            isBehind = true
            settle(&lexed.tokens, text: text, scanned: seedCount)
            return
        }
        isBehind = false
        readEnd = text.count
        if !hasText {
            hasText = text[max(completedEnd, blankEnd)...].contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
            blankEnd = text.count
        }
        let tailStart = completedEnd
        // (Moved out, not copied; the pending statements' list is then the last chunk's spare room.)
        var wasPending: [OpenUIStatement] = []
        swap(&wasPending, &sparePending)
        swap(&wasPending, &pending)
        defer {
            wasPending.removeAllKeepingRoom()
            swap(&wasPending, &sparePending)
        }
        let wasWhole = pendingWhole
        pendingWhole = nil
        isIncomplete = false
        // The units are slices of the tokens: gone after this, the tokens are held once and keep their room (below).
        do {
            var units: [OpenUIStatementSplitter.Unit] = []
            swap(&units, &spareUnits)
            defer {
                units.removeAllKeepingRoom()
                swap(&units, &spareUnits)
            }
            OpenUIStatementSplitter.units(lexed.tokens, into: &units)
            for (i, unit) in units.enumerated() {
                let isLast = i == units.count - 1
                // Only the tail's calls are kept: a complete statement is not parsed again.
                memo.keepsCalls = isLast && !final
                if unit.isComplete && !(isLast && lexed.openString) {
                    if let wasWhole, wasWhole.start == unit.start, wasWhole.end == unit.end, let statement = wasPending.last {
                        complete(statement)
                    } else if let statement = OpenUIStatement.make(unit, text: text, closing: false, memo: &memo) {
                        complete(statement)
                    }
                    completedEnd = unit.end
                    continue
                }
                // The tail: closed implicitly (from where it was closed last time), and kept only if it parses.
                guard var statement = OpenUIStatement.make(unit, text: text, closing: true, memo: &memo, kept: &closing,
                                                           settledEnd: text.count - OpenUILexer.lookahead) else {
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
                    // (Only a unit a newline ended, for now: another is not complete as it is.)
                    if isLast && !statement.neededClosing, let last = unit.tokens.last, unit.end > last.end {
                        pendingWhole = (unit.start, unit.end)
                    }
                }
            }
        }
        // Calls of statements now complete are not parsed again, nor their tokens closed.
        if completedEnd != tailStart {
            memo.forget(before: completedEnd)
            closing.forget(before: completedEnd)
        }
        // The tail's tokens that more text can't change, kept for the next chunk (the tail starts at `completedEnd` now).
        if !final {
            let tail = lexed.tokens.firstIndex { $0.start >= completedEnd } ?? lexed.tokens.count
            lexed.tokens.removeSubrange(..<tail)
            settledScan = OpenUIStatementSplitter.Scan()
            // (Only a long tail, which the next chunk may leave unread, needs its settled tokens read into the scan.)
            settle(&lexed.tokens, text: text, scanned: tailWasLong ? 0 : .max)
        }
    }

    /// Keeps the tail's tokens that more text can't change for the next chunk, cut out of `tokens` in place (whose room
    /// the next chunk's tokens then take), and reads the ones from `scanned` on into ``settledScan``.
    private mutating func settle(_ tokens: inout [OpenUIToken], text: [UInt8], scanned: Int) {
        // Looked for from the end (the tokens end in order): a long tail's tokens are not all read on every chunk.
        var kept = tokens.count
        while kept > 0, tokens[kept - 1].end + OpenUILexer.lookahead > text.count { kept -= 1 }
        tokens.removeSubrange(kept...)
        for i in min(scanned, kept)..<kept { settledScan.read(tokens[i]) }
        // (Not the room of a whole text's tokens, lexed at once, for the rest of the stream.)
        if tokens.capacity > 4 * max(tokens.count, 1_024) { settled = Array(tokens) } else { swap(&settled, &tokens) }
    }

    /// Whether `tokens`, read after the settled ones, complete a statement of the tail.
    private func completes(_ tokens: ArraySlice<OpenUIToken>) -> Bool {
        var scan = settledScan
        for token in tokens {
            if scan.ends(before: token) { return true }
            scan.read(token)
        }
        return false
    }

    private mutating func complete(_ statement: OpenUIStatement) {
        completed.append(statement)
        completedNames.insert(statement.name)
    }

    private static func isOpen(_ unit: OpenUIStatementSplitter.Unit, openString: Bool) -> Bool {
        openString || OpenUIStatementSplitter.closingImplicitly(unit.tokens).closed
    }
}
