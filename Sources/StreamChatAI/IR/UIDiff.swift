/// The changes between two renders of a UI IR tree, so a front end updates
/// only what changed. Nodes are matched by id.
///
/// Ops, in an order a front end can apply one by one:
/// - `{"op": "remove", "id"}` — a node (with its subtree) left;
/// - `{"op": "insert", "parent", "index", "node"}` — a node (with its
///   subtree) arrived at `index` among `parent`'s children;
/// - `{"op": "update", "id", "props", "state", "events"}` — a kept node's
///   props, state or events changed (all three are given in full).
///
/// A node whose type changed, or that moved to another parent, is removed
/// and inserted again; a different root is `{"op": "replace", "node"}`.
public enum UIDiff {
    /// The ops that turn `old` into `new`.
    public static func ops(from old: UINode, to new: UINode) -> [JSONValue] {
        guard old.id == new.id, old.type == new.type else { return [["op": "replace", "node": new.jsonValue]] }
        var before: [String: (node: UINode, parent: String?)] = [:]
        index(old, parent: nil, into: &before)
        var after: [String: (node: UINode, parent: String?)] = [:]
        index(new, parent: nil, into: &after)

        var ops: [JSONValue] = []
        var replaced = Set<String>()
        for (id, entry) in after {
            if let previous = before[id], previous.parent != entry.parent || previous.node.type != entry.node.type {
                replaced.insert(id)
            }
        }
        // Removals first, outermost only, in document order.
        walk(old) { node, parent in
            let gone = after[node.id] == nil || replaced.contains(node.id)
            let parentGone = parent.map { after[$0] == nil || replaced.contains($0) } ?? false
            if gone && !parentGone { ops.append(["op": "remove", "id": .string(node.id)]) }
        }
        walk(new) { node, parent in
            let isNew = before[node.id] == nil || replaced.contains(node.id)
            if isNew {
                let parentNew = parent.map { before[$0] == nil || replaced.contains($0) } ?? false
                if !parentNew, let parent, let index = after[parent]?.node.children.firstIndex(where: { $0.id == node.id }) {
                    ops.append(["op": "insert", "parent": .string(parent), "index": .integer(Int64(index)), "node": node.jsonValue])
                }
                return
            }
            let previous = before[node.id]!.node
            if previous.props != node.props || previous.state != node.state || previous.events != node.events {
                ops.append(["op": "update", "id": .string(node.id), "props": .object(node.props),
                            "state": .string(node.state.rawValue), "events": .array(node.events.map(JSONValue.string))])
            }
        }
        return ops
    }

    private static func index(_ node: UINode, parent: String?, into map: inout [String: (node: UINode, parent: String?)]) {
        map[node.id] = (node, parent)
        for child in node.children { index(child, parent: node.id, into: &map) }
    }

    private static func walk(_ node: UINode, parent: String? = nil, _ visit: (UINode, String?) -> Void) {
        visit(node, parent)
        for child in node.children { walk(child, parent: node.id, visit) }
    }
}
