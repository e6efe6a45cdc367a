/// Reasoning text laid out as paragraphs of inline Markdown runs, as it grows.
///
/// Append text as it streams; each append costs in proportion to the text
/// appended, because only the paragraph still being written changes and the
/// scanner never reads a byte twice (beyond a few bytes of look-ahead). The
/// result is the same however the text is split into appends.
///
/// The inline Markdown is a streaming-friendly subset: `**bold**`/`__bold__`,
/// `*italic*`/`_italic_` (not inside words, so `snake_case` and `2*3` stay as
/// written), `` `code` `` (any number of backticks), `[text](url)` links and
/// backslash escapes. Blank lines separate paragraphs. A style still open at
/// the end of a paragraph runs to its end, as it shows while streaming.
///
/// ```swift
/// var doc = ReasoningDocument()
/// doc.append("First **idea**.\n\nSec")
/// doc.append("ond one.")
/// doc.paragraphs.count            // 2
/// doc.text(of: doc.paragraphs[0].runs[1])   // "idea"
/// ```
public struct ReasoningDocument: Sendable {
    /// The text so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// The paragraphs so far; the last one may still be growing.
    public private(set) var paragraphs: [ReasoningParagraph] = []
    /// Whether ``finish()`` was called: no more text comes.
    public private(set) var isFinished = false

    private var position = 0
    private var inParagraph = false
    private var style: InlineStyle = []
    private var boldDelimiter: UInt8 = 0
    private var italicDelimiter: UInt8 = 0
    private var codeTicks = 0
    private var link: PendingLink?

    private struct PendingLink: Sendable {
        var firstRun: Int
        var bracket: Int
        var style: InlineStyle
        /// Where the target starts, once `](` was read.
        var target: Int?
    }

    /// An empty document.
    public init() {}

    /// A finished document holding `text`.
    public init(_ text: String) {
        append(text)
        finish()
    }

    /// A finished document holding the UTF-8 text `utf8` (valid UTF-8: the caller checked it).
    init(utf8: UnsafeRawBufferPointer) {
        append(utf8: utf8)
        finish()
    }

    /// Adds text at the end and lays out what it changes.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Adds valid UTF-8 text at the end and lays out what it changes.
    mutating func append(utf8: UnsafeRawBufferPointer) {
        precondition(!isFinished, "ReasoningDocument: append after finish()")
        bytes.append(contentsOf: utf8)
        advance(final: false)
    }

    /// Says no more text comes, which settles the look-ahead at the very end.
    public mutating func finish() {
        guard !isFinished else { return }
        isFinished = true
        advance(final: true)
        if inParagraph { closeParagraph(at: bytes.count) }
    }

    /// The text of `run`.
    public func text(of run: InlineRun) -> String {
        String(decoding: bytes[run.range], as: UTF8.self)
    }

    /// The link target of `run`, when it is part of a link.
    public func linkTarget(of run: InlineRun) -> String? {
        run.link.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The whole text of a paragraph as written (Markdown included).
    public func source(of paragraph: ReasoningParagraph) -> String {
        String(decoding: bytes[paragraph.range], as: UTF8.self)
    }

    // MARK: - Scanning

    private static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in "\n\r\\`*_[]".utf8 { table[Int(b)] = true }
        return table
    }()

    /// Where the text with no byte the scanner must look at, from `start`, ends: the bulk of a reasoning's
    /// bytes pass here, so it reads them through pointers rather than checked subscripts.
    private static func endOfPlainText(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { text in
            special.withUnsafeBufferPointer { special in
                guard let base = text.baseAddress else { return start }
                let n = text.count
                var j = start
                while j < n {
                    // Eight bytes at a time up to the first that may be special; the table decides.
                    if j &+ 8 <= n {
                        let marks = mayBeSpecial(JSONBytes.word(at: base + j))
                        if marks == 0 {
                            j &+= 8
                            continue
                        }
                        j &+= JSONBytes.bytesBefore(marks)
                    }
                    if special[Int(base[j])] { return j }
                    j &+= 1
                }
                return n
            }
        }
    }

    /// The high bit of each byte of `word` below 0x0E (`\n`, `\r`), equal to 0x2A (`*`) or from 0x5B to
    /// 0x60 (`[`, `\\`, `]`, `_`, `` ` ``): a superset of the special bytes, each byte tested on its own
    /// (its low seven bits plus a constant never carry into the next byte; bytes from 0x80 are never marked).
    @inline(__always)
    private static func mayBeSpecial(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (ones &* 0x7F)
        let control = ~(low &+ ones &* 0x72)                          // high bit clear from 0x0E up
        let star = (low &+ ones &* 0x56) & ~(low &+ ones &* 0x55)     // set from 0x2A up, clear from 0x2B up
        let brackets = (low &+ ones &* 0x25) & ~(low &+ ones &* 0x1F) // set from 0x5B up, clear from 0x61 up
        return (control | star | brackets) & ~word & (ones &* 0x80)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0x80
    }
    private static func isPunctuation(_ b: UInt8) -> Bool {
        (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
    }

    /// The length of the run of `byte` starting at `i`, or nil when it may go on past the text so far.
    private func runLength(of byte: UInt8, at i: Int, final: Bool) -> Int? {
        var j = i
        while j < bytes.count && bytes[j] == byte { j += 1 }
        if j == bytes.count && !final { return nil }
        return j - i
    }

    private mutating func advance(final: Bool) {
        let count = bytes.count
        while position < count {
            let b = bytes[position]
            if !inParagraph {
                if Self.isSpace(b) { position += 1; continue }
                openParagraph(at: position)
            }
            if let target = link?.target {
                if !scanLinkTarget(from: target) { return }
                continue
            }
            if !Self.special[Int(b)] {
                let j = Self.endOfPlainText(bytes, from: position + 1)
                emit(position..<j)
                position = j
                continue
            }
            let progressed: Bool
            switch b {
            case 0x0A: progressed = newline(final: final)
            case 0x0D: progressed = carriageReturn(final: final)
            case 0x60: progressed = backticks(final: final)
            case _ where codeTicks > 0:
                emit(position..<position + 1)
                position += 1
                progressed = true
            case 0x5C: progressed = escape(final: final)
            case 0x2A, 0x5F: progressed = emphasis(b, final: final)
            case 0x5B: progressed = openBracket()
            default: progressed = closeBracket(final: final)
            }
            if !progressed { return }
        }
    }

    private mutating func openParagraph(at start: Int) {
        paragraphs.append(ReasoningParagraph(range: start..<start, runs: []))
        inParagraph = true
        style = []
        codeTicks = 0
        link = nil
    }

    private mutating func closeParagraph(at end: Int) {
        if link != nil { abandonLink(upTo: end) }
        paragraphs[paragraphs.count - 1].range = paragraphs[paragraphs.count - 1].range.lowerBound..<end
        inParagraph = false
    }

    private mutating func emit(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let p = paragraphs.count - 1
        paragraphs[p].range = paragraphs[p].range.lowerBound..<range.upperBound
        if let last = paragraphs[p].runs.last, last.style == style, last.link == nil,
            last.range.upperBound == range.lowerBound
        {
            paragraphs[p].runs[paragraphs[p].runs.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            paragraphs[p].runs.append(InlineRun(range: range, style: style, link: nil))
        }
    }

    /// A newline either ends the paragraph (a blank line follows) or is a soft break.
    private mutating func newline(final: Bool) -> Bool {
        var j = position + 1
        while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0D) { j += 1 }
        if j == bytes.count {
            guard final else { return false }
            closeParagraph(at: position)
            position = j
            return true
        }
        if bytes[j] == 0x0A {
            closeParagraph(at: position)
            position = j + 1
            return true
        }
        emit(position..<position + 1)
        position += 1
        return true
    }

    /// A carriage return before a newline is dropped, so CRLF text lays out like LF text.
    private mutating func carriageReturn(final: Bool) -> Bool {
        guard position + 1 < bytes.count else {
            guard final else { return false }
            position += 1
            return true
        }
        if bytes[position + 1] != 0x0A { emit(position..<position + 1) }
        position += 1
        return true
    }

    private mutating func backticks(final: Bool) -> Bool {
        guard let n = runLength(of: 0x60, at: position, final: final) else { return false }
        if codeTicks == 0 {
            codeTicks = n
            style.insert(.code)
        } else if n == codeTicks {
            codeTicks = 0
            style.remove(.code)
        } else {
            emit(position..<position + n)
        }
        position += n
        return true
    }

    private mutating func escape(final: Bool) -> Bool {
        guard position + 1 < bytes.count else {
            guard final else { return false }
            emit(position..<position + 1)
            position += 1
            return true
        }
        if Self.isPunctuation(bytes[position + 1]) {
            // The backslash is left out, which splits the run: runs are contiguous ranges.
            let p = paragraphs.count - 1
            paragraphs[p].runs.append(InlineRun(range: position + 1..<position + 2, style: style, link: nil))
            paragraphs[p].range = paragraphs[p].range.lowerBound..<position + 2
            position += 2
        } else {
            emit(position..<position + 1)
            position += 1
        }
        return true
    }

    private mutating func emphasis(_ delimiter: UInt8, final: Bool) -> Bool {
        guard var remaining = runLength(of: delimiter, at: position, final: final) else { return false }
        let start = paragraphs[paragraphs.count - 1].range.lowerBound
        let before: UInt8 = position > start ? bytes[position - 1] : 0x20
        let afterIndex = position + remaining
        let after: UInt8 = afterIndex < bytes.count ? bytes[afterIndex] : 0x20
        let canOpen = !Self.isSpace(after) && !Self.isWordByte(before)
        let canClose = !Self.isSpace(before) && !Self.isWordByte(after)
        var i = position
        while remaining > 0 {
            if remaining >= 2, style.contains(.bold), boldDelimiter == delimiter, canClose {
                style.remove(.bold); remaining -= 2; i += 2
            } else if style.contains(.italic), italicDelimiter == delimiter, canClose {
                style.remove(.italic); remaining -= 1; i += 1
            } else if remaining >= 2, !style.contains(.bold), canOpen {
                style.insert(.bold); boldDelimiter = delimiter; remaining -= 2; i += 2
            } else if !style.contains(.italic), canOpen {
                style.insert(.italic); italicDelimiter = delimiter; remaining -= 1; i += 1
            } else {
                emit(i..<i + remaining)
                i += remaining
                remaining = 0
            }
        }
        position = i
        return true
    }

    /// A `[` may start a link; an earlier `[` still waiting for its `]` was no link, as in CommonMark.
    private mutating func openBracket() -> Bool {
        if link != nil { abandonLink(upTo: position) }
        link = PendingLink(firstRun: paragraphs[paragraphs.count - 1].runs.count, bracket: position, style: style)
        let p = paragraphs.count - 1
        paragraphs[p].range = paragraphs[p].range.lowerBound..<position + 1
        position += 1
        return true
    }

    private mutating func closeBracket(final: Bool) -> Bool {
        guard link != nil else {
            emit(position..<position + 1)
            position += 1
            return true
        }
        guard position + 1 < bytes.count else {
            guard final else { return false }
            abandonLink(upTo: position)
            return true
        }
        if bytes[position + 1] == 0x28 {
            link!.target = position + 2
            position += 2
        } else {
            abandonLink(upTo: position)
        }
        return true
    }

    /// Reads a link target up to `)`; whitespace or `<`/`>` means it was no link.
    private mutating func scanLinkTarget(from target: Int) -> Bool {
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x29 {
                finishLink(target: target..<position)
                position += 1
                return true
            }
            if Self.isSpace(b) || b == 0x3C || b == 0x3E {
                abandonLink(upTo: position)
                return true
            }
            position += 1
        }
        return false
    }

    private mutating func finishLink(target: Range<Int>) {
        let p = paragraphs.count - 1
        let first = link!.firstRun
        if first == paragraphs[p].runs.count {
            paragraphs[p].runs.append(InlineRun(range: target, style: link!.style, link: target))
        } else {
            for r in first..<paragraphs[p].runs.count { paragraphs[p].runs[r].link = target }
        }
        paragraphs[p].range = paragraphs[p].range.lowerBound..<target.upperBound + 1
        link = nil
    }

    /// The bracket turns out to be plain text: put `[` back, and `](target` if it was read.
    private mutating func abandonLink(upTo end: Int) {
        guard let pending = link else { return }
        link = nil
        let p = paragraphs.count - 1
        if let target = pending.target {
            let saved = style
            style = pending.style
            emit(target - 2..<end)
            style = saved
        }
        paragraphs[p].runs.insert(
            InlineRun(range: pending.bracket..<pending.bracket + 1, style: pending.style, link: nil),
            at: pending.firstRun)
        mergeRuns(of: p, around: pending.firstRun)
    }

    private mutating func mergeRuns(of p: Int, around i: Int) {
        var runs = paragraphs[p].runs
        paragraphs[p].runs = []
        var k = max(i - 1, 0)
        while k < min(i + 1, runs.count - 1) {
            if runs[k].style == runs[k + 1].style, runs[k].link == nil, runs[k + 1].link == nil,
                runs[k].range.upperBound == runs[k + 1].range.lowerBound
            {
                runs[k].range = runs[k].range.lowerBound..<runs[k + 1].range.upperBound
                runs.remove(at: k + 1)
            } else {
                k += 1
            }
        }
        paragraphs[p].runs = runs
    }
}
