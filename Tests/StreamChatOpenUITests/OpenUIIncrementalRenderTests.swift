import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// A reply keeps values and nodes between renders so that a streamed reply
/// costs what changed. These tests hold it to the rule that makes that safe:
/// every render of a reply equals the render of a fresh reply given the same
/// text and the same user actions.
@Suite struct OpenUIIncrementalRenderTests {
    /// Every fixture program, with the library it is written for.
    static func programs() -> [(name: String, text: String, library: OpenUILibrary)] {
        var out: [(String, String, OpenUILibrary)] = []
        let base = fixturesRoot + "/openui-1.0"
        for area in folders(in: base) {
            for name in folders(in: base + "/" + area) {
                if let text = fileText(base + "/\(area)/\(name)/input.oui") { out.append(("\(area)/\(name)", text, fixtureLibrary)) }
            }
        }
        if let schema = fileText(fixturesRoot + "/benchmarks/schema.json").flatMap({ try? JSONParser.parse($0) }),
           let library = try? OpenUILibrary(spec: ["root": "Stack", "schema": schema]) {
            for name in ["chart-with-data", "contact-form", "dashboard", "e-commerce-product", "pricing-page", "settings-panel", "simple-table"] {
                if let text = fileText(fixturesRoot + "/benchmarks/samples/\(name).oui") { out.append(("benchmarks/\(name)", text, library)) }
            }
        }
        out.append(("generated/tree", treeProgram(days: 12), .chat))
        out.append(("generated/numbered-tree", numberedTreeProgram(days: 8), .chat))
        out.append(("generated/flat", flatProgram(sections: 26), .chat))
        out.append(("generated/flat-repeating", flatProgram(sections: 26, repeating: true), .chat))
        return out
    }

    /// A long reply as models write one: root → weeks of `daysPerWeek` days → days → sections, forward references,
    /// top-down; `sections` gives a day's sections, each its name and value.
    static func treeProgram(days: Int, daysPerWeek: Int, sections: (Int) -> [(name: String, value: String)]) -> String {
        let weeks = stride(from: 0, to: days, by: daysPerWeek).map { "w\($0 / daysPerWeek)" }
        var lines = ["root = Card([header, " + weeks.joined(separator: ", ") + "])", "header = CardHeader(\"Trip\", \"planned\")"]
        for day in 0..<days {
            if day % daysPerWeek == 0 {
                lines.append("w\(day / daysPerWeek) = Tabs([" + (day..<min(days, day + daysPerWeek)).map { "d\($0)" }.joined(separator: ", ") + "])")
            }
            let parts = sections(day)
            lines.append("d\(day) = TabItem(\"day-\(day)\", \"Day \(day + 1)\", [\(parts.map(\.name).joined(separator: ", "))])")
            lines += parts.map { "\($0.name) = \($0.value)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tree with four days a week and three sections a day, named by their day.
    static func treeProgram(days: Int) -> String {
        treeProgram(days: days, daysPerWeek: 4) { day in
            [("s\(day)a", "TextContent(\"Morning of day \(day + 1): the old town\")"),
             ("s\(day)b", "Table([Col(\"Place\", [\"Alfama\", \"Baixa\"]), Col(\"Hours\", [2, \(day)], \"number\")])"),
             ("s\(day)c", "Steps([StepsItem(\"Castle\", \"views\"), StepsItem(\"Tram \(day)\", \"ride\")])")]
        }
    }

    /// The tree with sections numbered through the reply, as the bench writes it: while a day's list is written, a
    /// number half there (`s1` of `s12`) names a section shown already, so that render shows it twice, and the
    /// statements above the one being written are placed again in a render that marks what it shows.
    static func numberedTreeProgram(days: Int) -> String {
        treeProgram(days: days, daysPerWeek: 3) { day in
            (0..<3).map { i in
                ("s\(day * 3 + i)", i == 1 ? "Steps([StepsItem(\"Castle\", \"views\"), StepsItem(\"Tram \(day)\", \"ride\")])"
                                            : "TextContent(\"Part \(i + 1) of day \(day + 1)\")")
            }
        }
    }

    /// One card whose list names every section, forward, as a long flat reply has it: a list long enough that a
    /// splice looks its changed items up (``OpenUIEvaluationCache/Splice/indexedLength``). Some sections report a
    /// problem (one keeps its component, one shows nothing), three are written again further on (one that showed
    /// nothing, one as a number, which the card's list does not take); `repeating`, the list names its first section
    /// again at its end; `lead`, the names it lists before the sections.
    static func flatProgram(sections count: Int, repeating: Bool = false, lead: [String] = []) -> String {
        let names = lead + (0..<count).map { "s\($0)" } + (repeating ? ["s0"] : [])
        var lines = ["root = Card([header, " + names.joined(separator: ", ") + "])", "header = CardHeader(\"Trip\", \"flat\")"]
        for i in 0..<count {
            switch i % 5 {
            case 1: lines.append("s\(i) = Steps([StepsItem(\"Castle\", \"views\"), StepsItem(\"Tram \(i)\", \"ride\")])")
            case 2: lines.append("s\(i) = TextContent(\"Part \(i)\", \"huge\")")
            case 3 where i % 2 == 1: lines.append("s\(i) = TextContent()")
            default: lines.append("s\(i) = TextContent(\"Part \(i)\")")
            }
            if i == count / 2 { lines += ["s2 = TextContent(\"Part 2, again\")", "s3 = TextContent(\"Part 3, at last\")"] }
            if i == count - 3 { lines.append("s4 = 42") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The flat card with 105 sections and a note first, the note a long line that reads the state twice, and last a
    /// card that lists every section twice in place of the first: statements written over more than
    /// ``OpenUIProgram/longStatement`` bytes, which are numbered and resolved on each chunk from what the last one
    /// found. A half-written name at the end of a list changes as it grows (`s1` of `s12`), and in the last card, where
    /// the name is shown already, whether a section shows twice changes with it.
    static func longLineProgram() -> String {
        let twice = (0..<105).map { "s\($0)" } + (0..<105).map { "s\($0)" }
        return flatProgram(sections: 105, lead: ["note"])
            + "note = TextContent(\"Day \" + $day + \": " + String(repeating: "walk, ", count: 90) + "\" + $day)\n$day = 2\n"
            + "root = Card([header, " + twice.joined(separator: ", ") + "])\n"
    }

    /// The render of a reply that never rendered before.
    static func fresh(_ text: String, streaming: Bool, library: OpenUILibrary) -> (UINode?, [String]) {
        let reply = OpenUIReply(library: library, functions: fixtureFunctions)
        reply.update(text: text, isStreaming: streaming)
        let (root, result) = reply.render()
        return (root, result.errors.map(\.description))
    }

    /// The texts a stream of `size`-byte chunks hands over (the whole reply so far), cut at character boundaries.
    static func prefixes(_ text: String, size: Int) -> [String] {
        let bytes = Array(text.utf8)
        var out: [String] = []
        var end = 0
        while end < bytes.count {
            end = min(bytes.count, end + size)
            while end < bytes.count && (bytes[end] & 0xC0) == 0x80 { end += 1 }
            out.append(String(decoding: bytes[..<end], as: UTF8.self))
        }
        return out.isEmpty ? [""] : out
    }

    /// The last render of a reply streamed in `size`-byte chunks, rendered after each (standard library).
    static func streamed(_ text: String, size: Int) -> UINode? {
        let reply = OpenUIReply(library: .standard)
        for t in prefixes(text, size: size) {
            reply.update(text: t, isStreaming: true)
            _ = reply.render()
        }
        reply.update(text: text, isStreaming: false)
        return reply.render().root
    }

    @Test func `every render while a reply streams equals a fresh render of the same text`() {
        for (name, text, library) in Self.programs() {
            // Every chunk is checked against a fresh render, so small chunks for the small programs only.
            for size in [1, 5, 17, 64] where text.utf8.count <= [1: 600, 5: 1_500, 17: 5_000, 64: .max][size]! {
                #expect(Self.mismatches(name, text, library: library, size: size) == 0, "\(name) in chunks of \(size)")
            }
        }
    }

    @Test func `a reply fed its text in appended pieces renders after each piece as a fresh reply given the text so far`() {
        for (name, text, library) in Self.programs() where name.hasPrefix("benchmarks/") || name.hasPrefix("generated/") {
            // Every piece is checked against a fresh render, so small pieces for the small programs only.
            for size in [7, 64] where size == 64 || text.utf8.count <= 1_500 {
                #expect(Self.mismatches(name, text, library: library, size: size, appending: true) == 0, "\(name) in pieces of \(size)")
            }
        }
        // Pieces cut inside a line, inside a string and next to characters of two, three and four bytes.
        let accented = "root = Card([t])\nt = TextContent(\"Café à Belém — “naïve” 😀\")\n"
        for size in 1...4 {
            #expect(Self.mismatches("accented", accented, library: .chat, size: size, appending: true) == 0, "pieces of \(size)")
        }
    }

    @Test func `long statements being written render, at every cut, as a fresh reply given the text so far`() {
        let text = Self.longLineProgram()
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.utf8.count >= OpenUIProgram.longStatement }.map { $0.prefix(4) } == ["root", "note", "root"])
        for size in [4, 29] {
            #expect(Self.mismatches("long-line", text, library: .chat, size: size, appending: true) == 0, "pieces of \(size)")
        }
    }

    @Test func `a statement shown again by the statement being written gets its second id after renders that showed each statement once`() {
        // Until `w1` reads `d1`, every render shows each statement once and marks none; the render after it must mark
        // what it reuses (`w0` with `d1` under it) to name the second `d1`.
        let text = """
            root = Card([w0, w1])
            w0 = Tabs([d0, d1])
            d0 = TabItem("a", "A", [TextContent("one")])
            d1 = TabItem("b", "B", [TextContent("two")])
            w1 = Tabs([d1
            """
        let reply = OpenUIReply(library: .chat)
        for t in Self.prefixes(text, size: 9) {
            reply.update(text: t, isStreaming: true)
            let (root, _) = reply.render()
            #expect(root == Self.fresh(t, streaming: true, library: .chat).0, "after \(t.utf8.count) bytes")
        }
        var ids: [String] = []
        reply.render().root?.walk { node, _ in ids.append(node.id) }
        #expect(ids.filter { $0 == "d1" }.count == 1)
        #expect(ids.contains("d1~2"))
    }

    @Test func `a piece appended after the text was complete parses the whole text again, as an update with it does`() {
        let first = "root = Card([a])\na = TextContent(\"one\")\n", more = "b = TextContent(\"two\")\nroot = Card([a, b])\n"
        let reply = OpenUIReply(library: .chat)
        reply.append(first, isStreaming: false)
        #expect(reply.render().root == Self.fresh(first, streaming: false, library: .chat).0)
        reply.append(more, isStreaming: false)
        let (root, result) = reply.render()
        let (want, wantErrors) = Self.fresh(first + more, streaming: false, library: .chat)
        #expect(root == want)
        #expect(result.errors.map(\.description) == wantErrors)
        #expect(root?.children.count == 2)
        // An empty piece after the end changes nothing and mounts nothing again.
        #expect(reply.append("", isStreaming: false).isEmpty)
        #expect(reply.render().root == want)
    }

    @Test func `updates and appended pieces mix: a whole text that extends the pieces continues, one that does not starts again`() {
        let text = OpenUIIncrementalRenderTests.treeProgram(days: 2)
        let cut = text.utf8.count / 2
        let head = String(decoding: Array(text.utf8)[..<cut], as: UTF8.self), tail = String(decoding: Array(text.utf8)[cut...], as: UTF8.self)
        let reply = OpenUIReply(library: .chat)
        reply.append(String(head.prefix(10)), isStreaming: true)
        reply.update(text: head, isStreaming: true)
        #expect(reply.render().root == Self.fresh(head, streaming: true, library: .chat).0)
        reply.append(tail, isStreaming: false)
        #expect(reply.render().root == Self.fresh(text, streaming: false, library: .chat).0)
        // A text that is not the pieces so far followed by more starts the parse again.
        let other = "root = Card([x])\nx = TextContent(\"other\")\n"
        reply.update(text: other, isStreaming: true)
        reply.append("y = TextContent(\"more\")\n", isStreaming: false)
        #expect(reply.render().root == Self.fresh(other + "y = TextContent(\"more\")\n", streaming: false, library: .chat).0)
    }

    /// How many renders of `text` streamed in `size`-byte chunks differ from a fresh render of the same text (the
    /// first one is recorded as an issue). Each chunk is handed over as the whole text so far, or `appending` it.
    static func mismatches(_ name: String, _ text: String, library: OpenUILibrary, size: Int, appending: Bool = false) -> Int {
        let reply = OpenUIReply(library: library, functions: fixtureFunctions)
        var mismatches = 0
        let texts = prefixes(text, size: size)
        var fed = 0
        for (i, t) in texts.enumerated() {
            let streaming = i < texts.count - 1
            if appending {
                let bytes = Array(t.utf8)
                reply.append(String(decoding: bytes[fed...], as: UTF8.self), isStreaming: streaming)
                fed = bytes.count
            } else {
                reply.update(text: t, isStreaming: streaming)
            }
            let (root, result) = reply.render()
            let (wantRoot, wantErrors) = fresh(t, streaming: streaming, library: library)
            if root != wantRoot || result.errors.map(\.description) != wantErrors {
                mismatches += 1
                if mismatches == 1 {
                    Issue.record("""
                        \(name), chunks of \(size), after \(t.utf8.count) bytes: the kept render differs from a fresh one
                        kept:  \(root.map { JSONSerializer.string($0.jsonValue) } ?? "none") \(result.errors.map(\.description))
                        fresh: \(wantRoot.map { JSONSerializer.string($0.jsonValue) } ?? "none") \(wantErrors)
                        """)
                }
            }
        }
        return mismatches
    }

    @Test func `a list whose items change is spliced to the render of a fresh reply`() {
        // Lists of references as models write them, and what a splice must not get wrong: items that arrive late,
        // one shown twice, one never defined, one whose value stops and starts being a component, one that reports
        // problems (told in the list's order), one that reads the state.
        let text = """
        root = Card([head, a, b, a, w, missing, c])
        head = CardHeader("Plan", $who)
        $who = "Ada"
        w = Tabs([t1, t2])
        t1 = TabItem("one", "One", [b, d])
        a = TextContent("A for " + $who)
        b = Table([Col("Place", ["Alfama", "Baixa"]), 5, Col("Hours", [1, 2], "number")])
        c = TextContent("for now")
        t2 = TabItem("two", "Two", [c, e])
        c = "a string for a while"
        d = Callout("info", "Note", "about d")
        c = TextContent("a component again")
        e = Steps([StepsItem("one", "first"), StepsItem("two")])
        b = Table([Col("Place", ["Belém"])])
        d = null

        """
        for size in [1, 3, 7, 16] {
            #expect(Self.mismatches("splices", text, library: .chat, size: size) == 0, "in chunks of \(size)")
        }
    }

    @Test func `a value the user typed mid-stream shows in later renders as in a fresh reply`() throws {
        let text = """
        root = Stack([title, field, echo, total])
        $name = "Ada"
        title = TextContent("Hello " + $name)
        field = Input("name", null, null, null, $name)
        echo = TextContent(@Count(items) + " items for " + $name)
        items = [1, 2, 3]
        total = TextContent("Sum " + @Sum(items))

        """
        let texts = Self.prefixes(text, size: 9)
        let reply = OpenUIReply(library: .standard)
        var typed = false
        for (i, t) in texts.enumerated() {
            reply.update(text: t, isStreaming: i < texts.count - 1)
            _ = reply.render()
            // Once the field is bound (its line complete), the user types while the rest streams.
            if !typed, t.contains("null, $name)\n") {
                #expect(reply.component("field") != nil)
                _ = reply.input(nodeID: "field", value: .string("Grace"))
                typed = true
            }
        }
        #expect(typed)
        let (root, _) = reply.render()
        let other = OpenUIReply(library: .standard)
        other.update(text: text, isStreaming: false)
        _ = other.render()
        _ = other.input(nodeID: "field", value: .string("Grace"))
        let (want, _) = other.render()
        #expect(root == want)
        let title = try #require(root?.children.first { $0.id == "title" })
        #expect(title.props["text"] == .string("Hello Grace"))
    }

    @Test func `a statement redefined later replaces the kept one`() throws {
        let text = "root = Stack([a, b])\na = TextContent(\"first\")\nb = TextContent(\"b\")\na = TextContent(\"second\")\n"
        let root = Self.streamed(text, size: 3)
        let a = try #require(root?.children.first { $0.id == "a" })
        #expect(a.props["text"] == .string("second"))
        #expect(root == Self.fresh(text, streaming: false, library: .standard).0)
    }

    @Test func `a statement redefined with other references in its lists shows the new ones`() {
        // The lists' references are resolved once per definition: the later one (and, while it streams, the tail's) wins.
        let text = "root = Stack([a, b])\na = TextContent(\"A\")\nb = TextContent(\"B\")\nroot = Stack([b, c, a])\nc = TextContent(\"C\")\n"
        for size in [1, 3, 7] {
            let root = Self.streamed(text, size: size)
            #expect(root?.children.map(\.id) == ["b", "c", "a"], "chunks of \(size)")
            #expect(root == Self.fresh(text, streaming: false, library: .standard).0)
        }
        let cycle = "root = Stack([a, c])\na = Card([b])\nb = Card([a, c])\nc = TextContent(\"C\")\n"
        let reply = OpenUIReply(library: .standard)
        reply.update(text: cycle, isStreaming: false)
        let (root, result) = reply.render()
        #expect(root == Self.fresh(cycle, streaming: false, library: .standard).0)
        // `c` is first shown inside `b`, so root's own `c` is its second showing.
        #expect(root?.children.map(\.id) == ["a", "c~2"])
        #expect(result.errors.isEmpty, "a cycle through lists ends without error: \(result.errors)")
    }

    @Test func `a list written over from a place keeps what is before it and takes the rest of the source, grown or cut at the end`() {
        // (What a kept node's statements and the kept closing's open brackets are made again with, on every chunk.)
        for old in 0...5 {
            for new in 0...5 {
                for start in 0...min(old, new) {
                    let was = Array(100..<(100 + old))
                    let source = Array(0..<(new + 3))[3...]  // a slice that does not start at 0
                    var list = was
                    list.replace(from: start, with: source)
                    #expect(list == Array(was[..<start]) + Array(source.dropFirst(start)), "\(old) over \(new) from \(start)")
                }
            }
        }
    }

    @Test func `a section a half-written number names shows twice for that chunk, and the levels above render as a fresh reply`() {
        // `d4`'s list is written `[s12, s1`, so `s1` (shown under `d0`) shows a second time: that render marks what it
        // shows, and the statements above `d4` are placed again from their kept nodes all the same.
        let text = Self.numberedTreeProgram(days: 8)
        for size in [3, 11] {
            let reply = OpenUIReply(library: .chat)
            let texts = Self.prefixes(text, size: size)
            var twice = 0
            for (i, t) in texts.enumerated() {
                reply.update(text: t, isStreaming: i < texts.count - 1)
                let root = reply.render().root
                var ids: [String] = []
                root?.walk { node, _ in ids.append(node.id) }
                if ids.contains(where: { $0.hasSuffix("~2") }) { twice += 1 }
                #expect(Set(ids).count == ids.count, "\(ids) after \(t.utf8.count) bytes in chunks of \(size)")
                #expect(root == Self.fresh(t, streaming: i < texts.count - 1, library: .chat).0, "after \(t.utf8.count) bytes in chunks of \(size)")
            }
            #expect(twice > 0, "no render in chunks of \(size) showed a section twice")
        }
    }

    @Test func `a statement above the one being written places again only what changed, and renders as a fresh reply`() {
        // Lists of statements whose items change one at a time (the usual stream), gain one, lose one to a statement
        // that stops being a component, and hold a single component slot too: every render is checked.
        let text = """
            root = Card([header, w0, w1])
            header = CardHeader(title, "planned")
            w0 = Tabs([d0, d1, d2])
            d0 = TabItem("day-0", "Day 1", [s0, s1, s2])
            s0 = TextContent("Morning: the old town and the river")
            s1 = Table([Col("Place", ["Alfama", "Baixa"]), Col("Hours", [2, 3], "number")])
            s2 = Steps([StepsItem("Castle", "views"), StepsItem("Tram", "ride")])
            d1 = TabItem("day-1", "Day 2", [s3, s4])
            s3 = TextContent("Afternoon: a museum")
            s4 = TextContent("Evening: fado")
            title = "Trip"
            d2 = TabItem("day-2", "Day 3", [s5])
            s5 = TextContent("Rest")
            w1 = Tabs([d3])
            d3 = TabItem("day-3", "Day 4", [s6, s7])
            s6 = TextContent("Sintra")
            s7 = TextContent("Cascais")
            s4 = "no longer a component"
            s1 = TextContent("the table, replaced")
            """
        for size in [1, 3, 8, 29] {
            #expect(Self.mismatches("nested lists", text, library: .chat, size: size) == 0, "chunks of \(size)")
        }
    }

    @Test func `a render that runs over the node limit while a reply streams cuts the tree as a fresh render does`() {
        // The second day's section grows past the limit while the first day's is kept: the cut falls inside a level
        // whose other children stay as they were.
        let many = "[" + Array(repeating: "1", count: 11_000).joined(separator: ",") + "]"
        let text = """
            root = Card([header, w0])
            header = CardHeader("Trip", "planned")
            w0 = Tabs([d0, d1, d2])
            d0 = TabItem("day-0", "Day 1", [s0, big0])
            s0 = TextContent("a")
            big0 = Steps(@Each(rows0, "r", StepsItem("x", "y")))
            rows0 = \(many)
            d1 = TabItem("day-1", "Day 2", [s1, big1])
            s1 = TextContent("b")
            big1 = Steps(@Each(rows1, "r", StepsItem("x", "y")))
            rows1 = \(many)
            d2 = TabItem("day-2", "Day 3", [s2])
            s2 = TextContent("c")

            """
        #expect(Self.mismatches("over the node limit", text, library: .chat, size: 1_500) == 0)
        let (_, result) = Self.fresh(text, streaming: false, library: .chat)
        #expect(result.contains { $0.contains("more than \(OpenUIIRBuilder.maxNodes)") }, "the program runs over the limit: \(result)")
    }

    @Test func `a tree a render returned stays as it was while later chunks change the reply`() {
        // Later renders change their nodes in place when nothing else holds them: never the ones a caller kept.
        let text = Self.treeProgram(days: 8)
        let reply = OpenUIReply(library: .chat)
        var kept: [(root: UINode, json: String)] = []
        for t in Self.prefixes(text, size: 17) {
            reply.update(text: t, isStreaming: true)
            if let root = reply.render().root { kept.append((root, JSONSerializer.string(root.jsonValue))) }
        }
        reply.update(text: text, isStreaming: false)
        _ = reply.render()
        #expect(kept.count > 100)
        #expect(kept.allSatisfy { JSONSerializer.string($0.root.jsonValue) == $0.json })
    }

    @Test func `values a render returned stay as they were while later chunks splice the statements above the one being written`() {
        // A statement above the one being written changes its kept value in place when nothing else holds it: never
        // a value a caller kept. Every third render's values are kept, so in-place and copied splices alternate.
        let text = Self.treeProgram(days: 8)
        let reply = OpenUIReply(library: .chat)
        var kept: [(root: OpenUIComponent, json: String, text: String)] = []
        for (i, t) in Self.prefixes(text, size: 13).enumerated() {
            reply.update(text: t, isStreaming: true)
            let result = reply.render().result
            if i % 3 == 0, let root = result.root { kept.append((root, JSONSerializer.string(root.jsonValue), t)) }
        }
        reply.update(text: text, isStreaming: false)
        _ = reply.render()
        #expect(kept.count > 50)
        #expect(kept.allSatisfy { JSONSerializer.string($0.root.jsonValue) == $0.json })
        // And each was what a fresh reply gives for its text.
        let mismatches = kept.filter { held in
            let fresh = OpenUIReply(library: .chat)
            fresh.update(text: held.text, isStreaming: true)
            return fresh.result().root != held.root
        }
        #expect(mismatches.isEmpty)
    }

    @Test func `a function that asks the reply for its result while the reply renders gets it, and the render is a fresh one's`() {
        // The reply renders with one evaluator it keeps; one asked for while it evaluates is another.
        final class Holder: @unchecked Sendable { var reply: OpenUIReply?; var inner: [String] = [] }
        let holder = Holder()
        let functions: [String: OpenUIFunction] = ["Upper": { args in
            if let reply = holder.reply, holder.inner.count < 3 {
                holder.inner.append(JSONSerializer.string(reply.result().root.map { OpenUIValue.component($0).jsonValue } ?? .null))
            }
            return .string((args.first ?? .null).text.uppercased())
        }]
        let text = "root = Stack([a, b])\na = Text(@Upper(\"one\"))\nb = Text(@Upper(\"two\"))\n"
        let reply = OpenUIReply(library: fixtureLibrary, functions: functions)
        holder.reply = reply
        var mismatches = 0
        for t in Self.prefixes(text, size: 9) {
            reply.update(text: t, isStreaming: true)
            let rendered = reply.render().root
            let fresh = Self.fresh(t, streaming: true, library: fixtureLibrary).0
            if rendered != fresh { mismatches += 1 }
        }
        reply.update(text: text, isStreaming: false)
        let last = reply.render().root
        let fresh = Self.fresh(text, streaming: false, library: fixtureLibrary).0
        let shown = JSONSerializer.string(last.map(\.jsonValue) ?? .null)
        #expect(mismatches == 0)
        #expect(!holder.inner.isEmpty)
        #expect(shown.contains("ONE") && shown.contains("TWO"))
        #expect(last == fresh)
    }

    @Test func `a statement is known to show once unless two places read it, a template repeats it, or a step, function or state default keeps it`() {
        let cases: [(text: String, once: Bool, why: String)] = [
            ("root = Stack([a, b])\na = TextContent(\"a\")\nb = Card([c])\nc = TextContent(\"c\")\n", true, "a tree"),
            ("root = Stack(@Each(items, \"n\", TextContent(n)))\nitems = [\"x\", \"y\"]\n", true, "a template reading its own variable"),
            ("root = Stack([a, a])\na = TextContent(\"a\")\n", false, "two reads in one list"),
            ("root = Stack([a, b])\nb = Card([a])\na = TextContent(\"a\")\n", false, "two statements read it"),
            ("root = Stack([flag ? a : a])\nflag = true\na = TextContent(\"a\")\n", false, "both branches"),
            ("root = Stack(@Each([1, 2], \"n\", Card([a])))\na = TextContent(\"a\")\n", false, "a template repeats it"),
            ("root = Stack([$shown])\n$shown = a\na = TextContent(\"a\")\n", false, "a state default holds it"),
            ("root = Stack([a, Button(\"b\", Action([@Set($x, a)]))])\na = TextContent(\"a\")\n", false, "a step keeps it"),
            ("root = Stack([a])\na = Card([root])\n", false, "the entry is read"),
        ]
        for (text, once, why) in cases {
            for streaming in [false, true] {
                let reply = OpenUIReply(library: .standard)
                reply.update(text: text, isStreaming: streaming)
                let entry = reply.program.slot(of: "root")
                #expect(entry.map(reply.program.showsEachStatementOnce(entry:)) == once, "\(why), streaming: \(streaming)")
                var ids: [String] = []
                reply.render().root?.walk { node, _ in ids.append(node.id) }
                #expect(Set(ids).count == ids.count, "\(why): \(ids)")
            }
        }
        // The tail being written counts as well: a name it reads again, and a statement it writes anew.
        for (text, why) in [("root = Stack([a, b])\na = TextContent(\"a\")\nb = Card([a])", "the tail reads it again"),
                            ("root = Stack([a])\na = TextContent(\"a\")\nroot = Stack([a, a])", "the tail writes the entry anew")] {
            let reply = OpenUIReply(library: .standard)
            reply.update(text: text, isStreaming: true)
            #expect(reply.program.completedStatementCount < reply.program.statements.count, "\(why): the tail is a statement")
            #expect(reply.program.slot(of: "root").map(reply.program.showsEachStatementOnce(entry:)) == false, "\(why)")
            var ids: [String] = []
            reply.render().root?.walk { node, _ in ids.append(node.id) }
            #expect(Set(ids).count == ids.count, "\(why): \(ids)")
        }
    }

    @Test func `a statement shown twice keeps distinct ids when its first place is reused`() throws {
        let text = "root = Stack([box, box, extra])\nbox = Card([label])\nlabel = TextContent(\"x\")\nextra = TextContent(\"more\")\n"
        let root = Self.streamed(text, size: 2)
        var ids: [String] = []
        root?.walk { node, _ in ids.append(node.id) }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(root == Self.fresh(text, streaming: false, library: .standard).0)
    }

    @Test func `a statement shown again inside a kept node keeps distinct ids in every render`() {
        // The second `header` sits inside an inline Card, or inside another statement's node: a node kept with it
        // would take `header~2` again on reuse, and the third `header` would get the same id.
        // The statement that streams last changes what the root reads, not the nodes kept inside it.
        let programs = [
            "root = Card([header, Card([header]), header])\nheader = CardHeader(t ? \"Dinner\" : \"Dinner\", \"Tonight\")\n"
                + "t = \"a value that streams in over many chunks\"\n",
            "root = Card([header, box, header, extra])\nbox = Card([header])\nheader = CardHeader(\"Dinner\", \"Tonight\")\n"
                + "extra = TextContent(note)\nnote = \"a value that streams in over many chunks\"\n",
        ]
        for text in programs {
            for size in [1, 3, 7] {
                let reply = OpenUIReply(library: .chat)
                let texts = Self.prefixes(text, size: size)
                for (i, t) in texts.enumerated() {
                    reply.update(text: t, isStreaming: i < texts.count - 1)
                    let root = reply.render().root
                    var ids: [String] = []
                    root?.walk { node, _ in ids.append(node.id) }
                    #expect(Set(ids).count == ids.count, "\(ids) after \(t.utf8.count) bytes in chunks of \(size)")
                    #expect(root == Self.fresh(t, streaming: i < texts.count - 1, library: .chat).0, "after \(t.utf8.count) bytes")
                }
            }
        }
    }

    @Test func `a completing reply tells the problems it held back and keeps the nodes that held nothing back`() throws {
        // `bad` has an enum value that streaming lets through, `gap` a required prop whose reference never arrives,
        // `loud` a function given an extra argument: each problem is told only once the reply is complete.
        let text = """
        root = Stack([plain, bad, gap, loud])
        plain = Text("nothing to hold back")
        bad = Stack([Text("x")], "diagonal")
        gap = Metric("Guests", missing)
        loud = Text(@Upper("a", "b"))

        """
        let reply = OpenUIReply(library: fixtureLibrary, functions: fixtureFunctions)
        for t in Self.prefixes(text, size: 11) {
            reply.update(text: t, isStreaming: true)
            _ = reply.render()
        }
        let streamedRoot = try #require(reply.render().root)
        reply.update(text: text, isStreaming: false)
        let (root, result) = reply.render()
        let (want, wantErrors) = Self.fresh(text, streaming: false, library: fixtureLibrary)
        #expect(root == want)
        #expect(result.errors.map(\.description) == wantErrors)
        let codes = Set(result.errors.map(\.code))
        #expect(codes.isSuperset(of: ["type-mismatch", "missing-required", "excess-args"]), "\(codes)")
        let plain = try #require(root?.children.first { $0.id == "plain" })
        let streamedPlain = try #require(streamedRoot.children.first { $0.id == "plain" })
        #expect(plain.isIdentical(to: streamedPlain), "a node that held nothing back is kept through completion")
    }

    @Test func `a state default that held something back while streaming is worked out again when the reply completes`() {
        // While streaming the enum value is let through; once complete it is a mismatch and the prop is left out.
        let text = "root = Stack([$v])\n$v = Text(\"x\", \"loud\")\n"
        let reply = OpenUIReply(library: fixtureLibrary, functions: fixtureFunctions)
        reply.update(text: text, isStreaming: true)
        _ = reply.render()
        #expect(reply.state["$v"]?.component?.props["variant"] == .string("loud"))
        reply.update(text: text, isStreaming: false)
        let fresh = OpenUIReply(library: fixtureLibrary, functions: fixtureFunctions)
        fresh.update(text: text, isStreaming: false)
        #expect(reply.state == fresh.state)
        #expect(reply.render().root == fresh.render().root)
    }

    @Test func `an app component's node is made again when the reply completes`() throws {
        let library = OpenUILibrary.chat.adding(appComponents: [
            try AIUIComponentDefinition(name: "place_card", description: "A place", parameters: [])
        ])
        func placeCard(_ root: UINode) -> UINode? {
            var found: UINode?
            root.walk { node, _ in if node.type == "place_card" { found = node } }
            return found
        }
        let text = "root = Card([box])\nbox = Card([PlaceCard()])\n"
        let reply = OpenUIReply(library: library)
        var streaming = true
        let appNode: (String, String, JSONValue) -> UINode? = { name, id, _ in
            name == "PlaceCard" ? UINode(id: id, type: "place_card", props: ["is_streaming": .bool(streaming)]) : nil
        }
        reply.update(text: text, isStreaming: true)
        let first = try #require(reply.render(appNode: appNode).root)
        #expect(placeCard(first)?.props["is_streaming"] == .bool(true))
        streaming = false
        reply.update(text: text, isStreaming: false)
        let last = try #require(reply.render(appNode: appNode).root)
        #expect(placeCard(last)?.props["is_streaming"] == .bool(false))
    }

    @Test func `lexing resumed after the settled tokens of any prefix gives the tokens of the whole text`() {
        // Tokens decided by what follows them: exponents, `==`/`!==`, a minus before digits, digits after a dot,
        // `$` and `@` names, escapes in both quotes, a string left open, bytes that make no token.
        let text = #"x = a.0 - -1.5e+3 !== 2E-2 && $b || @Each(l, "v", 'it\'s') ? "\u00e9\uD83D\uDE00\n" : 7e ~ -.5 == 3"#
            + "\ny = \"open"
        let bytes = Array(text.utf8)
        let whole = OpenUILexer.tokens(bytes)
        for cut in 0...bytes.count {
            let prefix = Array(bytes[..<cut])
            let settled = OpenUILexer.tokens(prefix).tokens.prefix { $0.end + OpenUILexer.lookahead <= cut }
            let resumed = OpenUILexer.tokens(bytes, from: settled.last?.end ?? 0, after: Array(settled))
            #expect(resumed.tokens == whole.tokens, "cut at \(cut)")
            #expect(resumed.openString == whole.openString)
        }
    }

    @Test func `a tail's calls taken as parsed before give the statements of a fresh parse at every cut`() {
        // Calls whose last tokens more text could still change (an exponent, `!==`), a closer inside a string, nested
        // calls, a statement continued on the next line, and a tail of more calls than the parser keeps.
        let many = (0..<80).map { "TextContent(\"t\($0)\")" }.joined(separator: ", ")
        let text = #"a = Stack([Col("x", [1.5e+3]), Col("y)", [2 !== 3]), Card([CardHeader("h", "s")]), Col("z", [-1])])"#
            + "\nb = Stack([TextContent(\"p\")])\n? Stack([]) : Card([TextContent(\"q\")])"
            + "\nc = Stack([\(many)])\n"
        let bytes = Array(text.utf8)
        var streamed = OpenUIStreamParser()
        for cut in 1...bytes.count {
            streamed.feed(String(decoding: bytes[(cut - 1)..<cut], as: UTF8.self))
            var fresh = OpenUIStreamParser()
            fresh.feed(String(decoding: bytes[..<cut], as: UTF8.self))
            #expect(streamed.statements == fresh.statements, "cut at \(cut)")
        }
        streamed.finish()
        #expect(streamed.statements == OpenUIStreamParser(text: text).statements)
        #expect(streamed.statements.count == 3)
    }

    @Test func `a tail's open lists taken as parsed up to their last written comma give the statements of a fresh parse at every cut`() {
        // Numbers a cut splits, items with operators on either side of a comma, commas inside strings, commas left
        // out, nested lists and objects, a stray closer inside a list, lists the text closes inside one it leaves
        // open, and more open lists than the parser keeps.
        let numbers = (0..<300).map { String($0 * 7) }.joined(separator: ", ")
        let deep = String(repeating: "[1, ", count: 70) + "2" + String(repeating: "]", count: 70)
        let text = "a = Stack([Table([Col(\"n\", [\(numbers)], \"number\")])])\n"
            + "b = [1 + 2, 3 * 4 - 5, \"x, y\", 'p, q' 6 7, [8, 9], {k: 1, m: [2, 3]}, -10, 11 == 12 ? 13 : 14]\n"
            + "c = [1, 2) 3, 4]\nd = \(deep)\n"
        let bytes = Array(text.utf8)
        for step in [1, 3, 7] {
            var streamed = OpenUIStreamParser()
            var cut = 0
            while cut < bytes.count {
                let end = min(bytes.count, cut + step)
                streamed.feed(String(decoding: bytes[cut..<end], as: UTF8.self))
                cut = end
                var fresh = OpenUIStreamParser()
                fresh.feed(String(decoding: bytes[..<cut], as: UTF8.self))
                #expect(streamed.statements == fresh.statements, "chunks of \(step), cut at \(cut)")
            }
            streamed.finish()
            #expect(streamed.statements == OpenUIStreamParser(text: text).statements)
            // (`c`, complete, has a closer that matches nothing: it doesn't parse; closed implicitly as a tail, it did.)
            #expect(streamed.statements.map(\.name) == ["a", "b", "d"])
        }
    }

    @Test func `an open list's items before its last written comma are taken from the memo only while that comma is where it was`() {
        func tokens(_ text: String) -> ArraySlice<OpenUIToken> {
            OpenUIStatementSplitter.closingImplicitly(OpenUILexer.tokens(Array(text.utf8)).tokens[...]).tokens
        }
        var memo = OpenUIParser.Memo()
        memo.keepsCalls = true
        #expect(OpenUIParser.expression(tokens("[1, 2, 3"), memo: &memo) == .array([.number(1), .number(2), .number(3)]))
        #expect(memo.lists.count == 1)
        #expect(Array(memo.lists[0].items) == [.number(1), .number(2)])
        // The text written further is read from that comma on: the items before it are the memo's (marked here to
        // tell), and the memo then keeps the items before the newest comma.
        memo.lists[0].items = [.string("kept"), .string("items")]
        #expect(OpenUIParser.expression(tokens("[1, 2, 34, 5"), memo: &memo)
                == .array([.string("kept"), .string("items"), .number(34), .number(5)]))
        #expect(Array(memo.lists[0].items) == [.string("kept"), .string("items"), .number(34)])
        // A comma elsewhere (another text) is not that comma: the list is read whole.
        var moved = OpenUIParser.Memo()
        moved.keepsCalls = true
        _ = OpenUIParser.expression(tokens("[1, 2, 3"), memo: &moved)
        moved.lists[0].items = [.string("stale")]
        #expect(OpenUIParser.expression(tokens("[1,  2, 3"), memo: &moved) == .array([.number(1), .number(2), .number(3)]))
        // A list the text closed is not written further: nothing is kept for it. A complete statement's parse keeps
        // nothing.
        var closed = OpenUIParser.Memo()
        closed.keepsCalls = true
        _ = OpenUIParser.expression(tokens("[1, 2]"), memo: &closed)
        #expect(closed.lists.isEmpty)
        var complete = OpenUIParser.Memo()
        _ = OpenUIParser.expression(tokens("[1, 2, 3"), memo: &complete)
        #expect(complete.lists.isEmpty)
    }

    @Test func `a statement whose newline ended a chunk is taken as parsed when the next chunk completes it, and read again when the next line continues it`() {
        // Chunks ending at line ends, as a model's stream ends its lines: `c` is complete as it was, `t`'s next line
        // continues it with `?` in the same chunk that completes it and starts `u`, and `u`'s next chunk begins with
        // its continuation.
        let chunks = ["root = Card([c, t, u, v])\n", "c = TextContent(\"first\")\n", "t = TextContent(x)\n",
                      "? TextContent(\"yes\") : TextContent(\"no\")\nu = TextContent(\"u\")\n", "x = true\n",
                      "? 1 : 2\n", "v = TextContent(\"v\")\n"]
        var streamed = OpenUIStreamParser()
        let reply = OpenUIReply(library: .chat)
        var text = ""
        for chunk in chunks {
            text += chunk
            streamed.feed(chunk)
            var fresh = OpenUIStreamParser()
            fresh.feed(text)
            #expect(streamed.statements == fresh.statements, "after \(chunk.debugDescription)")
            reply.append(chunk, isStreaming: true)
            let (root, _) = reply.render()
            #expect(root == Self.fresh(text, streaming: true, library: .chat).0, "after \(chunk.debugDescription)")
        }
        streamed.finish()
        #expect(streamed.statements == OpenUIStreamParser(text: text).statements)
        #expect(streamed.statements.map(\.name) == ["root", "c", "t", "u", "x", "v"])
        #expect(streamed.statements[2].source.contains("? TextContent"))
        #expect(streamed.statements[4].source == "x = true\n? 1 : 2")
    }

    @Test func `a reused value still counts against the work budget`() {
        var lines = ["root = Stack([Table([Col(\"c\", l0)])])"]
        for i in 0..<40 { lines.append("l\(i) = [l\(i + 1), l\(i + 1)]") }
        lines.append("l40 = 1")
        let reply = OpenUIReply(library: .standard)
        reply.update(text: lines.joined(separator: "\n"), isStreaming: false)
        let (_, result) = reply.render()
        #expect(result.errors.contains { $0.code == "runtime-error" && $0.message.contains("too much work") })
    }
}
