import StreamChatAI
import Testing
@testable import StreamChatOpenUI

/// Values, operators, keys and rounding as a JavaScript client has them (spec §3.1–§3.4): numbers written and read as
/// ECMA-262's Number::toString and StringToNumber do, loose equality as IsLooselyEqual, strings and keys compared by
/// their code units, array elements named by an index's own form, `@Round` as `Math.round`; and the spec's own rules
/// where it departs from JavaScript (a string that is no number counts as 0, null joins as nothing, a divisor of 0
/// gives 0). Every expected value here was printed by Node.js, with the spec's departures applied.
@Suite struct OpenUICoercionTests {
    /// The text each expression gives, evaluated as `"" + (expression)` in one program (a failed render gives nil).
    static func texts(_ expressions: [String]) -> [String?] {
        let reply = OpenUIReply(library: .chat)
        let items = expressions.map { "TextContent(\"\" + (\($0)))" }.joined(separator: ", ")
        reply.update(text: "root = Card([\(items)])\n", isStreaming: false)
        let children = reply.render().root?.children ?? []
        guard children.count == expressions.count else { return expressions.map { _ in nil } }
        return children.map { $0.props["text"]?.stringValue }
    }

    /// Checks each expression against the text it must give.
    static func check(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (expression, (want, got)) in zip(cases.map(\.0), zip(cases.map(\.1), texts(cases.map(\.0)))) {
            #expect(got == want, "\(expression)", sourceLocation: sourceLocation)
        }
    }

    @Test func `numbers are written as Number::toString writes them: shortest digits, plain from 1e-6 to below 1e21`() {
        // Literals as a program writes them (some are not exactly a double: they are read to the nearest one).
        let cases: [(String, String)] = [
            ("1.5", "1.5"), ("0.30000000000000004", "0.30000000000000004"), ("1e21", "1e+21"), ("1e-7", "1e-7"),
            ("1.5e-7", "1.5e-7"), ("123456789012345680000", "123456789012345680000"), ("5e-324", "5e-324"),
            ("1.7976931348623157e308", "1.7976931348623157e+308"), ("0.000001", "0.000001"), ("100", "100"),
            ("-2.5", "-2.5"), ("0.3333333333333333", "0.3333333333333333"), ("9007199254740993", "9007199254740992"),
            ("1e20", "100000000000000000000"), ("1.2345e22", "1.2345e+22"), ("4.35", "4.35"), ("1234.5678", "1234.5678"),
            ("999999999999999900000", "999999999999999900000"), ("1e300", "1e+300"),
            ("2.220446049250313e-16", "2.220446049250313e-16"), ("-0.000001234", "-0.000001234"), ("0.1", "0.1"),
            ("12e-1", "1.2"), ("100e-2", "1"), ("0.00000123", "0.00000123"), ("1.0", "1"), ("0", "0"), ("-0.0", "0"),
        ]
        for (literal, text) in cases {
            #expect(OpenUIJS.string(Double(literal)!) == text, "\(literal)")
        }
        // The same through a program: the literal read by the lexer, joined to text by `+`.
        Self.check(cases)
    }

    @Test func `strings are read as StringToNumber reads them: trimmed decimals, Infinity and 0x 0o 0b integers, else no number`() {
        let cases: [(String, Double)] = [
            ("1e3", 1000), ("  12  ", 12), ("0x1F", 31), ("0b101", 5), ("0o17", 15), (".5", 0.5), ("5.", 5), ("+5", 5),
            ("-.5e1", -5), ("\t\n 7 \u{00A0}", 7), ("\u{2028} 1 \u{FEFF}", 1), ("Infinity", .infinity),
            ("-Infinity", -.infinity), ("1e400", .infinity), ("1e", .nan), ("e5", .nan), (".", .nan), ("0x", .nan),
            ("-0x10", .nan), ("1_000", .nan), ("12abc", .nan), ("abc", .nan), ("infinity", .nan), ("NaN", .nan),
            ("1.2.3", .nan), ("--1", .nan), ("", 0),
        ]
        for (text, value) in cases {
            let read = OpenUIJS.number(text)
            #expect(read == value || read.isNaN && value.isNaN, "\(text.debugDescription)")
        }
        // In arithmetic a string that is no number counts as 0 (NaN never appears).
        Self.check([(#""1e3" * 1"#, "1000"), (#"" 0x1F " * 1"#, "31"), (#""12abc" * 1"#, "0"), (#""NaN" * 1"#, "0"),
                    (#""Infinity" * 1"#, "Infinity"), (#""" * 1"#, "0")])
    }

    @Test func `plus joins text when either side is a string, null joining as nothing, and else adds numbers`() {
        Self.check([
            (#""a" + null"#, "a"), (#"null + "b""#, "b"), (#""n" + 1.5"#, "n1.5"), (#""x" + true"#, "xtrue"),
            (#"1 + true"#, "2"), (#"null + null"#, "0"), (#""1" + 2"#, "12"), (#"2 + "1""#, "21"), (#"false + null"#, "0"),
            (#"0.1 + 0.2"#, "0.30000000000000004"), (#""" + 1e21"#, "1e+21"),
        ])
    }

    @Test func `minus, times, divide and remainder read both sides as numbers, and a divisor of 0 gives 0`() {
        Self.check([
            (#"7 - "2""#, "5"), (#""3" * "4""#, "12"), (#""abc" * 2"#, "0"), (#"true * 3"#, "3"), (#"null - 1"#, "-1"),
            (#"7 / 2"#, "3.5"), (#"7 / 0"#, "0"), (#"7 / """#, "0"), (#"7 % 0"#, "0"), (#"-7 % 3"#, "-1"),
            (#"7.5 % 2"#, "1.5"), (#"5 % -3"#, "2"), (#"1 / 3"#, "0.3333333333333333"),
        ])
    }

    @Test func `equality is IsLooselyEqual, and the triple forms mean the same`() {
        Self.check([
            (#""1" == 1"#, "true"), (#""" == 0"#, "true"), (#""abc" == 0"#, "false"), (#"null == 0"#, "false"),
            (#"null == null"#, "true"), (#"null == false"#, "false"), (#"true == 1"#, "true"), (#"true == "1""#, "true"),
            (#""true" == true"#, "false"), (#"" 2 " == 2"#, "true"), (#""0x10" == 16"#, "true"), (#"1 != "1""#, "false"),
            (#"5 === "5""#, "true"), (#"5 !== "5""#, "false"), (#"false == """#, "true"), (#"false == "0""#, "true"),
            (#"0 == "abc""#, "false"), (#"16 == "0x10""#, "true"), (#"0 == null"#, "false"),
        ])
    }

    @Test func `comparisons read both sides as numbers, strings too`() {
        Self.check([
            (#""10" > "9""#, "true"), (#""abc" < 1"#, "true"), (#"null >= 0"#, "true"), (#"true > false"#, "true"),
            (#""2" <= 2"#, "true"), (#""a" < "b""#, "false"),
        ])
    }

    @Test func `and and or give the operand that decided; not negates truthiness; unary minus negates the number`() {
        Self.check([
            (#"0 || "x""#, "x"), (#""" || null"#, ""), (#""a" && 2"#, "2"), (#"0 && "x""#, "0"), (#"null || 0"#, "0"),
            (#"!"""#, "true"), (#"!"0""#, "false"), (#"!0"#, "true"), (#"!!"a""#, "true"), (#"-"3""#, "-3"),
            (#"-"abc""#, "0"), (#"-true"#, "-1"), (#"-null"#, "0"),
        ])
    }

    @Test func `strings are equal, and keys the same, only with the same code units, as in JavaScript`() {
        // "é" as one code point, and as "e" with a combining accent: one character to Swift, two strings to JavaScript.
        let (one, two) = ("\u{E9}", "e\u{301}")
        #expect(!OpenUIJS.same(one, two) && OpenUIJS.same(one, "\u{E9}"))
        Self.check([
            ("\"\(one)\" == \"\(two)\"", "false"), ("\"\(one)\" != \"\(two)\"", "true"),
            ("{\"\(one)\": 1, \"\(two)\": 2}[\"\(two)\"]", "2"), ("{\"\(one)\": 1}[\"\(two)\"]", ""),
            ("@Count(@Filter([\"caf\(one)\", \"caf\(two)\"], \"\", \"==\", \"caf\(one)\"))", "1"),
            // `contains` finds code units, so the "e" inside the second "é".
            ("@Count(@Filter([\"\(two)\", \"x\"], \"\", \"contains\", \"e\"))", "1"),
            ("@Count(@Filter([\"ab\", \"b\", \"\"], \"\", \"contains\", \"\"))", "3"),
            // A missing field is "" as a string, which holds "".
            ("@Count(@Filter([{a: \"x\"}, {b: 1}], \"a\", \"contains\", \"\"))", "2"),
        ])
        var object = OpenUIObject()
        object[one] = .number(1)
        object[two] = .number(2)
        #expect(object.members.count == 2 && object[two] == .number(2))
    }

    @Test func `an array is indexed by number: the index is read with toNumber, and must be a whole number in range`() {
        Self.check([
            (#"[10, 20, 30]["1"]"#, "20"), (#"[10, 20, 30]["01"]"#, "20"), (#"[10, 20, 30][" +1 "]"#, "20"),
            (#"[10, 20, 30]["-0"]"#, "10"), (#"[10, 20, 30]["1.0"]"#, "20"), (#"[10, 20, 30]["3"]"#, ""),
            (#"[10, 20, 30][true]"#, "20"), (#"[10, 20, 30]["x"]"#, "10"), (#"[10, 20, 30][1]"#, "20"),
            (#"[10, 20, 30][1.5]"#, ""), (#"[10, 20, 30][-1]"#, ""), (#"[10, 20, 30][null]"#, ""),
            (#"[10, 20, 30].length"#, "3"), (#"{"1": "a"}[1]"#, "a"), (#"{"1": "a"}["1"]"#, "a"),
        ])
    }

    @Test func `a string's length is its UTF-16 length, as a JavaScript client has it`() {
        Self.check([(#""abc".length"#, "3"), (#""".length"#, "0"), ("\"\u{1F600}e\u{301}\".length", "4"), (#""abc".x"#, "")])
    }

    @Test func `@Round rounds as Math.round: the nearest integer, halves up, at any size`() {
        Self.check([
            (#"@Round(0.49999999999999994, 0)"#, "0"), (#"@Round(4503599627370497, 0)"#, "4503599627370497"),
            (#"@Round(-4503599627370497, 0)"#, "-4503599627370497"), (#"@Round(9007199254740991, 0)"#, "9007199254740991"),
            (#"@Round(2.5, 0)"#, "3"), (#"@Round(-2.5, 0)"#, "-2"), (#"@Round(-0.5, 0)"#, "0"), (#"@Round(0.5, 0)"#, "1"),
            (#"@Round(-1.5)"#, "-1"), (#"@Round(1.005, 2)"#, "1"), (#"@Round(2.675, 2)"#, "2.68"),
            (#"@Round(1234.5678, -2)"#, "1200"), (#"@Round(1234.5678, 1)"#, "1234.6"),
        ])
        #expect(OpenUIEvaluator.jsRound(-0.4).sign == .minus && OpenUIEvaluator.jsRound(-0.4) == 0)
    }
}
