import TestSupport
import Testing
@testable import StreamChatAI

@Suite struct JSONParserTests {
    func parse(_ text: String, limits: JSONLimits = .default) throws -> JSONValue {
        try JSONParser.parse(text, limits: limits)
    }

    func failure(_ text: String, limits: JSONLimits = .default) -> JSONError? {
        do {
            _ = try JSONParser.parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func failure(bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func `integers and floats are kept apart`() throws {
        #expect(try parse("1") == .integer(1))
        #expect(try parse("1.0") == .number(1.0))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("1e3") == .number(1000))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("9223372036854775808") == .number(9223372036854775808.0))
        #expect(try parse("0.1") == .number(0.1))
    }

    @Test func `a decimal reads as the double nearest to it, short or long`() throws {
        var g = SeededRandom(state: 5)
        var texts = ["0.1", "-0.0", "0.000000000000001", "999999999999999.9", "123456789012345.6", "1.000000000000001",
                     "0.1000000000000000055511151231257827", "9007199254740993.5", "1.5e2", "-12.5E-3", "2.2250738585072014e-308"]
        for _ in 0..<2_000 {
            let digits = (0..<Int.random(in: 1...20, using: &g)).map { _ in String(Int.random(in: 0...9, using: &g)) }.joined()
            let point = Int.random(in: 1...digits.count, using: &g)
            let whole = String(digits.prefix(point)).drop { $0 == "0" }
            let fraction = digits.dropFirst(point)
            texts.append((Bool.random(using: &g) ? "-" : "") + (whole.isEmpty ? "0" : String(whole)) + "." + (fraction.isEmpty ? "5" : fraction))
        }
        for text in texts {
            let value = try parse(text)
            guard case .number(let d) = value else {
                Issue.record("\(text) read as \(value)")
                continue
            }
            #expect(d.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test func `keys read again are the same keys, whatever their length, bytes or escapes`() throws {
        // Past the first few keys a reader finds repeated keys by their bytes: near misses must stay apart.
        var g = SeededRandom(state: 9)
        let alphabet = Array("ab\u{e9}\u{1F600}\\\"".unicodeScalars)
        var names: [String] = ["", "a", "aaaaaaaa", "aaaaaaaab", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaab", "aaaaaaaaaaaaaaaaa", "baaaaaaa"]
        for _ in 0..<200 {
            var name = ""
            for _ in 0..<Int.random(in: 0...18, using: &g) { name.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &g)]) }
            names.append(name)
        }
        var members: [JSONValue] = []
        for round in 0..<4 {
            for (n, name) in names.enumerated() { members.append(.object(JSONObject([(name, .integer(Int64(round * 1000 + n)))]))) }
        }
        let value = JSONValue.array(members)
        #expect(try JSONParser.parse(JSONSerializer.string(value)) == value)
        // Keys at the very end of the input, with fewer than 16 bytes after them.
        let many = Array(repeating: #"{"a":1}"#, count: 40).joined(separator: ",")
        #expect(try JSONParser.parse("[" + many + #",{"ab":2}]"#)
                == .array(Array(repeating: ["a": 1], count: 40) + [["ab": 2]]))
    }

    @Test func `objects keep key order`() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(JSONSerializer.string(value) == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test func `duplicate keys read as the last one and are all kept`() throws {
        let value = try parse(#"{"a": 1, "a": 2}"#)
        #expect(value["a"] == .integer(2))
        #expect(value.objectValue?.count == 2)
    }

    @Test func `large objects look keys up through an index`() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let value = try parse("{\(members), \"k5\": -5}")
        #expect(value["k99"] == .integer(99))
        #expect(value["k5"] == .integer(-5))
        #expect(value["missing"] == nil)
    }

    @Test func `strings decode every escape`() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC""#) == .string("é€"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse("\"héllo wörld\"") == .string("héllo wörld"))
    }

    @Test func `lone surrogates are refused`() {
        #expect(failure(#""\ud83d""#)?.message.contains("lone high surrogate") == true)
        #expect(failure(#""\ude00""#)?.message.contains("lone low surrogate") == true)
        #expect(failure(#""\ud83d\u0041""#)?.message.contains("not followed by a low surrogate") == true)
    }

    @Test func `errors name the byte offset`() {
        let error = failure(#"{"a": [1, 2,]}"#)
        #expect(error?.offset == 12)
        #expect(error?.kind == .syntax)
    }

    @Test func `errors name the JSON path`() {
        #expect(failure(#"{"a": [1, {"b": nul}]}"#)?.path == "$.a[1].b")
        #expect(failure(#"[{"odd key": x}]"#)?.path == #"$[0]["odd key"]"#)
        #expect(failure(#"{"a": 1 "b": 2}"#)?.message.contains("expected ',' or '}'") == true)
    }

    @Test func `invalid UTF-8 is refused with its offset`() {
        let inString = failure(bytes: Array(#"["ab"#.utf8) + [0xFF] + Array(#""]"#.utf8))
        #expect(inString?.kind == .invalidUTF8)
        #expect(inString?.offset == 4)
        let overlong = failure(bytes: [0x22, 0xC0, 0xAF, 0x22])
        #expect(overlong?.kind == .invalidUTF8)
        let outside = failure(bytes: [0x5B, 0xFE, 0x5D])
        #expect(outside?.kind == .invalidUTF8)
        let surrogateInUTF8 = failure(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22])
        #expect(surrogateInUTF8?.kind == .invalidUTF8)
    }

    /// Each element of `text` through the reader that skips `arguments` and captures `preview`: the element,
    /// and the captured text.
    func elements(skippingAndCapturing text: String) throws -> [(JSONValue, String?)] {
        try elements(Array(text.utf8), skipping: "arguments")
    }

    func elements(_ bytes: [UInt8], skipping: String? = nil) throws -> [(JSONValue, String?)] {
        var out: [(JSONValue, String?)] = []
        _ = try bytes.withUnsafeBytes { bytes in
            try JSONParser.forEachElement(ofArray: bytes, skippingMember: skipping, capturingMember: "preview") { value, _, captured in
                out.append((value, captured.map { String(decoding: $0, as: UTF8.self) }))
            }
        }
        return out
    }

    @Test func `a skipped member is left out of its element and a captured string comes as its bytes, escapes decoded`() throws {
        let read = try elements(skippingAndCapturing: #"""
            [{"a": 1, "arguments": {"x": [1, {"y": "z"}]}, "preview": "one \"two\"\n\u00e9", "b": 2},
             {"preview": "plain é"}, {"preview": 3}, {"preview": "first", "preview": 4}, {"preview": 4, "preview": "last"},
             {"inner": {"arguments": 1, "preview": "kept"}}, ["arguments"], "preview",
             {"preview": "before a list", "list": [1, [2]], "object": {"a": [3]}}]
            """#)
        #expect(read.map(\.1) == [#"one "two""# + "\n\u{e9}", "plain é", nil, nil, "last", nil, nil, nil, "before a list"])
        #expect(read[0].0 == ["a": 1, "b": 2])
        #expect(read[5].0 == ["inner": ["arguments": 1, "preview": "kept"]])
        #expect(read[6].0 == ["arguments"])
    }

    @Test func `a skipped or captured member is checked as strictly as the rest, its errors named by path`() {
        #expect(throws: JSONError.self) { try elements(skippingAndCapturing: #"[{"arguments": {"a": tru}}]"#) }
        let skipped = #expect(throws: JSONError.self) { try elements(skippingAndCapturing: #"[{"arguments": [1, 2,]}]"#) }
        #expect(skipped?.path.hasPrefix("$[0].arguments") == true)
        let captured = #expect(throws: JSONError.self) { try elements(skippingAndCapturing: #"[{"preview": "bad \q escape"}]"#) }
        #expect(captured?.path == "$[0].preview")
        let invalid = #expect(throws: JSONError.self) { try elements(Array(#"[{"preview": "ab"#.utf8) + [0xFF] + Array(#""}]"#.utf8)) }
        #expect(invalid?.kind == .invalidUTF8)
        let escapedInvalid = #expect(throws: JSONError.self) { try elements(Array(#"[{"preview": "a\n"#.utf8) + [0xC0, 0xAF] + Array(#""}]"#.utf8)) }
        #expect(escapedInvalid?.kind == .invalidUTF8)
    }

    @Test func `nesting deeper than the limit is refused`() throws {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(failure(deep)?.kind == .limitExceeded)
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try parse(ok).arrayValue != nil)
        #expect(failure("[[[]]]", limits: JSONLimits(maxDepth: 2))?.message.contains("limit of 2 levels") == true)
    }

    @Test func `a hostile depth never overflows the stack`() {
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(failure(hostile)?.kind == .limitExceeded)
        #expect(JSONLimits(maxDepth: 1_000_000).maxDepth == JSONLimits.maxDepthCeiling)
    }

    @Test func `documents over the size limit are refused`() {
        let error = failure("[1, 2, 3]", limits: JSONLimits(maxBytes: 4))
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message.contains("9 bytes is over the limit of 4 bytes") == true)
    }

    @Test func `grammar errors`() {
        for bad in ["", " ", "[1,]", "{,}", "[01]", "-", "1.", "1e", "tru", "nul", "\"abc", "[1 2]",
                    "{\"a\" 1}", "{1: 2}", "\"a\u{1}\"", "'a'", "[1] x", "NaN", "Infinity", "\"\\x\"", "\"\\u12G4\""] {
            #expect(failure(bad) != nil, "\(bad.debugDescription) must be refused")
        }
        #expect(failure("1e999")?.message.contains("out of range") == true)
    }

    @Test func `a byte order mark and surrounding whitespace are accepted`() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" \t\r\n[true] \n".utf8)) == .array([.bool(true)]))
    }

    @Test func `serializer round-trips values`() throws {
        let text = #"{"s":"a\"\\\n\u0001é😀","i":-12,"f":1.5,"e":1e-07,"b":[true,false,null],"o":{}}"#
        let value = try parse(text)
        let again = try parse(JSONSerializer.string(value))
        #expect(again == value)
        #expect(JSONSerializer.string(.number(2)) == "2.0")
        #expect(JSONSerializer.string(.number(.nan)) == "null")
        #expect(JSONSerializer.string(.string("\u{1}")) == #""\u0001""#)
    }

    @Test func `pretty output reads back the same`() throws {
        let value = try parse(#"{"a":[1,{"b":null}],"c":"d"}"#)
        let pretty = JSONSerializer.string(value, style: .pretty)
        #expect(pretty.contains("\n  \"a\": ["))
        #expect(try parse(pretty) == value)
    }

    @Test func `random documents round-trip`() throws {
        var rng = SeededRandom(state: 7)
        for _ in 0..<300 {
            let value = randomJSON(&rng)
            #expect(try parse(JSONSerializer.string(value)) == value)
        }
    }
}
