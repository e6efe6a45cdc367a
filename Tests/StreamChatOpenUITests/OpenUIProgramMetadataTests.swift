import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// The parse metadata a finished reply reports (spec §2.3): unresolved references and orphans. The program reads them
/// off the numbers of the names each statement reads; these tests hold that to the definitions, worked out here by
/// walking every statement's expression.
@Suite struct OpenUIProgramMetadataTests {
    /// Names some statement reads (a redefined one included) that no statement defines.
    static func unresolvedByWalking(_ program: OpenUIProgram) -> Set<String> {
        var out = Set<String>()
        for s in program.statements {
            for name in OpenUIProgram.references(in: s.expression) where program.statement(name) == nil { out.insert(name) }
        }
        return out
    }

    /// Value statements `entry` doesn't reach through the references of value statements.
    static func orphansByWalking(_ program: OpenUIProgram, entry: String?) -> Set<String> {
        var reached = Set<String>()
        if let entry {
            reached.insert(entry)
            var queue = [entry]
            while let name = queue.popLast() {
                guard let s = program.statement(name), s.kind == .value else { continue }
                for ref in OpenUIProgram.references(in: s.expression) where program.statement(ref) != nil && reached.insert(ref).inserted {
                    queue.append(ref)
                }
            }
        }
        return Set(program.names.filter { program.statement($0)?.kind == .value && !reached.contains($0) })
    }

    /// The program a parser holds after `text`: its completed statements, then the tail being written.
    static func program(_ text: String, finished: Bool) -> OpenUIProgram {
        var parser = OpenUIStreamParser()
        parser.feed(text)
        if finished { parser.finish() }
        var program = OpenUIProgram(statements: parser.completed)
        program.setPending(parser.pending)
        return program
    }

    /// Checks both metadata of `program` against their definitions, from the entry `root` or the first statement.
    static func check(_ program: OpenUIProgram, _ label: String) {
        #expect(program.missingReferences == unresolvedByWalking(program), "\(label): unresolved")
        for entry in Set(["root", program.statements.first?.name].compactMap { $0 }) {
            #expect(program.orphans(entry: program.slot(of: entry)) == orphansByWalking(program, entry: program.statement(entry) == nil ? nil : entry),
                    "\(label): orphans from \(entry)")
        }
        #expect(program.orphans(entry: nil) == orphansByWalking(program, entry: nil), "\(label): orphans without an entry")
    }

    static let edgeCases = [
        // A name only a redefined statement read, and one the later definition reads.
        "a = Card([gone, kept])\na = Card([kept])\nroot = Card([a])\n",
        // A Query's arguments don't reach what they read; a Mutation's neither.
        "root = Card([t])\nt = TextContent(label)\nq = Query(\"tool\", {x: hidden}, {rows: []})\nhidden = TextContent(\"h\")\nlabel = \"x\"\n",
        "m = Mutation(\"save\", {v: other})\nother = TextContent(\"o\")\nroot = Card([])\n",
        // `@Each`'s loop variable is no reference; a name inside the template is.
        "root = Card([@Each(items, \"item\", TextContent(item.name + suffix))])\nitems = [{name: \"a\"}]\n",
        // Cycles, a statement reading itself, and a reference to a state variable.
        "root = Card([a])\na = Card([b])\nb = Card([a, self])\nself = Card([self])\nv = $missing\n",
        // No root, and a first statement that calls the root component.
        "page = Card([x])\nx = TextContent(\"x\")\nlost = TextContent(y)\n",
        "$tab = \"a\"\npage = Card([x])\nx = TextContent(\"x\")\n",
    ]

    @Test func `unresolved names and orphans are what walking every statement finds, while a reply streams and at its end`() {
        var texts = Self.edgeCases.enumerated().map { ("edge case \($0.offset)", $0.element) }
        texts += OpenUIIncrementalRenderTests.programs().map { ($0.name, $0.text) }
        for (name, text) in texts {
            Self.check(Self.program(text, finished: true), name)
            // Every prefix a stream of 23-byte chunks hands over, with its statement being written.
            for (i, prefix) in OpenUIIncrementalRenderTests.prefixes(text, size: 23).enumerated() {
                Self.check(Self.program(prefix, finished: false), "\(name), chunk \(i)")
            }
        }
    }

    @Test func `a name that only a redefined statement reads stays unresolved`() {
        let program = Self.program(Self.edgeCases[0], finished: true)
        #expect(program.missingReferences == ["gone", "kept"])
        #expect(program.orphans(entry: program.slot(of: "root")).isEmpty)
    }

    @Test func `what a Query's arguments read is an orphan, and a name read while the reply streams counts too`() {
        let program = Self.program(Self.edgeCases[1], finished: true)
        #expect(program.orphans(entry: program.slot(of: "root")) == ["hidden"])
        let streaming = Self.program("root = Card([later, TextContent(\"a\")])\nnext = TextContent(also", finished: false)
        #expect(streaming.missingReferences == ["later", "also"])
    }

    @Test func `a reply's result reports the metadata of its program when it is complete, and none while it streams`() {
        let reply = OpenUIReply(library: .chat)
        reply.update(text: "root = Card([a, missing])\na = TextContent(\"a\")\nlone = TextContent(\"l\")\n", isStreaming: true)
        #expect(reply.result().orphans.isEmpty && reply.result().unresolved.isEmpty)
        reply.update(text: "root = Card([a, missing])\na = TextContent(\"a\")\nlone = TextContent(\"l\")\n", isStreaming: false)
        #expect(reply.result().orphans == ["lone"])
        #expect(reply.result().unresolved == ["missing"])
    }
}
