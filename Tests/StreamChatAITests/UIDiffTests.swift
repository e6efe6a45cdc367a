import Testing
import StreamChatAI

@Suite struct UIDiffTests {
    func node(_ id: String, type: String = "box", props: JSONObject = [:], _ children: [UINode] = []) -> UINode {
        UINode(id: id, type: type, props: props, children: children)
    }

    @Test func `a tree read from outside must name each node once, and the error names both places`() throws {
        let unique: JSONValue = ["id": "r", "type": "box", "children": [["id": "a", "type": "t"], ["id": "b", "type": "t"]]]
        #expect(try UINode(tree: unique).children.map(\.id) == ["a", "b"])
        let twice: JSONValue = ["id": "r", "type": "box", "children": [["id": "a", "type": "t"],
                                                                        ["id": "b", "type": "t", "children": [["id": "a", "type": "t"]]]]]
        let error = #expect(throws: StreamChatAIError.self) { try UINode(tree: twice) }
        #expect(error?.message == #"$.children[1].children[0].id: the id "a" names two nodes (the other is $.children[0]): ids must be unique in a tree"#)
        // The root's id too.
        #expect(throws: StreamChatAIError.self) { try UINode(tree: ["id": "r", "type": "box", "children": [["id": "r", "type": "t"]]]) }
        // A node read alone does not look at ids.
        #expect(try UINode(json: twice).children.count == 2)
    }

    @Test func `no change gives no ops`() {
        let tree = node("r", [node("a"), node("b")])
        #expect(UIDiff.ops(from: tree, to: tree).isEmpty)
    }

    @Test func `insert, remove and update are keyed by id`() {
        let old = node("r", [node("a", props: ["t": 1]), node("b"), node("c", [node("c1")])])
        let new = node("r", [node("a", props: ["t": 2]), node("c", [node("c1")]), node("d", [node("d1")])])
        let ops = UIDiff.ops(from: old, to: new).map(\.jsonValue)
        #expect(ops == [
            ["op": "remove", "id": "b"],
            ["op": "update", "id": "a", "props": ["t": 2], "state": "ready", "events": [], "bindings": [:], "entrance": 0],
            ["op": "insert", "parent": "r", "index": 2, "node": node("d", [node("d1")]).jsonValue],
        ])
    }

    @Test func `a node that moved or changed type is removed and inserted again`() {
        let old = node("r", [node("p", [node("x")]), node("q")])
        let new = node("r", [node("p"), node("q", [node("x", type: "label")])])
        let ops = UIDiff.ops(from: old, to: new).map(\.jsonValue)
        #expect(ops.map { $0["op"] } == ["remove", "insert"])
        #expect(ops[1]["parent"] == "q")
    }

    @Test func `a different root is replaced whole`() {
        #expect(UIDiff.ops(from: node("r1"), to: node("r2")).map { $0.jsonValue["op"] } == ["replace"])
    }

    @Test func `applying ops copies only the nodes above each change and names an op that does not fit`() throws {
        let kept = node("c", [node("c1"), node("c2")])
        let old = node("r", [node("a", props: ["t": 1]), kept])
        let new = node("r", [node("a", props: ["t": 2]), kept, node("d")])
        let applied = try UIDiff.apply(UIDiff.ops(from: old, to: new), to: old)
        #expect(applied == new)
        #expect(applied.children[1].isIdentical(to: kept))
        #expect(old.children[0].props["t"] == 1 && old.children.count == 2)

        func refusal(_ ops: [UIDiff.Op]) -> String? {
            do {
                _ = try UIDiff.apply(ops, to: old)
                return nil
            } catch {
                return error.kind == .invalidArgument ? error.message : "wrong kind"
            }
        }
        #expect(refusal([.update(id: "a", props: [:], state: .ready, events: [], bindings: [:], entrance: 0), .remove(id: "zz")])
                == "ops[1]: no node zz in the tree")
        #expect(refusal([.remove(id: "r")]) == "ops[0]: the root r cannot be removed: replace it")
        #expect(refusal([.insert(parent: "c", index: 3, node: node("x"))]) == "ops[0]: index 3 is past the children of c")
        #expect(refusal([.insert(parent: "c", index: -1, node: node("x"))]) == "ops[0]: index -1 is past the children of c")
        #expect(refusal([.insert(parent: "c", index: 2, node: node("x"))]) == nil)
    }
}
