/// What the host keeps for one reply: its document and renderer, its last
/// tree, its data model, and the actions waiting to be sent.
struct AIUIReply {
    var document: AIUIDocument
    /// The index of the renderer that reads it, if any does.
    var renderer: Int?
    /// Counts changes to what the view depends on (the document, the data
    /// model, the engine's own state); a tree of the current revision is reused.
    var revision = 0
    /// The revision the last tree was made at.
    var renderedRevision: Int?
    /// The last rendered tree (events are checked against it).
    var tree: UINode?
    /// The tree ``AIUIHost/renderOps(messageID:)`` last gave: its next ops start from it.
    var given: UINode?
    /// Renders under way that let go of the last tree (an event then waits for theirs).
    var rendering = 0
    /// The engine's tree that `tree` was made from: a subtree the engine gives again unchanged
    /// is taken from `tree` as it was, without being walked again.
    var viewed: UINode?
    /// Its nodes' entrances and secret bindings (a reference: one per reply, whichever copy of it is at hand).
    let finisher = AIUINodeFinisher()
    /// The reply's data model, shared by the host's bindings and the engine.
    var dataModel: JSONValue = .object(JSONObject())
    /// The data-model keys secret inputs are bound to: never sent.
    var secureKeys: Set<String> { finisher.secureKeys }
    /// The values typed into secret inputs: never sent, wherever they turn up.
    var secrets = Set<String>()
    /// Actions not yet sent, in order.
    var queue: [AIUIAction] = []
    /// Whether a thread is sending the queue now; others leave their actions to it.
    var draining = false
    /// The host's tools its UI started and has not heard back from, in the order started, each with the number the
    /// host gave its run.
    var runningTools: [(run: Int, name: String)] = []

    init(document: AIUIDocument) { self.document = document }

    /// The host's pass over a new view: each node gets its entrance (nodes seen before keep theirs;
    /// the ones this render brings enter together, after all earlier ones), its media through the
    /// policy, and its secret bindings noted. A subtree the engine gave unchanged since the last
    /// render (the same children storage, the same node) is taken from the last tree as it is.
    mutating func finish(_ view: UINode, policy: AIUIPolicy, report: (String) -> Void) -> UINode {
        let next = finisher.nextEntrance()
        var fresh = false
        // The last tree is let go first: when the app let go of it too, the nodes kept from it change in place.
        let made = tree.take()
        let root = finish(view, before: viewed, made: made, next: next, fresh: &fresh, policy: policy, report: report)
        if fresh { finisher.entered(next) }
        viewed = view
        tree = root
        return root
    }

    /// Takes a view its engine already put through the pass (``AIUINodeFinishingEngine``) as the tree.
    mutating func take(finished view: UINode, pass: AIUIRenderPass) -> UINode {
        if pass.fresh { finisher.entered(pass.next) }
        viewed = nil
        tree = view
        return view
    }

    private mutating func finish(_ node: UINode, before: UINode?, made: consuming UINode?, next: Int, fresh: inout Bool,
                                 policy: AIUIPolicy, report: (String) -> Void) -> UINode {
        if let before, let made, node.isSame(as: before) { return made }
        var out: UINode
        var children: [UINode]
        if let before, made?.id == node.id, node.hasSameMembers(as: before) {
            // Only its children changed: the last render's node (its media, entrance and secrets as they were),
            // with its children list taken out to change in place.
            out = (consume made)!
            children = []
            swap(&children, &out.children)
        } else {
            out = node
            // Its last render's entrance, when there is one, is the one its id was given.
            let madeEntrance = made.flatMap { $0.id == node.id ? $0.entrance : nil }
            finisher.finish(&out, known: madeEntrance, next: next, fresh: &fresh, policy: policy, report: report)
            children = made?.children ?? []
        }
        // Children are matched with the last render's by place when the id is the same there. A child the same
        // as there keeps what the last render made of it; the list starts as that render's (shared, not copied
        // child by child), so a long list that changed at one place costs that place. (The last render mirrors
        // the view it was made from node for node, with the same ids: what it made of a child is at its place.)
        let view = node.children
        let beforeChildren = before?.children ?? []
        if children.count > view.count { children.removeSubrange(view.count...) }
        let redo = view.withUnsafeBufferPointer { v in
            beforeChildren.withUnsafeBufferPointer { b in
                let kept = min(b.count, children.count)
                return v.indices.filter { i in !(i < kept && v[i].isSame(as: b[i])) }
            }
        }
        for i in redo {
            let old = i < beforeChildren.count && beforeChildren[i].id == view[i].id ? beforeChildren[i] : nil
            var oldMade: UINode?
            if i < children.count && children[i].id == view[i].id {
                // Taken out of the list, so the list's hold does not make it copy itself.
                oldMade = children[i]
                children[i] = .vacant
            }
            let child = finish(view[i], before: old, made: oldMade.take(), next: next, fresh: &fresh, policy: policy, report: report)
            if i < children.count { children[i] = child } else { children.append(child) }
        }
        out.children = children
        return out
    }
}

extension UINode {
    /// Whether this node and its subtree are the same as `other`'s, known cheaply: the same members
    /// and the very same children storage (a subtree an engine kept and gave again).
    func isSame(as other: UINode) -> Bool {
        if isIdentical(to: other) { return true }
        // The children's storage first: a changed node's usually differs, and it costs least to compare.
        guard children.count == other.children.count else { return false }
        if !children.isEmpty {
            let a = children.withUnsafeBufferPointer { $0.baseAddress }
            let b = other.children.withUnsafeBufferPointer { $0.baseAddress }
            guard a != nil && a == b else { return false }
        }
        return hasSameMembers(as: other)
    }
}
