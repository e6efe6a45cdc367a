extension UIDiff {
    /// Applies `ops` to `tree` one by one, as a front end that keeps its own copy of the tree does, and returns the
    /// new tree: ``ops(from:to:)`` applied to its `old` gives its `new`. Only the nodes above each change are copied;
    /// the rest stay shared with `tree`.
    /// - Throws: ``StreamChatAIError`` (invalid argument) at the first op that names a node the tree lacks, removes
    ///   the root, or inserts past the end of its parent's children, naming the op's place in the list.
    public static func apply(_ ops: [Op], to tree: UINode) throws(StreamChatAIError) -> UINode {
        var root = tree
        for (n, op) in ops.enumerated() {
            func path(to id: String) throws(StreamChatAIError) -> [Int] {
                guard let path = root.path(to: id) else { throw .invalid(at: "ops[\(n)]", "no node \(id) in the tree") }
                return path
            }
            switch op {
            case .replace(let node):
                root = node
            case .remove(let id):
                let at = try path(to: id)
                guard let last = at.last else { throw .invalid(at: "ops[\(n)]", "the root \(id) cannot be removed: replace it") }
                root.change(at: at.dropLast()) { $0.children.remove(at: last) }
            case .insert(let parent, let index, let node):
                let at = try path(to: parent)
                var fits = true
                root.change(at: at[...]) { parent in
                    fits = index >= 0 && index <= parent.children.count
                    if fits { parent.children.insert(node, at: index) }
                }
                guard fits else { throw .invalid(at: "ops[\(n)]", "index \(index) is past the children of \(parent)") }
            case .update(let id, let props, let state, let events, let bindings, let entrance):
                root.change(at: try path(to: id)[...]) { node in
                    node.props = props
                    node.state = state
                    node.events = events
                    node.bindings = bindings
                    node.entrance = entrance
                }
            }
        }
        return root
    }
}

extension UINode {
    /// The child indexes from this node down to the node `id` (empty for this node), depth first; nil when absent.
    func path(to id: String) -> [Int]? {
        if self.id == id { return [] }
        for (i, child) in children.enumerated() {
            if var below = child.path(to: id) {
                below.insert(i, at: 0)
                return below
            }
        }
        return nil
    }

    /// Changes the node at `path` (child indexes from this node), copying only the nodes above it.
    mutating func change(at path: ArraySlice<Int>, _ body: (inout UINode) -> Void) {
        guard let first = path.first else { return body(&self) }
        children[first].change(at: path.dropFirst(), body)
    }
}
