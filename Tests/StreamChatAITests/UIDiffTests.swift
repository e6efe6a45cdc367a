import Testing
import StreamChatAI

@Suite struct UIDiffTests {
    func node(_ id: String, type: String = "box", props: JSONObject = [:], _ children: [UINode] = []) -> UINode {
        UINode(id: id, type: type, props: props, children: children)
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
}
