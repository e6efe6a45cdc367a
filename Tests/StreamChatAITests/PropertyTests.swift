import TestSupport
import Testing
@testable import StreamChatAI

/// The invariants, over many generated inputs with fixed seeds: a diff applied
/// gives the new tree, decoding never fails on any JSON, and streaming gives
/// what a one-shot pass gives.
@Suite struct PropertyTests {
    // MARK: diff(a, b) applied to a gives b

    /// A tree whose ids come from a small pool, so that two trees share nodes
    /// that moved, changed type or changed content.
    func randomTree(_ g: inout SeededRandom, ids: inout [String], depth: Int = 0) -> UINode {
        let id = ids.remove(at: Int.random(in: 0..<ids.count, using: &g))
        var node = UINode(id: id, type: ["box", "label", "card"][Int.random(in: 0..<3, using: &g)])
        if Bool.random(using: &g) { node.props = ["t": .integer(Int64.random(in: 0..<3, using: &g))] }
        if Int.random(in: 0..<4, using: &g) == 0 { node.state = .pending }
        if Int.random(in: 0..<4, using: &g) == 0 { node.events = ["tap"] }
        if Int.random(in: 0..<5, using: &g) == 0 { node.bindings = ["value": "email"] }
        node.entrance = Int.random(in: 0..<2, using: &g)
        if depth < 4 {
            for _ in 0..<Int.random(in: 0..<4, using: &g) where !ids.isEmpty {
                node.children.append(randomTree(&g, ids: &ids, depth: depth + 1))
            }
        }
        return node
    }

    @Test func `the ops between two trees, applied to the first one by one, give the second`() throws {
        var g = SeededRandom(state: 8)
        for round in 0..<3_000 {
            var poolA = (0..<14).map { "n\($0)" }
            var poolB = poolA
            // The same root most of the time, so the ops are removals, insertions and updates.
            let a = randomTree(&g, ids: &poolA)
            var b = randomTree(&g, ids: &poolB)
            if round % 10 != 0, b.id != a.id {
                let rootID = b.id
                b.transform { if $0.id == a.id { $0.id = rootID } }
                b.id = a.id
                b.type = a.type
            }
            let ops = UIDiff.ops(from: a, to: b)
            #expect(try UIDiff.apply(ops, to: a) == b, "round \(round): \(ops.map(\.jsonValue))")
            #expect(UIDiff.ops(from: b, to: b).isEmpty)
            if a.id == b.id && a.type == b.type {
                #expect(ops == UIDiff.opsWithMoves(from: a, to: b), "round \(round)")
            }
        }
    }

    /// The same tree with no storage shared with `node` (so ``UIDiff`` looks at every node).
    func unshared(_ node: UINode) -> UINode {
        UINode(id: node.id, type: node.type, props: node.props, children: node.children.map(unshared), events: node.events,
               state: node.state, bindings: node.bindings, entrance: node.entrance)
    }

    /// Whether `id` is `node` or below it.
    func holds(_ node: UINode, _ id: String) -> Bool {
        var found = false
        node.walk { visited, _ in found = found || visited.id == id }
        return found
    }

    /// Changes the node `id` through the nodes above it only, as a renderer patches its last tree: every other
    /// subtree stays shared with the tree it was copied from. Whether the node was found.
    @discardableResult
    func edit(_ node: inout UINode, id: String, _ change: (inout UINode) -> Void) -> Bool {
        if node.id == id {
            change(&node)
            return true
        }
        for i in node.children.indices where holds(node.children[i], id) {
            return edit(&node.children[i], id: id, change)
        }
        return false
    }

    @Test func `ops between a tree and an edit of it that shares the untouched subtrees are the ops of unshared copies`() throws {
        var g = SeededRandom(state: 12)
        var fresh = 0
        var inPlace = 0
        for round in 0..<3_000 {
            var pool = (0..<24).map { "n\($0)" }
            let a = randomTree(&g, ids: &pool)
            var b = a
            var ids: [String] = []
            a.walk { node, _ in ids.append(node.id) }
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                let target = ids[Int.random(in: 0..<ids.count, using: &g)]
                switch Int.random(in: 0..<6, using: &g) {
                case 0: edit(&b, id: target) { $0.props = ["t": .integer(Int64.random(in: 0..<9, using: &g))] }
                case 1: edit(&b, id: target) { $0.type = $0.type == "box" ? "card" : "box" }
                case 2:
                    fresh += 1
                    let arrived = UINode(id: "new\(fresh)", type: "label")
                    edit(&b, id: target) { $0.children.insert(arrived, at: Int.random(in: 0...$0.children.count, using: &g)) }
                case 3: edit(&b, id: target) { if !$0.children.isEmpty { $0.children.remove(at: Int.random(in: 0..<$0.children.count, using: &g)) } }
                case 4: edit(&b, id: target) { $0.children.reverse() }
                default:
                    // A subtree moves elsewhere as it is (the same storage under another parent).
                    var moved: UINode?
                    edit(&b, id: target) { if !$0.children.isEmpty { moved = $0.children.removeLast() } }
                    if let moved {
                        var others: [String] = []
                        b.walk { node, _ in others.append(node.id) }
                        edit(&b, id: others[Int.random(in: 0..<others.count, using: &g)]) { $0.children.append(moved) }
                    }
                }
            }
            let ops = UIDiff.ops(from: a, to: b)
            #expect(ops == UIDiff.ops(from: unshared(a), to: unshared(b)), "round \(round)")
            if a.type == b.type {
                #expect(ops == UIDiff.opsWithMoves(from: a, to: b), "round \(round)")
                if UIDiff.opsInPlace(from: a, to: b) != nil { inPlace += 1 }
            }
            #expect(try UIDiff.apply(ops, to: a) == b, "round \(round): \(ops.map(\.jsonValue))")
            // Written straight to JSON, the ops read back as their JSON values.
            var writer = JSONWriter()
            AIUIRender(messageID: "m", format: "f", isStreaming: true, root: b).write(to: &writer, ops: ops)
            let written = try JSONParser.parse(writer.takeString())
            #expect(written["ops"] == .array(ops.map(\.jsonValue)) && written["message_id"] == "m" && written["streaming"] == true)
        }
        // Both ways were taken: the edits that move nothing in place, the others through the index.
        #expect(inPlace > 1_000 && inPlace < 2_900, "\(inPlace) of 3,000 in place")
    }

    @Test func `siblings that change order move, and the longest run in order stays`() throws {
        let children = ["a", "b", "c", "d", "e"].map { UINode(id: $0, type: "box") }
        let old = UINode(id: "r", type: "box", children: children)
        let new = UINode(id: "r", type: "box", children: [children[0], children[4], children[1], children[2], children[3]])
        let ops = UIDiff.ops(from: old, to: new)
        #expect(ops.map(\.jsonValue) == [["op": "remove", "id": "e"], ["op": "insert", "parent": "r", "index": 1, "node": children[4].jsonValue]])
        #expect(try UIDiff.apply(ops, to: old) == new)
    }

    // MARK: decoding never fails on any JSON value

    @Test func `any JSON value as an attachment decodes, renders and writes without failing`() throws {
        var g = SeededRandom(state: 9)
        let types = ["ai_reasoning", "ai_tool_call", "ai_other", "image", "ai_", "AI_reasoning"]
        for _ in 0..<3_000 {
            var attachment = randomJSON(&g)
            if case .object(var o) = attachment, Bool.random(using: &g) {
                o["type"] = .string(types[Int.random(in: 0..<types.count, using: &g)])
                for key in ["status", "executor", "started_at", "finished_at", "duration_ms", "v", "arguments", "text", "id"]
                where Bool.random(using: &g) {
                    o[key] = randomJSON(&g, depth: 1)
                }
                attachment = .object(o)
            }
            let parts = AIMessagePart.parts(from: [attachment])
            let tree = StepsPresenter.tree(for: parts, options: StepsPresentationOptions())
            _ = tree.jsonValue
            var writer = JSONWriter()
            AIMessagePart.writeParts(of: [attachment], to: &writer)
            #expect(try JSONParser.parse(writer.takeString()) == .array(parts.map(\.jsonValue)))
        }
    }

    // MARK: streamed = one-shot

    /// Text made of the pieces that matter to the reasoning layout and fence extraction.
    func randomText(_ g: inout SeededRandom) -> String {
        let pieces = ["word ", "**", "*", "_", "`", "```", "```openui-lang", "```a2ui", "\n", "\n\n", "   ", "    ",
                      "[link](https://example.com)", "[x](javascript:y)", "\\*", "é", "😀", "# ", "- ", "1. ", "\t", "\u{C}", "\r\n", "\r", "e\u{301}"]
        return (0..<Int.random(in: 0..<60, using: &g)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &g)] }.joined()
    }

    /// `text`'s UTF-8 cut at random byte offsets (inside characters too).
    func randomChunks(_ text: String, _ g: inout SeededRandom) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        var chunks: [[UInt8]] = []
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + Int.random(in: 1...9, using: &g))
            chunks.append(Array(bytes[i..<end]))
            i = end
        }
        return chunks
    }

    @Test func `reasoning streamed in random pieces lays out as the whole text at once`() {
        var g = SeededRandom(state: 10)
        for _ in 0..<2_000 {
            let text = randomText(&g)
            var streamed = ReasoningDocument()
            var rest = Substring(text)
            while !rest.isEmpty {
                let piece = rest.prefix(Int.random(in: 1...9, using: &g))
                streamed.append(String(piece))
                rest = rest.dropFirst(piece.count)
            }
            streamed.finish()
            #expect(streamed.paragraphs == ReasoningDocument(text).paragraphs, "\(text.debugDescription)")
        }
    }

    @Test func `fence extraction fed random byte chunks gives what the whole text gives`() throws {
        var g = SeededRandom(state: 11)
        for _ in 0..<2_000 {
            let text = randomText(&g)
            var whole = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
            whole.feed(text)
            whole.finish()
            var chunked = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
            for chunk in randomChunks(text, &g) { try chunked.feed(utf8: chunk) }
            chunked.finish()
            #expect(chunked.text == whole.text, "\(text.debugDescription)")
            #expect(chunked.ui == whole.ui, "\(text.debugDescription)")
        }
    }
}
