import StreamChatAI

/// A surface's nodes as last made, and what each read (its component, the
/// data paths it bound), so the next view remakes only the nodes whose
/// inputs changed and patches the nodes above them: a message that adds one
/// line to a long surface costs that line and its ancestors, not the surface.
///
/// Kept nodes are objects linked to their parents and children, and the
/// marks a change leaves on them are view numbers: a view follows the marked
/// paths from the root without looking anything up by id, and builds no set
/// of what changed. Guarded by its engine's lock.
final class A2UIViewCache: @unchecked Sendable {
    /// The surface these nodes are of (another generation starts the cache over).
    private(set) var generation = -1
    /// The prefix of their ids (a surface that becomes its reply's first loses it: the cache starts over).
    private(set) var idPrefix = ""
    /// The number of the view being made (marks of earlier views are stale by construction).
    private(set) var view = 0
    /// The nodes kept, by node id (those no longer shown too, until the cache starts over).
    private(set) var nodes: [String: A2UIViewNode] = [:]
    /// Component id → the nodes made by looking it up (and the parents of those that found it missing).
    private var componentReaders: [String: Set<String>] = [:]
    /// Data path → the nodes that read exactly it.
    private var pathReaders: [String: Set<String>] = [:]
    /// Data path → the nodes that read something below it.
    private var prefixReaders: [String: Set<String>] = [:]
    /// The size of the last tree, to notice when the cache holds mostly nodes no longer shown.
    var lastSize = 0
    /// The surface's own node, without its child.
    var surface: UINode?

    /// Starts a view of the surface `generation` whose ids start with `idPrefix`: the nodes `changes`
    /// make stale are marked, or everything is forgotten when the nodes can't be trusted.
    /// Returns whether kept nodes may be used.
    func begin(generation: Int, idPrefix: String, changes: A2UIChanges) -> Bool {
        view += 1
        // A cache of another surface, after a change of anything, or holding mostly nodes no longer shown starts over.
        guard self.generation == generation, self.idPrefix == idPrefix, !changes.all, nodes.count <= 4 * lastSize + 1_000 else {
            nodes = [:]
            componentReaders = [:]
            pathReaders = [:]
            prefixReaders = [:]
            lastSize = 0
            surface = nil
            self.generation = generation
            self.idPrefix = idPrefix
            return false
        }
        for c in changes.components { for id in componentReaders[c] ?? [] { remake(id) } }
        // A component now listed in more places, or fewer, gets other node ids: its parents are made again.
        for c in changes.placements {
            for id in componentReaders[c] ?? [] { if let parent = nodes[id]?.parent { remake(parent) } else { remake(id) } }
        }
        for id in changes.nodes { remake(id) }
        for path in changes.paths {
            let text = path.description
            for id in pathReaders[text] ?? [] { remake(id) }
            for id in prefixReaders[text] ?? [] { remake(id) }
            // Reads of a container above the path (a template's list, a whole object bound to a text).
            var above = path
            while !above.isRoot {
                above = above.parent
                for id in pathReaders[above.description] ?? [] { remake(id) }
            }
        }
        return true
    }

    private func remake(_ id: String) {
        if let node = nodes[id] { remake(node) }
    }

    /// Marks `node` to be made again in this view, and its ancestors to be patched.
    private func remake(_ node: A2UIViewNode) {
        node.remakeAt = view
        var above = node.parent
        while let parent = above, parent.patchAt != view {
            parent.patchAt = view
            above = parent.parent
        }
    }

    /// The node kept under `id`, or a new one to make (registered, so a cycle back to it is seen).
    func node(_ id: String, componentID: String, scope: A2UIScope, depth: Int) -> A2UIViewNode {
        if let kept = nodes[id] {
            kept.scope = scope
            kept.depth = depth
            return kept
        }
        let made = A2UIViewNode(id: id, componentID: componentID, scope: scope, depth: depth)
        nodes[id] = made
        return made
    }

    /// The node kept under `id`, if any.
    func kept(_ id: String) -> A2UIViewNode? { nodes[id] }

    /// Records that `reader` looked up the component `id`.
    func read(component id: String, by reader: String) {
        componentReaders[id, default: []].insert(reader)
    }

    /// Records that `node` read the data at `path` (once: a node made again reads what it read before).
    func read(_ path: JSONPointer, by node: A2UIViewNode) {
        guard !node.reads.contains(path) else { return }
        node.reads.append(path)
        pathReaders[path.description, default: []].insert(node.id)
        var above = path
        while !above.isRoot {
            above = above.parent
            prefixReaders[above.description, default: []].insert(node.id)
        }
    }
}

/// One node of a surface's view as last made: its IR node, the kept nodes
/// of its children in their places, and the marks that say whether the view
/// being made must make it again (what it read changed) or patch it
/// (something below it changed).
final class A2UIViewNode {
    let id: String
    let componentID: String
    /// The template item it was made for (relative paths resolve against it).
    var scope: A2UIScope
    /// The nesting depth it was made at (a node moved elsewhere is made again).
    var depth: Int
    /// Its parent in the last view. Not counted (a weak reference would make every retain of a node slow):
    /// every node lives in its cache's table until the cache starts over and drops them all at once.
    unowned(unsafe) var parent: A2UIViewNode?
    /// Its IR as last made (valid when ``isKept``).
    var node = UINode(id: "", type: "")
    /// The kept nodes of its children, in the places of `node.children` (nil for a child not kept: an error).
    var children: [A2UIViewNode?] = []
    /// How many nodes its subtree holds (for the node budget).
    var size = 1
    /// What it stands for, for the events raised on it.
    var ref: A2UINodeRef?
    /// Whether `node` may be given again (it was made whole, not cut short by a limit).
    var isKept = false
    /// The view that must make it again.
    var remakeAt = -1
    /// The view that must patch it: a child changed.
    var patchAt = -1
    /// The view that made it last (a second placement in one view is a mistake).
    var madeAt = -1
    /// Whether it is being made now (a way back to it is a cycle).
    var isMaking = false
    /// The data paths it registered as read.
    var reads: [JSONPointer] = []
    /// Its children as instances of a template, when its child list is one.
    var instances: A2UITemplateInstances?

    init(id: String, componentID: String, scope: A2UIScope, depth: Int) {
        self.id = id
        self.componentID = componentID
        self.scope = scope
        self.depth = depth
    }
}

/// A template's instances as last made, for the node whose child list is
/// the template: when the list grows (one item a message is how agents
/// stream long lists) the instances made before are kept as they were,
/// without making their ids or scopes again.
struct A2UITemplateInstances {
    var pointer: JSONPointer
    var templateID: String
    /// The depth the instances were made at.
    var depth: Int
    /// The keys of the items when the template is over an object (nil over an array).
    var keys: [String]?
    /// Where the instances start in the owner's children.
    var start: Int
    /// The instances' kept nodes, in order (each is kept: the list stops at the first that is not).
    var items: [A2UIViewNode] = []
    /// Their IR, in order: one array, shared with the owner's children.
    var nodes: [UINode] = []

    mutating func truncate(to count: Int) {
        guard count < items.count else { return }
        items.removeSubrange(count...)
        if nodes.count > count { nodes.removeSubrange(count...) }
    }
}
