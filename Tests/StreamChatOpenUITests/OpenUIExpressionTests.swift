import Testing
@testable import StreamChatOpenUI

/// How expressions parse (spec §1.4): the binary operators' levels, loosest first `||`, `&&`, equality, comparison,
/// `+ -`, `* / %`, each grouping left to right, with unary operators, parentheses and the ternary around them.
@Suite struct OpenUIExpressionTests {
    /// The expression of `x = text`, parsed as a whole program.
    static func parse(_ text: String) -> OpenUIExpression? {
        OpenUIStreamParser(text: "x = \(text)\n").statements.first?.expression
    }

    static func ref(_ name: String) -> OpenUIExpression { .reference(name) }
    static func bin(_ op: String, _ left: OpenUIExpression, _ right: OpenUIExpression) -> OpenUIExpression { .binary(op, left, right) }

    @Test func `binary operators bind by their level, loosest first`() {
        let (a, b, c, d) = (Self.ref("a"), Self.ref("b"), Self.ref("c"), Self.ref("d"))
        #expect(Self.parse("a + b * c") == Self.bin("+", a, Self.bin("*", b, c)))
        #expect(Self.parse("a * b + c") == Self.bin("+", Self.bin("*", a, b), c))
        #expect(Self.parse("a || b && c") == Self.bin("||", a, Self.bin("&&", b, c)))
        #expect(Self.parse("a && b || c") == Self.bin("||", Self.bin("&&", a, b), c))
        #expect(Self.parse("a == b > c") == Self.bin("==", a, Self.bin(">", b, c)))
        #expect(Self.parse("a < b + c") == Self.bin("<", a, Self.bin("+", b, c)))
        #expect(Self.parse("a || b == c && d") == Self.bin("||", a, Self.bin("&&", Self.bin("==", b, c), d)))
        #expect(Self.parse("a % b - c / d") == Self.bin("-", Self.bin("%", a, b), Self.bin("/", c, d)))
    }

    @Test func `operators of one level group left to right`() {
        let (a, b, c, d) = (Self.ref("a"), Self.ref("b"), Self.ref("c"), Self.ref("d"))
        #expect(Self.parse("a - b - c") == Self.bin("-", Self.bin("-", a, b), c))
        #expect(Self.parse("a / b * c % d") == Self.bin("%", Self.bin("*", Self.bin("/", a, b), c), d))
        #expect(Self.parse("a != b == c") == Self.bin("==", Self.bin("!=", a, b), c))
        #expect(Self.parse("a <= b >= c") == Self.bin(">=", Self.bin("<=", a, b), c))
        #expect(Self.parse("a || b || c") == Self.bin("||", Self.bin("||", a, b), c))
    }

    @Test func `unary operators, parentheses and the ternary sit around the binary levels`() {
        let (a, b, c) = (Self.ref("a"), Self.ref("b"), Self.ref("c"))
        #expect(Self.parse("!a && b") == Self.bin("&&", .unary("!", a), b))
        #expect(Self.parse("-a * b") == Self.bin("*", .unary("-", a), b))
        #expect(Self.parse("(a + b) * c") == Self.bin("*", Self.bin("+", a, b), c))
        #expect(Self.parse("a + b ? c : a - b") == .ternary(Self.bin("+", a, b), c, Self.bin("-", a, b)))
        #expect(Self.parse("a.b + c[0]") == Self.bin("+", .member(a, "b"), .index(c, .number(0))))
        // A minus after a value is the operator (grammar/006: `[1 -2]` is one element).
        #expect(Self.parse("[1 -2]") == .array([Self.bin("-", .number(1), .number(2))]))
    }
}
