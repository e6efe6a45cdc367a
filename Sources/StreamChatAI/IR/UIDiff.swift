/// The changes between two renders of a UI IR tree, so a front end updates
/// only what changed. Nodes are matched by id.
///
/// Ops come in an order a front end can apply one by one: removals first
/// (outermost only), then insertions and updates in document order; an
/// insertion's index is the node's index under its parent in the new tree. A
/// node whose type changed, that moved to another parent, or that moved among
/// its siblings (the fewest such, keeping the longest run in order) is
/// removed and inserted again; a different root is one ``Op/replace(node:)``.
/// Applying the ops to the old tree gives the new one exactly.
public enum UIDiff {
    /// One change.
    public enum Op: Sendable, Hashable {
        /// A node (with its subtree) left.
        case remove(id: String)
        /// A node (with its subtree) arrived at `index` among `parent`'s children.
        case insert(parent: String, index: Int, node: UINode)
        /// A kept node's props, state, events, bindings or entrance changed (all given in full).
        case update(id: String, props: JSONObject, state: UINode.State, events: [String], bindings: JSONObject, entrance: Int)
        /// The root itself is another node.
        case replace(node: UINode)

        /// `{"op": "remove", "id"}`, `{"op": "insert", "parent", "index", "node"}`,
        /// `{"op": "update", "id", "props", "state", "events", "bindings", "entrance"}` or `{"op": "replace", "node"}`.
        public var jsonValue: JSONValue {
            switch self {
            case .remove(let id): return ["op": "remove", "id": .string(id)]
            case .insert(let parent, let index, let node):
                return ["op": "insert", "parent": .string(parent), "index": .integer(Int64(index)), "node": node.jsonValue]
            case .update(let id, let props, let state, let events, let bindings, let entrance):
                return ["op": "update", "id": .string(id), "props": .object(props), "state": .string(state.rawValue),
                        "events": .array(events.map(JSONValue.string)), "bindings": .object(bindings),
                        "entrance": .integer(Int64(entrance))]
            case .replace(let node): return ["op": "replace", "node": node.jsonValue]
            }
        }
    }

    /// Writes `ops` as a JSON array of their ``Op/jsonValue`` straight to `writer`.
    public static func write(_ ops: [Op], to writer: inout JSONWriter) {
        writer.byte(0x5B)
        for (n, op) in ops.enumerated() {
            if n > 0 { writer.byte(0x2C) }
            switch op {
            case .remove(let id):
                writer.raw(#"{"op":"remove","id":"#)
                writer.string(id)
            case .insert(let parent, let index, let node):
                writer.raw(#"{"op":"insert","parent":"#)
                writer.string(parent)
                writer.raw(#","index":"#)
                writer.integer(Int64(index))
                writer.raw(#","node":"#)
                node.write(to: &writer)
            case .update(let id, let props, let state, let events, let bindings, let entrance):
                writer.raw(#"{"op":"update","id":"#)
                writer.string(id)
                writer.raw(#","props":"#)
                writer.object(props)
                writer.raw(#","state":"#)
                writer.string(state.rawValue)
                writer.raw(#","events":"#)
                writer.strings(events)
                writer.raw(#","bindings":"#)
                writer.object(bindings)
                writer.raw(#","entrance":"#)
                writer.integer(Int64(entrance))
            case .replace(let node):
                writer.raw(#"{"op":"replace","node":"#)
                node.write(to: &writer)
            }
            writer.byte(0x7D)
        }
        writer.byte(0x5D)
    }

    /// The ops that turn `old` into `new`.
    ///
    /// A subtree that is the same in both (``UINode/isIdentical(to:)``: a renderer kept it, so nothing in it
    /// changed) is not looked into, so a render that changed a few nodes of a large tree costs those nodes and the
    /// children lists above them, not the tree. Ids are unique in a tree, so nothing can move into or out of such
    /// a subtree.
    public static func ops(from old: UINode, to new: UINode) -> [Op] {
        guard old.id == new.id, old.type == new.type else { return [.replace(node: new)] }
        return opsInPlace(from: old, to: new) ?? opsWithMoves(from: old, to: new)
    }

    /// The ops when no kept node changed type or moved among its siblings (as when a reply streams: nodes change
    /// and arrive in place), found by walking both trees together, children matched by id under their parent,
    /// without indexing the trees; nil otherwise, for ``opsWithMoves(from:to:)``. A node that moved to another
    /// parent is a removal under one and an insertion under the other, as there. The same ops in the same order.
    static func opsInPlace(from old: UINode, to new: UINode) -> [Op]? {
        var removals: [Op] = []
        var arrivals: [Op] = []
        func visit(_ old: UINode, _ new: UINode) -> Bool {
            if old.isIdentical(to: new) { return true }
            guard old.type == new.type else { return false }
            if old.props != new.props || old.state != new.state || old.events != new.events || old.bindings != new.bindings
                || old.entrance != new.entrance {
                arrivals.append(.update(id: new.id, props: new.props, state: new.state, events: new.events,
                                        bindings: new.bindings, entrance: new.entrance))
            }
            let was = old.children, now = new.children
            // The usual change: the children kept where they were, and new ones after them.
            if was.count <= now.count && zip(was, now).allSatisfy({ $0.id == $1.id }) {
                for k in was.indices where !visit(was[k], now[k]) { return false }
                for k in was.count..<now.count { arrivals.append(.insert(parent: new.id, index: k, node: now[k])) }
                return true
            }
            var position: [String: Int] = [:]
            position.reserveCapacity(was.count)
            for (k, child) in was.enumerated() { position[child.id] = k }
            var next = 0
            for (k, child) in now.enumerated() {
                guard let at = position[child.id] else {
                    arrivals.append(.insert(parent: new.id, index: k, node: child))
                    continue
                }
                // A kept child before one already passed moved among its siblings. So the ones passed over now
                // are gone: were one of them kept, it would come later and fail this check.
                guard at >= next else { return false }
                for gone in was[next..<at] { removals.append(.remove(id: gone.id)) }
                next = at + 1
                guard visit(was[at], child) else { return false }
            }
            for gone in was[next...] { removals.append(.remove(id: gone.id)) }
            return true
        }
        guard visit(old, new) else { return nil }
        return removals + arrivals
    }

    /// The ops in general: nodes indexed by id with their parents, so a node that moved to another parent or among
    /// its siblings, or changed type, is removed and inserted again.
    static func opsWithMoves(from old: UINode, to new: UINode) -> [Op] {
        var before: [String: (node: UINode, parent: String?)] = [:]
        var after: [String: (node: UINode, parent: String?)] = [:]
        index(old, new, parent: nil, before: &before, after: &after)
        /// Whether `node`'s subtree is where and what it was (so nothing below it needs looking at).
        func unchanged(_ node: UINode, in other: [String: (node: UINode, parent: String?)]) -> Bool {
            other[node.id]?.node.isIdentical(to: node) == true
        }

        var replaced = Set<String>()
        for (id, entry) in after {
            if let previous = before[id], previous.parent != entry.parent || previous.node.type != entry.node.type {
                replaced.insert(id)
            }
        }
        func findMoves(_ node: UINode) {
            if let previous = before[node.id], !replaced.contains(node.id) {
                if previous.node.isIdentical(to: node) { return }
                replaced.formUnion(movedAmongSiblings(from: previous.node.children, to: node.children, kept: { id in
                    before[id]?.parent == node.id && !replaced.contains(id)
                }))
            }
            for child in node.children { findMoves(child) }
        }
        findMoves(new)
        var ops: [Op] = []
        // Removals: a node that left (or will be inserted again), unless something above it left already.
        func removals(_ node: UINode, underGone: Bool) {
            let gone = after[node.id] == nil || replaced.contains(node.id)
            if gone && !underGone { ops.append(.remove(id: node.id)) }
            if unchanged(node, in: after) { return }
            for child in node.children { removals(child, underGone: underGone || gone) }
        }
        // Insertions and updates: a node that arrived, unless it came inside an inserted node.
        func arrivals(_ node: UINode, parent: UINode?, underNew: Bool) {
            let isNew = before[node.id] == nil || replaced.contains(node.id)
            if !underNew {
                if isNew, let parent, let index = parent.children.firstIndex(where: { $0.id == node.id }) {
                    ops.append(.insert(parent: parent.id, index: index, node: node))
                } else if !isNew, let previous = before[node.id]?.node,
                          previous.props != node.props || previous.state != node.state || previous.events != node.events
                            || previous.bindings != node.bindings || previous.entrance != node.entrance {
                    ops.append(.update(id: node.id, props: node.props, state: node.state, events: node.events,
                                       bindings: node.bindings, entrance: node.entrance))
                }
            }
            if unchanged(node, in: before) { return }
            for child in node.children { arrivals(child, parent: node, underNew: underNew || isNew) }
        }
        removals(old, underGone: false)
        arrivals(new, parent: nil, underNew: false)
        return ops
    }

    /// Indexes `old` and `new` (nodes of the same id under the same parent) with their parents' ids, and below
    /// them the children matched by id the same way; a child only one side has is indexed with its whole subtree
    /// (it left, arrived, or moved to another parent). A pair of identical nodes is indexed but not looked into.
    private static func index(_ old: UINode, _ new: UINode, parent: String?, before: inout [String: (node: UINode, parent: String?)],
                              after: inout [String: (node: UINode, parent: String?)]) {
        before[old.id] = (old, parent)
        after[new.id] = (new, parent)
        if old.isIdentical(to: new) { return }
        var oldChildren: [String: UINode] = [:]
        oldChildren.reserveCapacity(old.children.count)
        for child in old.children { oldChildren[child.id] = child }
        for child in new.children {
            if let match = oldChildren.removeValue(forKey: child.id) {
                index(match, child, parent: new.id, before: &before, after: &after)
            } else {
                child.walk(parent: new.id) { node, parent in after[node.id] = (node, parent) }
            }
        }
        for child in old.children where oldChildren[child.id] != nil {
            child.walk(parent: old.id) { node, parent in before[node.id] = (node, parent) }
        }
    }

    /// The children kept under one parent that must move so the rest stay in
    /// order: all but a longest run whose old order is the new order.
    static func movedAmongSiblings(from old: [UINode], to new: [UINode], kept: (String) -> Bool) -> Set<String> {
        var oldIndex: [String: Int] = [:]
        for (i, child) in old.enumerated() where kept(child.id) { oldIndex[child.id] = i }
        let sequence = new.compactMap { child in oldIndex[child.id].map { (id: child.id, old: $0) } }
        guard sequence.count > 1 else { return [] }
        // Longest increasing run of old indices (patience sorting), remembering predecessors.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: sequence.count)
        for i in sequence.indices {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if sequence[tails[mid]].old < sequence[i].old { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var inOrder = Set<Int>()
        var i = tails.last ?? -1
        while i >= 0 {
            inOrder.insert(i)
            i = previous[i]
        }
        return Set(sequence.indices.filter { !inOrder.contains($0) }.map { sequence[$0].id })
    }
}
