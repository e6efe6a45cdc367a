import Testing
@testable import StreamChatAI

@Suite struct JSONPointerTests {
    // The example document of RFC 6901 §5.
    let document: JSONValue = ["foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8]

    @Test func `RFC 6901 section 5: every example pointer evaluates as written`() throws {
        let cases: [(String, JSONValue)] = [
            ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3),
            ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
        ]
        for (text, expected) in cases {
            #expect(document.value(at: try JSONPointer(text)) == expected, "\(text)")
            #expect(try JSONPointer(text).description == text)
        }
    }

    @Test func `bad pointers are refused with what is wrong`() {
        for bad in ["foo", "/a~2", "/a~"] {
            #expect(throws: JSONPointerError.self) { try JSONPointer(bad) }
        }
    }

    @Test func `array indexes are digits without leading zeros, in range`() throws {
        for missing in ["/foo/01", "/foo/2", "/foo/-", "/foo/-1", "/foo/x", "/foo/0/x"] {
            #expect(document.value(at: try JSONPointer(missing)) == nil, "\(missing)")
        }
    }

    @Test func `setting creates objects on the way, dash appends, nil removes`() throws {
        var model: JSONValue = .object([:])
        try model.set("Ann", at: JSONPointer("/user/name"))
        try model.set(["a"], at: JSONPointer("/items"))
        try model.set("b", at: JSONPointer("/items/-"))
        try model.set("A", at: JSONPointer("/items/0"))
        #expect(model == ["user": ["name": "Ann"], "items": ["A", "b"]])
        try model.set(nil, at: JSONPointer("/items/0"))
        try model.set(nil, at: JSONPointer("/user/name"))
        #expect(model == ["user": [:], "items": ["b"]])
        #expect(throws: JSONPointerError.self) { try model.set(1, at: JSONPointer("/items/5")) }
        #expect(throws: JSONPointerError.self) { try model.set(1, at: JSONPointer("/items/0/x")) }
    }

    @Test func `a container made on the way is a list when the next token is an index, else an object`() throws {
        var model: JSONValue = .object([:])
        try model.set("Ann", at: JSONPointer("/rows/0/name"))
        try model.set("Bob", at: JSONPointer("/rows/1/name"))
        try model.set("x", at: JSONPointer("/tags/-"))
        try model.set(1, at: JSONPointer("/user/7a"))
        #expect(model == ["rows": [["name": "Ann"], ["name": "Bob"]], "tags": ["x"], "user": ["7a": 1]])
        // A null on the way is replaced the same way.
        try model.set(nil, at: JSONPointer("/user/7a"))
        try model.set(.null, at: JSONPointer("/user/ids"))
        try model.set(true, at: JSONPointer("/user/ids/0"))
        #expect(model.value(at: try JSONPointer("/user/ids")) == [true])
        // An index past the end of the new list is refused, and nothing is left behind.
        let before = model
        #expect(throws: JSONPointerError.self) { try model.set(1, at: JSONPointer("/rows/5/name")) }
        #expect(throws: JSONPointerError.self) { try model.set(1, at: JSONPointer("/fresh/3")) }
        #expect(throws: JSONPointerError.self) { try model.set(1, at: JSONPointer("/rows/2/x/01")) }
        #expect(model == before)
    }

    @Test func `relative pointers resolve against a base, absolute ones stand alone`() throws {
        let base = try JSONPointer("/items/2")
        #expect(try base.resolving("name").description == "/items/2/name")
        #expect(try base.resolving("/total").description == "/total")
        #expect(base.parent.description == "/items")
        #expect(base.appending(index: 0).description == "/items/2/0")
        // Tokens split at each slash, empty ones and ones of several bytes per character kept whole.
        #expect(try JSONPointer("/é//ü~1x").tokens == ["é", "", "ü/x"])
        #expect(try base.resolving("größe/").tokens == ["items", "2", "größe", ""])
        #expect(try JSONPointer("/").tokens == [""])
    }
}
