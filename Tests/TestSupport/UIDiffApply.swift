import StreamChatAI

/// An op that does not fit the tree it is applied to.
public struct UIDiffMisfit: Error, CustomStringConvertible {
    public let description: String
}

/// Applies `ops` to `tree` one by one, the way a front end would; throws at the first op that names a node the
/// tree does not have or an index past its parent's children.
public func applying(_ ops: [UIDiff.Op], to tree: UINode) throws -> UINode {
    var root = tree
    for op in ops {
        var found = false
        var fits = true
        switch op {
        case .replace(let node):
            root = node
            found = true
        case .remove(let id):
            root.transform { node in
                if let i = node.children.firstIndex(where: { $0.id == id }) {
                    node.children.remove(at: i)
                    found = true
                }
            }
        case .insert(let parent, let index, let child):
            root.transform { node in
                guard node.id == parent else { return }
                found = true
                fits = index <= node.children.count
                node.children.insert(child, at: min(index, node.children.count))
            }
        case .update(let id, let props, let state, let events, let bindings, let entrance):
            root.transform { node in
                guard node.id == id else { return }
                found = true
                node.props = props
                node.state = state
                node.events = events
                node.bindings = bindings
                node.entrance = entrance
            }
        }
        guard found, fits else { throw UIDiffMisfit(description: "\(op.jsonValue) does not fit the tree") }
    }
    return root
}
