import Dispatch
import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatOpenUI

#if canImport(Glibc)
import Glibc
#endif

/// What a hostile or broken model can write ends in a bounded error, never a crash or a hang.
@Suite struct OpenUIHostileInputTests {
    func renderIR(_ text: String, streaming: Bool = false) -> (UINode?, OpenUIResult) {
        let reply = OpenUIReply(library: fixtureLibrary, functions: fixtureFunctions)
        reply.update(text: text, isStreaming: streaming)
        return reply.render()
    }

    @Test func `a one-megabyte line renders`() {
        let big = String(repeating: "lorem ipsum ", count: 90_000)
        let (root, result) = renderIR("root = Stack([Text(\"\(big)\")])")
        #expect(root?.children.first?.props["text"]?.stringValue?.count == big.count)
        #expect(result.errors.isEmpty)
    }

    @Test func `a statement far longer than models write, streamed in small chunks, is read again only as it grows by an eighth`() {
        let numbers = (0..<80_000).map { String($0 % 10_000) }.joined(separator: ", ")
        let text = "root = Card([Table([Col(\"N\", [" + numbers + "], \"number\")])])\nnext = TextContent(\"after\")\nlast = 1\n"
        let bytes = Array(text.utf8)
        var parser = OpenUIStreamParser()
        var chunks = 0
        var reads = 0
        var completedAt: Int?
        for start in stride(from: 0, to: bytes.count, by: 2_000) {
            parser.feed(utf8: bytes[start..<min(start + 2_000, bytes.count)])
            chunks += 1
            if !parser.isBehind { reads += 1 }
            // The chunk that completes the long statement is read at once, however little the tail grew.
            if completedAt == nil, !parser.completed.isEmpty { completedAt = min(start + 2_000, bytes.count) }
        }
        parser.finish()
        #expect(bytes.count > 5 * OpenUIStreamParser.longTail)
        // Up to the long tail, every chunk reads it (33 reads); past it, a read per eighth it grows (about 14 more).
        #expect(reads < 33 + 20, "\(reads) reads of \(chunks) chunks")
        // (It completes when the next statement's first byte arrives, after its newline.)
        let newline = bytes.firstIndex(of: 0x0A)!
        #expect(completedAt.map { $0 > newline + 1 && $0 - (newline + 1) <= 2_000 } == true, "completed at \(completedAt ?? -1), ended at \(newline)")
        #expect(parser.statements == OpenUIStreamParser(text: text).statements)
    }

    @Test func `while a very long statement is left unread, the reply shows what it last read, as a fresh reply of that text`() {
        let numbers = (0..<40_000).map(String.init).joined(separator: ", ")
        let text = "root = Card([Table([Col(\"N\", [" + numbers + "], \"number\")])])\n"
        let bytes = Array(text.utf8)
        let reply = OpenUIReply(library: .chat)
        var behind = 0
        for (i, start) in stride(from: 0, to: bytes.count, by: 2_000).enumerated() {
            let end = min(start + 2_000, bytes.count)
            reply.append(String(decoding: bytes[start..<end], as: UTF8.self), isStreaming: end < bytes.count)
            if reply.shownUTF8Count < end { behind += 1 }
            guard i % 10 == 9 else { continue }
            let (root, result) = reply.render()
            let fresh = OpenUIReply(library: .chat)
            fresh.update(text: String(decoding: bytes[..<reply.shownUTF8Count], as: UTF8.self), isStreaming: true)
            let (want, wanted) = fresh.render()
            #expect(root == want && result.errors == wanted.errors, "after \(end) bytes, showing \(reply.shownUTF8Count)")
        }
        #expect(behind > 0)
        #expect(reply.shownUTF8Count == bytes.count)
        let (root, _) = reply.render()
        let once = OpenUIReply(library: .chat)
        once.update(text: text, isStreaming: false)
        #expect(once.render().root == root)
    }

    @Test func `a very long statement of any shape completes on the chunk that completes it, and streams to the one-shot parse`() {
        let numbers = (0..<12_500).map(String.init)
        let line = numbers.joined(separator: ", ")
        let lines = stride(from: 0, to: numbers.count, by: 50).map { numbers[$0..<min($0 + 50, numbers.count)].joined(separator: ", ") }
        // Short statements after it: the long one completes mid-stream, on a chunk that may come before its next reading.
        let root = "root = Card([TextContent(\"t\"), Table([Col(\"N\", big, \"number\")])])\n"
            + (0..<600).map { "f\($0) = \($0)\n" }.joined()
        let cases: [(String, String)] = [
            ("continued by a ternary on the next line", "big = $wide\n? [\(line)]\n: [1]\n" + root + "$wide = true\n"),
            ("across lines", "big = [\n" + lines.joined(separator: ",\n") + "\n]\n" + root),
            ("with comments inside", "big = [\n" + lines.joined(separator: ", // a comment, [not] code\n") + "\n# the end\n]\n" + root),
            ("a string with newlines", "s = \"" + lines.joined(separator: "\n") + "\"\nbig = [1]\n" + root),
            ("in a fence after prose", "Here it is:\n```openui-lang\nbig = [\(line)]\n" + root + "```\nDone.\n"),
        ]
        for (name, text) in cases {
            let bytes = Array(text.utf8)
            #expect(bytes.count > OpenUIStreamParser.longTail, "\(name)")
            let reply = OpenUIReply(library: .chat)
            var behind = 0
            for start in stride(from: 0, to: bytes.count, by: 2_000) {
                let end = min(start + 2_000, bytes.count)
                reply.append(String(decoding: bytes[start..<end], as: UTF8.self), isStreaming: end < bytes.count)
                if reply.shownUTF8Count < end { behind += 1 }
                // No statement completes later than it would read at once; what is shown is a fresh reply's of that text.
                let whole = OpenUIReply(library: .chat)
                whole.update(text: String(decoding: bytes[..<end], as: UTF8.self), isStreaming: end < bytes.count)
                #expect(reply.program.completedStatementCount == whole.program.completedStatementCount, "\(name), after \(end) bytes")
                var shown = whole
                if reply.shownUTF8Count < end {
                    shown = OpenUIReply(library: .chat)
                    shown.update(text: String(decoding: bytes[..<reply.shownUTF8Count], as: UTF8.self), isStreaming: true)
                }
                #expect(reply.program.statements == shown.program.statements, "\(name), after \(end) bytes, showing \(reply.shownUTF8Count)")
            }
            #expect(behind > 0, "\(name): no chunk was left unread")
            let once = OpenUIReply(library: .chat)
            once.update(text: text, isStreaming: false)
            #expect(reply.program.statements == once.program.statements, "\(name)")
            #expect(reply.render().root == once.render().root, "\(name)")
        }
    }

    @Test func `ten thousand nested brackets drop the statement`() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let (root, result) = renderIR("root = Stack(\(deep))\nx = 1")
        #expect(root == nil)
        #expect(result.errors.map(\.code) == ["no-root"])
    }

    @Test func `ten thousand nested brackets on a 256 KiB thread drop the statement too`() throws {
        nonisolated(unsafe) var codes: [String] = []
        #expect(onSmallStack(bytes: 256 << 10) {
            let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
            let chain = "x = " + String(repeating: "-", count: 5_000) + "1"
            codes = renderIR("root = Stack([Text(\"\" + \(deep))])\n\(chain)").1.errors.map(\.code)
        })
        #expect(codes == ["no-root", "parse-failed"])  // both statements were too deep to read
    }

    @Test func `ternaries nested thousands deep drop the statement`() {
        let ternary = String(repeating: "$a ? 1 : ", count: 3_000) + "0"
        let (root, result) = renderIR("root = Stack([Metric(\"m\", \(ternary))])")
        #expect(root == nil && result.errors.map(\.code) == ["no-root", "parse-failed"])
    }

    @Test func `a chain of ten thousand references stops with a runtime error`() {
        var lines = ["root = Stack([Text(s0)])"]
        for i in 0..<10_000 { lines.append("s\(i) = s\(i + 1)") }
        lines.append("s10000 = \"end\"")
        let (_, result) = renderIR(lines.joined(separator: "\n"))
        #expect(result.errors.contains { $0.code == "runtime-error" })
    }

    @Test func `a program that doubles itself forty times stops at the work budget`() {
        var lines = ["root = Stack([Table([Col(\"c\", l0)])])"]
        for i in 0..<40 { lines.append("l\(i) = [l\(i + 1), l\(i + 1)]") }
        lines.append("l40 = 1")
        let (_, result) = renderIR(lines.joined(separator: "\n"))
        #expect(result.errors.contains { $0.code == "runtime-error" && $0.message.contains("too much work") })
    }

    @Test func `a tree of components larger than the node limit is cut and says so`() {
        let (root, result) = renderIR("root = Stack(@Each(rows, \"r\", Text(\"x\")))\nrows = " + "[" + Array(repeating: "1", count: 30_000).joined(separator: ",") + "]")
        #expect((root?.children.count ?? 0) < OpenUIIRBuilder.maxNodes)
        #expect(result.errors.contains { $0.message.contains("more than") })
    }

    @Test func `random bytes never crash the parser or the renderer`() {
        var g = SeededRandom(state: 21)
        let pieces = ["root = ", "Stack(", "[", "]", ")", "Text(", "\"", "'", "\\", "$x", "@Each(", "@Count(", ",", "\n", "?", ":", "{", "}",
                      "Query(", "Mutation(", "Action([", "@Set($x, 1)", "a", "1e", "-", ".", "0", "```", "//", "#", "===", "&", "|", "null"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0..<60, using: &g)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &g)] }.joined()
            _ = renderIR(text)
            _ = renderIR(text, streaming: true)
        }
    }
}

