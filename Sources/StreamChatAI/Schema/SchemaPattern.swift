/// A JSON Schema `pattern`: the ECMA-262 regular expressions schemas use,
/// matched anywhere in a string (patterns are not anchored).
///
/// Supported: literals and escapes (`\n`, `\t`, `\uXXXX`, `\xHH`, escaped
/// punctuation), `.`, classes `[a-z]`/`[^...]`, `\d \w \s \D \W \S`, anchors
/// `^ $`, word boundaries `\b \B`, groups `( )`, `(?: )`, `(?<name> )`,
/// alternation `|`, and quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy.
/// Lookarounds and back-references are refused when the schema is read.
///
/// Matching backtracks with a step budget, so a hostile pattern (such as
/// `(a+)+$`) can't hang the host: past the budget the match is reported as
/// too costly instead.
struct SchemaPattern: Sendable {
    /// One element of a compiled pattern. A plain struct rather than an
    /// indirect enum with payloads: enum payloads keep tag bits inside
    /// pointers, which memory checkers then take for leaks.
    struct Node: Sendable {
        enum Kind: Sendable { case scalar, any, set, start, end, wordBoundary, group, repeating }
        var kind: Kind
        var scalar: Unicode.Scalar = "\0"
        var set = CharacterSet()
        /// For `set`: the set is negated; for `wordBoundary`: `\B`.
        var negated = false
        var alternatives: [[Node]] = []
        var inner: [Node] = []
        var min = 0, max = 0
        var lazy = false

        static func scalar(_ c: Unicode.Scalar) -> Node { Node(kind: .scalar, scalar: c) }
        static let any = Node(kind: .any)
        static let start = Node(kind: .start)
        static let end = Node(kind: .end)
        static func set(_ set: CharacterSet, negated: Bool) -> Node { Node(kind: .set, set: set, negated: negated) }
        static func wordBoundary(_ wanted: Bool) -> Node { Node(kind: .wordBoundary, negated: !wanted) }
        static func group(_ alternatives: [[Node]]) -> Node { Node(kind: .group, alternatives: alternatives) }
        static func repeating(_ node: Node, min: Int, max: Int, lazy: Bool) -> Node {
            Node(kind: .repeating, inner: [node], min: min, max: max, lazy: lazy)
        }
    }

    /// Ranges of scalars plus class escapes.
    struct CharacterSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [@Sendable (Unicode.Scalar) -> Bool] = []

        func contains(_ c: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(c.value) } || classes.contains { $0(c) }
        }
    }

    /// The most backtracking steps one match may take.
    static let stepBudget = 200_000
    /// The deepest nesting of repeated groups followed while matching.
    static let depthBudget = 2_000
    /// The deepest nesting of groups a pattern may have.
    static let maxGroupNesting = 256

    let alternatives: [[Node]]

    /// Compiles `pattern`, or throws a message saying what is wrong.
    init(_ pattern: String) throws(PatternError) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        alternatives = try parser.alternation()
        if parser.i < parser.scalars.count { throw PatternError(message: "unbalanced ')' at \(parser.i)") }
    }

    /// Whether the pattern matches somewhere in `text`; nil when the match
    /// took more than the step budget.
    func search(_ text: String) -> Bool? {
        var matcher = Matcher(text: Array(text.unicodeScalars))
        // A pattern whose every alternative starts with ^ can only match at 0.
        let anchored = alternatives.allSatisfy { $0.first?.kind == .start }
        for start in 0...(anchored ? 0 : matcher.text.count) {
            if matcher.alternatives(alternatives, start, { _, _ in true }) { return true }
            if matcher.aborted { return nil }
        }
        return false
    }

    struct PatternError: Error, Sendable {
        let message: String
    }

    // MARK: - Parsing

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0
        var nesting = 0

        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < scalars.count ? scalars[i + offset] : nil }

        mutating func alternation() throws(PatternError) -> [[Node]] {
            guard nesting <= SchemaPattern.maxGroupNesting else {
                throw PatternError(message: "groups nest deeper than \(SchemaPattern.maxGroupNesting) levels")
            }
            guard StackGuard.hasRoom() else { throw PatternError(message: StackGuard.refusal) }
            var alternatives: [[Node]] = [try sequence()]
            while peek() == "|" {
                i += 1
                alternatives.append(try sequence())
            }
            return alternatives
        }

        mutating func sequence() throws(PatternError) -> [Node] {
            var nodes: [Node] = []
            while let c = peek(), c != "|", c != ")" {
                var node = try atom()
                if let (min, max) = try quantifier() {
                    if node.kind == .start || node.kind == .end || node.kind == .wordBoundary {
                        throw PatternError(message: "nothing to repeat at \(i)")
                    }
                    var lazy = false
                    if peek() == "?" { lazy = true; i += 1 }
                    node = .repeating(node, min: min, max: max, lazy: lazy)
                    if let next = peek(), "*+?".unicodeScalars.contains(next) {
                        throw PatternError(message: "nothing to repeat at \(i)")
                    }
                }
                nodes.append(node)
            }
            return nodes
        }

        mutating func quantifier() throws(PatternError) -> (Int, Int)? {
            switch peek() {
            case "*": i += 1; return (0, .max)
            case "+": i += 1; return (1, .max)
            case "?": i += 1; return (0, 1)
            case "{":
                var j = i + 1
                func number(_ j: inout Int) -> Int? {
                    var value = 0, digits = 0
                    while j < scalars.count, let d = scalars[j].properties.numericType == .decimal ? Int(String(scalars[j])) : nil {
                        value = min(value * 10 + d, 100_000)
                        digits += 1
                        j += 1
                    }
                    return digits > 0 ? value : nil
                }
                guard let low = number(&j) else { return nil }  // a literal "{"
                var high = low
                if j < scalars.count, scalars[j] == "," {
                    j += 1
                    high = number(&j) ?? .max
                }
                guard j < scalars.count, scalars[j] == "}" else { return nil }
                guard low <= high else { throw PatternError(message: "{\(low),\(high)} is out of order") }
                i = j + 1
                return (low, high)
            default:
                return nil
            }
        }

        mutating func atom() throws(PatternError) -> Node {
            let c = scalars[i]
            i += 1
            switch c {
            case ".": return .any
            case "^": return .start
            case "$": return .end
            case "[": return try characterClass()
            case "(":
                if peek() == "?" {
                    if peek(1) == ":" {
                        i += 2
                    } else if peek(1) == "<", let third = peek(2), third != "=", third != "!" {
                        guard let close = scalars[i...].firstIndex(of: ">") else { throw PatternError(message: "unclosed group name") }
                        i = close + 1
                    } else {
                        throw PatternError(message: "lookarounds and other (? groups are not supported")
                    }
                }
                nesting += 1
                let inner = try alternation()
                nesting -= 1
                guard peek() == ")" else { throw PatternError(message: "unclosed group") }
                i += 1
                return .group(inner)
            case "*", "+", "?": throw PatternError(message: "nothing to repeat at \(i - 1)")
            case "\\": return try escape(inClass: false)
            default: return .scalar(c)
            }
        }

        mutating func escape(inClass: Bool) throws(PatternError) -> Node {
            guard let e = peek() else { throw PatternError(message: "a pattern can't end with \\") }
            i += 1
            switch e {
            case "d": return .set(CharacterSet(classes: [Self.isDigit]), negated: false)
            case "D": return .set(CharacterSet(classes: [Self.isDigit]), negated: true)
            case "w": return .set(CharacterSet(classes: [Self.isWord]), negated: false)
            case "W": return .set(CharacterSet(classes: [Self.isWord]), negated: true)
            case "s": return .set(CharacterSet(classes: [Self.isSpace]), negated: false)
            case "S": return .set(CharacterSet(classes: [Self.isSpace]), negated: true)
            case "b" where !inClass: return .wordBoundary(true)
            case "B" where !inClass: return .wordBoundary(false)
            case "b": return .scalar("\u{8}")
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "t": return .scalar("\t")
            case "f": return .scalar("\u{C}")
            case "v": return .scalar("\u{B}")
            case "0": return .scalar("\0")
            case "u", "x":
                let count = e == "u" ? 4 : 2
                guard i + count <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[i..<i + count])), radix: 16),
                      let scalar = Unicode.Scalar(value)
                else { throw PatternError(message: "\\\(e) needs \(count) hex digits") }
                i += count
                return .scalar(scalar)
            case "1"..."9": throw PatternError(message: "back-references are not supported")
            default:
                if e.properties.isAlphabetic { throw PatternError(message: "unknown escape \\\(e)") }
                return .scalar(e)
            }
        }

        /// One atom of a character class, starting at `c`: an escape or a scalar.
        mutating func classAtom(_ c: Unicode.Scalar) throws(PatternError) -> Node {
            i += 1
            return c == "\\" ? try escape(inClass: true) : .scalar(c)
        }

        mutating func characterClass() throws(PatternError) -> Node {
            var set = CharacterSet()
            var negated = false
            if peek() == "^" { negated = true; i += 1 }
            while let c = peek(), c != "]" {
                let low = try classAtom(c)
                if low.kind == .set {
                    let inner = low.set, innerNegated = low.negated
                    let member: @Sendable (Unicode.Scalar) -> Bool = { inner.contains($0) != innerNegated }
                    set.classes.append(member)
                    continue
                }
                guard low.kind == .scalar else { continue }
                let lowScalar = low.scalar
                if peek() == "-", let next = peek(1), next != "]" {
                    i += 1
                    let high = try classAtom(next)
                    guard high.kind == .scalar, lowScalar.value <= high.scalar.value else {
                        throw PatternError(message: "a character range is out of order or not a range")
                    }
                    set.ranges.append(lowScalar.value...high.scalar.value)
                } else {
                    set.ranges.append(lowScalar.value...lowScalar.value)
                }
            }
            guard peek() == "]" else { throw PatternError(message: "unclosed [") }
            i += 1
            return .set(set, negated: negated)
        }

        static let isDigit: @Sendable (Unicode.Scalar) -> Bool = { $0.value >= 0x30 && $0.value <= 0x39 }
        static let isWord: @Sendable (Unicode.Scalar) -> Bool = {
            let v = $0.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
        }
        static let isSpace: @Sendable (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace || $0.value == 0xFEFF }
    }

    // MARK: - Matching

    private struct Matcher {
        let text: [Unicode.Scalar]
        var steps = 0
        var depth = 0
        var aborted = false

        init(text: [Unicode.Scalar]) { self.text = text }

        mutating func tick() -> Bool {
            steps += 1
            if steps > SchemaPattern.stepBudget || depth > SchemaPattern.depthBudget { aborted = true }
            // Matching recurses a frame or two a pattern element: a long pattern must not overflow a small stack.
            if steps & 3 == 0, !StackGuard.hasRoom() { aborted = true }
            return !aborted
        }

        mutating func alternatives(_ alternatives: [[Node]], _ position: Int, _ k: (inout Matcher, Int) -> Bool) -> Bool {
            for alternative in alternatives {
                if sequence(alternative[...], position, k) { return true }
                if aborted { return false }
            }
            return false
        }

        /// Whether one character-level node matches at `position`.
        func single(_ node: Node, _ position: Int) -> Bool? {
            switch node.kind {
            case .scalar: return position < text.count && text[position] == node.scalar
            case .any: return position < text.count && text[position] != "\n" && text[position] != "\r"
            case .set: return position < text.count && node.set.contains(text[position]) != node.negated
            default: return nil
            }
        }

        func isWordAt(_ position: Int) -> Bool {
            position >= 0 && position < text.count && Parser.isWord(text[position])
        }

        mutating func sequence(_ nodes: ArraySlice<Node>, _ position: Int, _ k: (inout Matcher, Int) -> Bool) -> Bool {
            guard tick() else { return false }
            guard let node = nodes.first else { return k(&self, position) }
            let rest = nodes.dropFirst()
            if let hit = single(node, position) {
                return hit && sequence(rest, position + 1, k)
            }
            switch node.kind {
            case .start: return position == 0 && sequence(rest, position, k)
            case .end: return position == text.count && sequence(rest, position, k)
            case .wordBoundary:
                return (isWordAt(position - 1) != isWordAt(position)) != node.negated && sequence(rest, position, k)
            case .group:
                depth += 1
                defer { depth -= 1 }
                return alternatives(node.alternatives, position) { m, p in m.sequence(rest, p, k) }
            case .repeating:
                let inner = node.inner[0], min = node.min, max = node.max, lazy = node.lazy
                if single(inner, position) != nil {
                    // A run of single characters: count it, then try lengths without recursing per character.
                    var count = 0
                    while count < max, single(inner, position + count) == true { count += 1 }
                    guard count >= min else { return false }
                    if lazy {
                        for n in min...count { if sequence(rest, position + n, k) { return true }; if aborted { return false } }
                    } else {
                        for n in stride(from: count, through: min, by: -1) {
                            if sequence(rest, position + n, k) { return true }
                            if aborted { return false }
                        }
                    }
                    return false
                }
                return repeated(inner, min, max, lazy, 0, position) { m, p in m.sequence(rest, p, k) }
            default:
                return false
            }
        }

        mutating func repeated(_ node: Node, _ min: Int, _ max: Int, _ lazy: Bool, _ count: Int, _ position: Int,
                               _ k: (inout Matcher, Int) -> Bool) -> Bool {
            guard tick() else { return false }
            depth += 1
            defer { depth -= 1 }
            if count < min {
                return sequence([node][...], position) { m, p in m.repeated(node, min, max, lazy, count + 1, p, k) }
            }
            if lazy {
                if k(&self, position) { return true }
                if aborted || count >= max { return false }
                return sequence([node][...], position) { m, p in p != position && m.repeated(node, min, max, lazy, count + 1, p, k) }
            }
            if count < max, sequence([node][...], position, { m, p in p != position && m.repeated(node, min, max, lazy, count + 1, p, k) }) {
                return true
            }
            return !aborted && k(&self, position)
        }
    }
}
