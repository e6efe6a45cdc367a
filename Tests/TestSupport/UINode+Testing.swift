import StreamChatAI

/// A tree as a fresh render gives it: entrances (which count renders) left out.
public func plainTree(_ node: UINode?) -> UINode? {
    guard var node else { return nil }
    node.transform { $0.entrance = 0 }
    return node
}

/// Where a streamed tree first differs from a fresh one: the node's id in each, its type, props, state and children's ids.
public func firstDifference(_ a: UINode?, _ b: UINode?) -> String {
    guard let a, let b else { return "streamed \(a == nil ? "nil" : "a tree"), fresh \(b == nil ? "nil" : "a tree")" }
    if a.id == b.id, a.type == b.type, a.props == b.props, a.children.count == b.children.count, a.state == b.state, a.events == b.events,
       a.bindings == b.bindings {
        for (x, y) in zip(a.children, b.children) where x != y { return firstDifference(x, y) }
    }
    func describe(_ n: UINode) -> String {
        "\(n.id) \(n.type) \(JSONSerializer.string(.object(n.props))) state \(n.state) children \(n.children.map(\.id))"
    }
    return "streamed: " + describe(a) + "\nfresh:    " + describe(b)
}

extension UINode {
    /// Every node of the subtree, depth first.
    public var all: [UINode] {
        var out: [UINode] = []
        walk { node, _ in out.append(node) }
        return out
    }
}
