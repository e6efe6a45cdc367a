/// Turns a reply's text into program text (spec §1.2): fence extraction,
/// then comment stripping. It reads left to right and keeps its state, so a
/// streamed reply is prepared a chunk at a time in time proportional to the chunk.
///
/// - A fence opens with three backticks at the start of a line (up to three
///   spaces before them), with or without a language tag. When the text has
///   fences, only their contents count, joined with newlines; before the first
///   fence arrives, the whole text is program (and a fence that arrives later
///   replaces it: ``restartCount`` tells).
/// - Inside a fence, a line starting with three backticks closes it, unless a
///   double-quoted string is open; single quotes don't shield.
/// - `//` and `#` start a comment to the end of the line, outside strings
///   (which may span lines).
struct OpenUISourcePreparer {
    /// The program text so far.
    private(set) var text: [UInt8] = []
    /// How many times the program text was replaced rather than extended (a first fence arrived).
    private(set) var restartCount = 0

    private var sawFence = false
    private var inFence = false
    /// Bytes of the current raw line not yet decided (it may still become a fence line).
    private var line: [UInt8] = []
    private var fenceString = StringTracker()
    private var stripper = CommentStripper()

    /// Takes the next raw bytes.
    mutating func feed(_ bytes: some Collection<UInt8>) {
        for b in bytes {
            line.append(b)
            if b == 0x0A { finishLine(complete: true) }
        }
        // A partial line that can't be a fence line needn't wait for its end; nor can the rest
        // of a line whose start was already taken (a chunk may end anywhere).
        if !line.isEmpty, !(fenceString.atLineStart && Self.mayBeFenceLine(line)) { finishLine(complete: false) }
    }

    /// The raw text ended: a held partial line is taken as it is.
    mutating func finish() {
        if !line.isEmpty { finishLine(complete: false) }
        stripper.finish(into: &text)
    }

    /// Whether `line` (without its end) may still become a fence line.
    private static func mayBeFenceLine(_ line: [UInt8]) -> Bool {
        var i = 0
        while i < line.count, i < 3, line[i] == 0x20 { i += 1 }
        var ticks = 0
        while i < line.count, line[i] == 0x60, ticks < 3 { i += 1; ticks += 1 }
        return ticks == 3 || i == line.count
    }

    private static func isFenceLine(_ line: [UInt8]) -> Bool {
        var i = 0
        while i < line.count, i < 3, line[i] == 0x20 { i += 1 }
        return line.count >= i + 3 && line[i] == 0x60 && line[i + 1] == 0x60 && line[i + 2] == 0x60
    }

    /// Handles the held line: a fence line toggles the fence; any other line
    /// is program text, or prose once the text has fences and none is open.
    private mutating func finishLine(complete: Bool) {
        defer { line.removeAllKeepingRoom() }
        if fenceString.atLineStart, Self.isFenceLine(line), !(inFence && fenceString.inDoubleQuotes) {
            if !sawFence {
                // The first fence: what came before was prose, and the program starts again.
                sawFence = true
                text.removeAll(keepingCapacity: true)
                stripper = CommentStripper()
                restartCount += 1
            } else if !inFence, !text.isEmpty {
                emit([0x0A])  // the contents of fences join with newlines
            }
            inFence.toggle()
            fenceString = StringTracker()
            return
        }
        fenceString.track(line)
        if !sawFence || inFence { emit(line) }
    }

    private mutating func emit(_ bytes: [UInt8]) {
        stripper.strip(bytes, into: &text)
    }
}

/// Whether a double-quoted string is open, and whether the next byte starts a line.
private struct StringTracker {
    var inDoubleQuotes = false
    var escaped = false
    var atLineStart = true

    mutating func track(_ bytes: [UInt8]) {
        for b in bytes {
            if inDoubleQuotes {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inDoubleQuotes = false }
            } else if b == 0x22 {
                inDoubleQuotes = true
            }
            atLineStart = b == 0x0A
        }
    }
}

/// Drops `//` and `#` comments outside strings, keeping the newline that ends them.
private struct CommentStripper {
    private var quote: UInt8 = 0
    private var escaped = false
    private var inComment = false
    private var pendingSlash = false

    /// A `/` held back to see whether a second one follows is text after all.
    mutating func finish(into out: inout [UInt8]) {
        if pendingSlash {
            pendingSlash = false
            out.append(0x2F)
        }
    }

    mutating func strip(_ bytes: [UInt8], into out: inout [UInt8]) {
        for b in bytes {
            if inComment {
                if b == 0x0A {
                    inComment = false
                    out.append(b)
                }
                continue
            }
            if quote != 0 {
                out.append(b)
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == quote { quote = 0 }
                continue
            }
            if pendingSlash {
                pendingSlash = false
                if b == 0x2F {
                    inComment = true
                    continue
                }
                out.append(0x2F)
            }
            switch b {
            case 0x2F: pendingSlash = true
            case 0x23: inComment = true
            case 0x22, 0x27:
                quote = b
                out.append(b)
            default: out.append(b)
            }
        }
    }
}
