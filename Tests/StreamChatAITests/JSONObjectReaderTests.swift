import TestSupport
import Testing
@testable import StreamChatAI

/// What reading `text` member by member gives: each member's key and, when
/// `read(index)` says so, its value (nil when it was skipped); or the error.
private func members(_ text: [UInt8], limits: JSONLimits = .default, read: (Int) -> Bool = { _ in true }) -> Result<[(String, JSONValue?)]?, JSONError> {
    text.withUnsafeBytes { bytes in
        do throws(JSONError) {
            guard var object = try JSONObjectReader(bytes, limits: limits) else { return .success(nil) }
            var out: [(String, JSONValue?)] = []
            while try object.nextMember() {
                let key = object.key
                out.append((key, read(out.count) ? .some(try object.readValue()) : .none))
            }
            return .success(out)
        } catch {
            return .failure(error)
        }
    }
}

private func members(_ text: String, read: (Int) -> Bool = { _ in true }) -> Result<[(String, JSONValue?)]?, JSONError> {
    members(Array(text.utf8), read: read)
}

/// The reader agrees with the parser on `text`: the same error, or the same
/// members (in order, duplicates kept) for the values it read.
private func agreesWithParser(_ text: [UInt8], read: (Int) -> Bool) -> Bool {
    let parsed = Result { () throws(JSONError) in try JSONParser.parse(text) }
    switch (members(text, read: read), parsed) {
    case (.success(nil), .success(let value)): return value.objectValue == nil
    case (.success(nil), .failure): return true  // not an object: the reader leaves it to the parser
    case (.success(let got?), .success(.object(let object))):
        return got.count == object.count && zip(got, object).allSatisfy { mine, theirs in
            mine.0 == theirs.0 && (mine.1.map { $0 == theirs.1 } ?? true)
        }
    case (.failure(let mine), .failure(let theirs)): return "\(mine)" == "\(theirs)"
    default: return false
    }
}

@Suite struct JSONObjectReaderTests {
    @Test func `members are read in order with duplicates kept, keys compared as bytes`() throws {
        let text = Array(#"{"type":"a","n":1,"type":{"x":[1,2]},"":true}"#.utf8)
        let got = try members(text).get()
        #expect(got?.map(\.0) == ["type", "n", "type", ""])
        #expect(got?[2].1 == ["x": [1, 2]])
        try text.withUnsafeBytes { bytes in
            guard var object = try JSONObjectReader(bytes) else {
                Issue.record("an object read as another value")
                return
            }
            var steps: [String] = []
            while try object.nextMember() {
                let key = object.key
                let isType = object.keyIs("type"), near = object.keyIs("typ") || object.keyIs("types"), empty = object.keyIs("")
                switch steps.count {
                case 0: steps.append("\(key) \(isType) \(near) \(try object.readString() ?? "-")")
                case 1: steps.append("\(key) \(try object.readString() ?? "skipped")")  // a number
                case 2: steps.append("\(key) \(try object.readBool().map(String.init) ?? "skipped")")  // an object
                default: steps.append("\(empty) \(try object.readBool().map(String.init) ?? "-")")
                }
            }
            let again = try object.nextMember()
            #expect(steps == ["type true false a", "n skipped", "type skipped", "true true"])
            #expect(!again)
        }
    }

    @Test func `a key or string with escapes reads as its decoded text`() throws {
        let text = Array(#"{"ty\u0070e":"text\u002ddelta","k\"q":"caf\u00e9 \ud83d\ude00"}"#.utf8)
        try text.withUnsafeBytes { bytes in
            guard var object = try JSONObjectReader(bytes) else {
                Issue.record("an object read as another value")
                return
            }
            _ = try object.nextMember()
            let first = (object.keyIs("type"), object.key)
            var seen: [UInt8] = []
            let wasString = try object.readStringBytes { seen = Array($0) }
            _ = try object.nextMember()
            let second = (object.key, try object.readString())
            #expect(first == (true, "type"))
            #expect(wasString && seen == Array("text-delta".utf8))
            #expect(second == ("k\"q", "café 😀"))
        }
    }

    @Test func `a key set finds names from bytes, the empty name and names of one length included`() {
        let set = JSONKeySet(["id", "io", "", "delta"])
        func find(_ text: String) -> Int? { Array(text.utf8).withUnsafeBytes { set.index(of: $0) } }
        #expect(find("id") == 0 && find("io") == 1 && find("") == 2 && find("delta") == 3)
        #expect(find("ix") == nil && find("deltas") == nil && find(String(repeating: "x", count: 100)) == nil)
        #expect(JSONKeySet([]).index(of: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }

    @Test func `a value that is not read is still checked`() {
        guard case .failure(let error) = members(#"{"a":[1,2,tru],"b":1}"#, read: { _ in false }) else {
            Issue.record("a broken value that was skipped passed")
            return
        }
        #expect("\(error)".contains("$.a[2]"))
        for broken in [#"{"a":"\u12"}"#, #"{"a":"\ud800"}"#, "{\"a\":\"\u{1}\"}", #"{"a":01}"#, #"{"a":{"b" 1}}"#, #"{"a":1e999}"#, #"{"a":1} x"#] {
            #expect(agreesWithParser(Array(broken.utf8), read: { _ in false }), "\(broken)")
            if case .success = members(broken, read: { _ in false }) { Issue.record("\(broken) passed") }
        }
        let invalidUTF8: [UInt8] = Array(#"{"a":"x"#.utf8) + [0xC3, 0x28] + Array(#"","b":2}"#.utf8)
        #expect(agreesWithParser(invalidUTF8, read: { _ in false }))
        if case .success = members(invalidUTF8, read: { _ in false }) { Issue.record("invalid UTF-8 in a skipped string passed") }
    }

    @Test func `another value than an object reads as nil, and a byte order mark is allowed`() throws {
        #expect(try members("[1]").get() == nil)
        #expect(try members(" \"x\"").get() == nil)
        #expect(try members("{}").get()?.isEmpty == true)
        #expect(try members([0xEF, 0xBB, 0xBF] + Array(#" {"a":1} "#.utf8)).get()?.map(\.0) == ["a"])
        if case .success = members("") { Issue.record("empty input passed") }
        if case .success = members(Array(repeating: 0x20, count: 10) + Array("{}".utf8), limits: JSONLimits(maxDepth: 64, maxBytes: 8)) {
            Issue.record("a document over the size limit passed")
        }
    }

    @Test func `nesting in a skipped value is bounded like nesting in a parsed one`() {
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        guard case .failure(let error) = members(deep, read: { _ in false }) else {
            Issue.record("100,000 levels were skipped")
            return
        }
        #expect(error.kind == .limitExceeded)
    }

    @Test func `random mutations of objects read as the parser reads them, with any members skipped`() {
        let seeds = [
            #"{"type":"text-delta","id":"t1","delta":"hello \"world\"\n"}"#,
            #"{"type":"tool-input-available","toolCallId":"c","toolName":"x","input":{"q":[1,2.5,-3e2,null,true,false],"s":"\u00e9"}}"#,
            #"{ "a" : { "b" : [ { } , [ ] ] } , "c" : "" , "\u0041" : 0 }"#,
            #"{"k\"":"v\\","n":-0.0e+1}"#,
        ]
        var random = SeededRandom(state: 0x0b7ec7)
        let alphabet = Array(#"{}[]":,\ u0tfn1.-e"#.utf8) + [0x80, 0xC3, 0xFF, 0x0A, 0x01]
        for round in 0..<4_000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                }
            }
            let pattern = random.next()
            let read: (Int) -> Bool = { pattern >> UInt64($0 % 64) & 1 == 1 }
            #expect(agreesWithParser(bytes, read: read), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
