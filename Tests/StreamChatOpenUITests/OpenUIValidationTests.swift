import StreamChatAI
import Testing
@testable import StreamChatOpenUI

/// The validation rules (spec §5.4) where the fixtures' 19 cases leave a choice, decided as a JavaScript client
/// decides them (expected values printed by Node.js): lengths in UTF-16 code units, `min` and `max` reading text with
/// `parseFloat`, the email pattern with JavaScript's `\s`; and rules of any size, which never trap.
@Suite struct OpenUIValidationTests {
    static func fails(_ value: OpenUIValue, _ rules: [(String, OpenUIValue)]) -> Bool {
        OpenUIValidation.failure(of: value, rules: OpenUIObject(rules)) != nil
    }

    @Test func `a length rule of any size is compared, never converted: 1e300 or -1e19 do not trap`() {
        for size in [1e300, 1e19, -1e19, -1e300, .infinity, Double(Int.max)] {
            #expect(Self.fails(.string("ab"), [("minLength", .number(size))]) == (2 < size), "minLength \(size)")
            #expect(Self.fails(.string("ab"), [("maxLength", .number(size))]) == (2 > size), "maxLength \(size)")
        }
        // A fractional rule too: "ab" is shorter than 2.5.
        #expect(Self.fails(.string("ab"), [("minLength", .number(2.5))]) && !Self.fails(.string("abc"), [("minLength", .number(2.5))]))
    }

    @Test func `a form whose rule is 1e300 long is checked on submit without trapping`() throws {
        let reply = OpenUIReply(library: .chat)
        reply.update(text: """
        root = Card([Form("f", Buttons([Button("Go", @ToAssistant("x"))]), [FormControl("Name", Input("name", "", "text", {minLength: 1e300}))])])
        """, isStreaming: false)
        let root = try #require(reply.render().root)
        var input: String?, button: String?
        root.walk { node, _ in
            if node.type == "Input" { input = node.id }
            if node.type == "Button" { button = node.id }
        }
        let field = try #require(input)
        _ = reply.input(nodeID: field, value: .string("ab"))
        let submitted = reply.trigger(nodeID: try #require(button))
        #expect(submitted.events.isEmpty && submitted.invalidFields[field] == "Enter at least 1e+300 characters")
    }

    @Test func `lengths count UTF-16 code units, as a browser's maxLength does`() {
        // An emoji and an "é" written as "e" with a combining accent are one character each, and 2 code units.
        #expect(Self.fails(.string("😀"), [("maxLength", .number(1))]) && !Self.fails(.string("😀"), [("maxLength", .number(2))]))
        #expect(!Self.fails(.string("e\u{301}"), [("minLength", .number(2))]) && Self.fails(.string("\u{E9}"), [("minLength", .number(2))]))
    }

    @Test func `min and max read text with parseFloat and let a value with no number pass`() {
        #expect(Self.fails(.string("12abc"), [("max", .number(5))]))   // parseFloat gives 12
        #expect(!Self.fails(.string("abc"), [("min", .number(5))]))    // no number: for `numeric` to refuse
        #expect(!Self.fails(.bool(true), [("min", .number(5))]))
        #expect(!Self.fails(.string(" 7 "), [("min", .number(5))]) && Self.fails(.string(" 7 "), [("max", .number(5))]))
        #expect(Self.fails(.array([.number(3)]), [("min", .number(5))]))  // its text is "3"
        #expect(Self.fails(.number(4), [("min", .number(5))]) && !Self.fails(.number(5), [("max", .number(5))]))
    }

    @Test func `email takes any dot after the @ with something on both sides, and JavaScript's whitespace`() {
        let cases: [(String, Bool)] = [
            ("a@b.c.", true), ("a@b..", true), ("a@.b", false), ("a@b.c", true), ("a@b", false), ("@b.c", false),
            ("a@@b.c", false), ("a@b@c.d", false), ("a\u{FEFF}@b.c", false), ("a\u{85}@b.c", true), ("a b@c.d", false),
            ("a@b.\u{A0}", false), ("é@ü.de", true),
        ]
        for (text, valid) in cases {
            #expect(OpenUIValidation.isEmail(text) == valid, "\(text.debugDescription)")
        }
    }

    @Test func `numeric takes text that is not blank by JavaScript's trim and that parseFloat reads`() {
        #expect(OpenUIValidation.isNumeric(.string("\u{FEFF}7")) && OpenUIValidation.isNumeric(.string("12abc")))
        #expect(!OpenUIValidation.isNumeric(.string("\u{FEFF} ")) && !OpenUIValidation.isNumeric(.string("\u{85}7")))
    }
}
