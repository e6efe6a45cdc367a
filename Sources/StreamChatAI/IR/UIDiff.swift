/// The changes between two renders of a UI IR tree, so a front end updates
/// only what changed. Nodes are matched by id.
///
/// Ops come in an order a front end can apply one by one: removals first
/// (outermost only), then insertions and updates in document order. A node
/// whose type changed, or that moved to another parent, is removed and
/// inserted again; a different root is one ``Op/replace(node:)``.
public enum UIDiff {
    /// One change.
    public enum Op: Sendable, Hashable {
        /// A node (with its subtree) left.
        case remove(id: String)
        /// A node (with its subtree) arrived at `index` among `parent`'s children.
        case insert(parent: String, index: Int, node: UINode)
        /// A kept node's props, state or events changed (all three given in full).
        case update(id: String, props: JSONObject, state: UINode.State, events: [String])
        /// The root itself is another node.
        case replace(node: UINode)

        /// `{"op": "remove", "id"}`, `{"op": "insert", "parent", "index", "node"}`,
        /// `{"op": "update", "id", "props", "state", "events"}` or `{"op": "replace", "node"}`.
        public var jsonValue: JSONValue {
            switch self {
            case .remove(let id): return ["op": "remove", "id": .string(id)]
            case .insert(let parent, let index, let node):
                return ["op": "insert", "parent": .string(parent), "index": .integer(Int64(index)), "node": node.jsonValue]
            case .update(let id, let props, let state, let events):
                return ["op": "update", "id": .string(id), "props": .object(props), "state": .string(state.rawValue),
                        "events": .array(events.map(JSONValue.string))]
            case .replace(let node): return ["op": "replace", "node": node.jsonValue]
            }
        }
    }

    /// The ops that turn `old` into `new`.
    public static func ops(from old: UINode, to new: UINode) -> [Op] {
        guard old.id == new.id, old.type == new.type else { return [.replace(node: new)] }
        var before: [String: (node: UINode, parent: String?)] = [:]
        old.walk { node, parent in before[node.id] = (node, parent) }
        var after: [String: (node: UINode, parent: String?)] = [:]
        new.walk { node, parent in after[node.id] = (node, parent) }

        var replaced = Set<String>()
        for (id, entry) in after {
            if let previous = before[id], previous.parent != entry.parent || previous.node.type != entry.node.type {
                replaced.insert(id)
            }
        }
        var ops: [Op] = []
        old.walk { node, parent in
            let gone = after[node.id] == nil || replaced.contains(node.id)
            let parentGone = parent.map { after[$0] == nil || replaced.contains($0) } ?? false
            if gone && !parentGone { ops.append(.remove(id: node.id)) }
        }
        new.walk { node, parent in
            if before[node.id] == nil || replaced.contains(node.id) {
                let parentNew = parent.map { before[$0] == nil || replaced.contains($0) } ?? false
                if !parentNew, let parent, let index = after[parent]?.node.children.firstIndex(where: { $0.id == node.id }) {
                    ops.append(.insert(parent: parent, index: index, node: node))
                }
                return
            }
            let previous = before[node.id]!.node
            if previous.props != node.props || previous.state != node.state || previous.events != node.events {
                ops.append(.update(id: node.id, props: node.props, state: node.state, events: node.events))
            }
        }
        return ops
    }
}
