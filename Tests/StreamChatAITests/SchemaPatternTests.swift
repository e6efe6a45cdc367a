import Testing
@testable import StreamChatAI

@Suite struct SchemaPatternTests {
    func matches(_ pattern: String, _ text: String) throws -> Bool? { try SchemaPattern(pattern).search(text) }

    @Test func `patterns search anywhere unless anchored`() throws {
        #expect(try matches("b", "abc") == true)
        #expect(try matches("^b", "abc") == false)
        #expect(try matches("c$", "abc") == true)
        #expect(try matches("^$", "") == true)
    }

    @Test func `classes, escapes and sets`() throws {
        #expect(try matches(#"^\d{3}-\d{4}$"#, "555-1234") == true)
        #expect(try matches(#"^\w+$"#, "snake_case1") == true)
        #expect(try matches(#"^\w+$"#, "two words") == false)
        #expect(try matches(#"\s"#, "a\u{A0}b") == true)
        #expect(try matches(#"^[A-Za-z][A-Za-z0-9_-]*$"#, "get_weather") == true)
        #expect(try matches(#"^[^/]"#, "/etc") == false)
        #expect(try matches(#"^[\d.]+$"#, "1.25") == true)
        #expect(try matches(#"^\u00e9\x41\.$"#, "éA.") == true)
        #expect(try matches(#"^a.c$"#, "a\nc") == false)
    }

    @Test func `quantifiers, groups, alternation, laziness`() throws {
        #expect(try matches("^(ab)+$", "ababab") == true)
        #expect(try matches("^(ab)+$", "ababa") == false)
        #expect(try matches("^(?:cat|dog)s?$", "dogs") == true)
        #expect(try matches("^a{2,3}$", "aaaa") == false)
        #expect(try matches("^a{2,}$", "aaaa") == true)
        #expect(try matches("^a*?b$", "aaab") == true)
        #expect(try matches("^(?<year>[0-9]{4})-(0[1-9]|1[0-2])$", "2026-11") == true)
        #expect(try matches(#"\bcat\b"#, "a cat sat") == true)
        #expect(try matches(#"\bcat\b"#, "concatenate") == false)
        #expect(try matches("^(a|ab)(c|bcd)(d*)$", "abcd") == true)
        #expect(try matches("x{", "x{") == true)
    }

    @Test func `unsupported or broken patterns are refused`() {
        for bad in ["(", ")", "[a-", "a**", "*a", "(?=a)", #"(a)\1"#, #"\q"#, "[z-a]", "a{3,1}", "\\"] {
            #expect(throws: SchemaPattern.PatternError.self, "\(bad)") { try SchemaPattern(bad) }
        }
    }

    @Test func `a hostile pattern gives up instead of hanging`() throws {
        let evil = try SchemaPattern("^(a+)+$")
        #expect(evil.search(String(repeating: "a", count: 40) + "!") == nil)
        let long = try SchemaPattern("^[a-z]+$")
        #expect(long.search(String(repeating: "a", count: 1_000_000)) == true)
    }
}
