import StreamChatAI

/// A surface's nodes as last made, and what each read (its component, the
/// data paths it bound), so the next view remakes only the nodes whose
/// inputs changed and patches the nodes above them: a message that adds one
/// line to a long surface costs that line and its ancestors, not the surface.
///
/// Kept nodes are objects linked to their parents and children, and the
/// marks a change leaves on them are view numbers: a view follows the marked
/// paths from the root without looking anything up by id, and builds no set
/// of what changed. Guarded by its engine's lock (so the runtime's exclusivity checks are left out).
final class A2UIViewCache: @unchecked Sendable {
    /// The surface these nodes are of (another generation starts the cache over).
    @exclusivity(unchecked) private(set) var generation = -1
    /// The prefix of their ids (a surface that becomes its reply's first loses it: the cache starts over).
    @exclusivity(unchecked) private(set) var idPrefix = ""
    /// The number of the view being made (marks of earlier views are stale by construction).
    @exclusivity(unchecked) private(set) var view = 0
    /// The nodes kept, by node id (those no longer shown too, until the cache starts over).
    @exclusivity(unchecked) private(set) var nodes: [String: A2UIViewNode] = [:]
    /// Component id → the nodes made by looking it up whose ids are not the component's (a node whose id
    /// is its component's is found by that id), and the parents of those that found it missing.
    @exclusivity(unchecked) private var componentReaders: [String: Set<String>] = [:]
    /// The data paths the nodes read.
    @exclusivity(unchecked) private var pathReaders = A2UIPathReaders()
    /// The size of the last tree, to notice when the cache holds mostly nodes no longer shown.
    @exclusivity(unchecked) var lastSize = 0
    /// Whether the last view ran out of the node budget: its kept nodes hold trees cut short where that view's count
    /// ran out, which a later view, counting otherwise, must not take (see ``A2UIIRBuilder/isOverBudget``).
    @exclusivity(unchecked) var wasOverBudget = false
    /// The surface's own node as the last view gave it (its child is let go before the next view is made).
    @exclusivity(unchecked) var surface: UINode?
    /// The kept node of the root, as the last view made it (nil when it was not kept). There is one only once the
    /// root component arrived, and it stays (a message replaces components, never removes one).
    @exclusivity(unchecked) var root: A2UIViewNode?
    /// The pointers of the surface's binding paths outside templates (they mean the same in every view).
    let pointers = A2UIPointerMemo()
    /// The nodes marked for the view being made, and those marked earlier that no view has reached since: a view
    /// reaches only what it shows, so a component changed while no parent showed it keeps its mark for the view that
    /// shows it again (else that view gives its node as it was before the change).
    @exclusivity(unchecked) private var marked: [A2UIViewNode] = []

    /// Starts a view of the surface `generation` whose ids start with `idPrefix`: the nodes `changes`
    /// make stale are marked, or everything is forgotten when the nodes can't be trusted.
    /// Returns whether kept nodes may be used.
    func begin(generation: Int, idPrefix: String, changes: A2UIChanges) -> Bool {
        view += 1
        // A cache of another surface, after a change of anything, or holding mostly nodes no longer shown starts over.
        guard self.generation == generation, self.idPrefix == idPrefix, !changes.all, nodes.count <= 4 * lastSize + 1_000 else {
            nodes = [:]
            marked = []
            componentReaders = [:]
            pathReaders = A2UIPathReaders()
            lastSize = 0
            surface = nil
            root = nil
            self.generation = generation
            self.idPrefix = idPrefix
            return false
        }
        carryMarks()
        for c in changes.components {
            remake(c)
            for id in componentReaders[c] ?? [] { remake(id) }
        }
        // A component now listed in more places, or fewer, gets other node ids: its parents are made again.
        for c in changes.placements {
            for id in [c] + (componentReaders[c] ?? []) { if let parent = nodes[id]?.parent { remake(parent) } else { remake(id) } }
        }
        for id in changes.nodes { remake(id) }
        if changes.completed {
            for node in nodes.values where node.changesAtCompletion { remake(node) }
        }
        for path in changes.paths { pathReaders.forEachReader(of: path) { remake($0) } }
        return true
    }

    private func remake(_ id: String) {
        if let node = nodes[id] { remake(node) }
    }

    /// Marks `node` to be made again in this view, and its ancestors to be patched.
    private func remake(_ node: A2UIViewNode) {
        node.remakeAt = view
        track(node)
        var above = node.parent
        while let parent = above, parent.patchAt != view {
            parent.patchAt = view
            track(parent)
            above = parent.parent
        }
    }

    /// Keeps `node` among the marked nodes (once), for ``carryMarks()`` to look at when the next view begins.
    private func track(_ node: A2UIViewNode) {
        guard !node.isTracked else { return }
        node.isTracked = true
        marked.append(node)
    }

    /// Moves the marks of the last view that it did not reach (it made the node in no place) to this view.
    private func carryMarks() {
        let last = view - 1
        var kept = 0
        for i in marked.indices {
            let node = marked[i]
            guard node.madeAt < last, nodes[node.id] === node else {
                node.isTracked = false
                continue
            }
            if node.remakeAt == last { node.remakeAt = view }
            if node.patchAt == last { node.patchAt = view }
            marked[kept] = node
            kept += 1
        }
        marked.removeSubrange(kept...)
    }

    /// A new node to make, registered (so a cycle back to it is seen).
    func node(_ id: String, componentID: String) -> A2UIViewNode {
        let made = A2UIViewNode(id: id, componentID: componentID)
        nodes[id] = made
        return made
    }

    /// The node kept under `id`, if any.
    func kept(_ id: String) -> A2UIViewNode? { nodes[id] }

    /// Records that `reader` looked up the component `id`.
    func read(component id: String, by reader: String) {
        guard reader != id else { return }
        componentReaders[id, default: []].insert(reader)
    }

    /// Records that `node` read the data at `path` (once: a node made again reads what it read before).
    func read(_ path: JSONPointer, by node: A2UIViewNode) {
        guard !node.reads.contains(path) else { return }
        node.reads.append(path)
        pathReaders.add(node.id, reading: path)
    }
}

/// The data paths a surface's nodes read, as a tree of their tokens: a change
/// at a path concerns the readers of it, of anything below it (a value inside
/// the one replaced) and of each container above it (a list a template
/// follows, an object bound whole), found by walking the change's tokens.
final class A2UIPathReaders {
    @exclusivity(unchecked) private var below: [String: A2UIPathReaders] = [:]
    /// The nodes that read exactly this path.
    @exclusivity(unchecked) private var readers: [String] = []

    /// Records that node `id` reads `path`.
    func add(_ id: String, reading path: JSONPointer) {
        var level = self
        for token in path.tokens {
            if let next = level.below[token] {
                level = next
            } else {
                let next = A2UIPathReaders()
                level.below[token] = next
                level = next
            }
        }
        level.readers.append(id)
    }

    /// Calls `body` with each node a change at `path` concerns.
    func forEachReader(of path: JSONPointer, _ body: (String) -> Void) {
        var level = self
        for token in path.tokens {
            for id in level.readers { body(id) }
            guard let next = level.below[token] else { return }
            level = next
        }
        level.forEachReaderHere(body)
    }

    private func forEachReaderHere(_ body: (String) -> Void) {
        for id in readers { body(id) }
        for (_, next) in below { next.forEachReaderHere(body) }
    }
}

/// One node of a surface's view as last made: its IR node, the kept nodes
/// of its children in their places, and the marks that say whether the view
/// being made must make it again (what it read changed) or patch it
/// (something below it changed). Used under its engine's lock, one access at a time: the runtime's
/// exclusivity checks on its members are left out (a view reads them for every node it passes).
final class A2UIViewNode {
    let id: String
    /// The component it is made from (an id the template's suffixes can't tell apart is rare, but possible).
    @exclusivity(unchecked) var componentID: String
    /// The component it was last made from (nil while it waits for it).
    @exclusivity(unchecked) var component: A2UIComponent?
    /// The template item it was made for (relative paths resolve against it).
    @exclusivity(unchecked) var scope = A2UIScope()
    /// The nesting depth it was made at (a node moved elsewhere is made again).
    @exclusivity(unchecked) var depth = 0
    /// Its parent in the last view. Not counted (a weak reference would make every retain of a node slow):
    /// every node lives in its cache's table until the cache starts over and drops them all at once.
    @exclusivity(unchecked) unowned(unsafe) var parent: A2UIViewNode?
    /// Its IR as last made (valid when ``isKept``).
    @exclusivity(unchecked) var node = UINode(id: "", type: "")
    /// The kept nodes of its children, in the places of `node.children` (nil for a child not kept: an error).
    @exclusivity(unchecked) var children: [A2UIViewNode?] = []
    /// How many nodes its subtree holds (for the node budget).
    @exclusivity(unchecked) var size = 1
    /// What it stands for, for the events raised on it.
    @exclusivity(unchecked) var ref: A2UINodeRef?
    /// Whether `node` may be given again (it was made whole, not cut short by a limit).
    @exclusivity(unchecked) var isKept = false
    /// The view that must make it again.
    @exclusivity(unchecked) var remakeAt = -1
    /// The view that must patch it: a child changed.
    @exclusivity(unchecked) var patchAt = -1
    /// Whether its cache holds it among the nodes marked for a view (once).
    @exclusivity(unchecked) var isTracked = false
    /// The view that made it last (a second placement in one view is a mistake).
    @exclusivity(unchecked) var madeAt = -1
    /// Whether it is being made now (a way back to it is a cycle).
    @exclusivity(unchecked) var isMaking = false
    /// The view in which a node under it stood in for a component that couldn't be made (a limit, a cycle, a
    /// component placed twice). When that is the view that made it last, it held one then, and it is made again rather
    /// than given whole: ids the refusals' causes repeat may stand inside it, and a view finds a repeat only among the
    /// nodes it made itself.
    @exclusivity(unchecked) var refusalAt = -1
    /// Whether it held a refusal when it was made before the view making it now (``refusalAt``, read before the
    /// making stamps it): the instances of its template are then not taken as a whole.
    @exclusivity(unchecked) var heldRefusal = false
    /// Whether it held a refusal when it was last made (see ``refusalAt``).
    var holdsRefusal: Bool { isKept && refusalAt == madeAt }
    /// Whether its making depends on the reply being complete: it is a placeholder (reported as dangling then), an
    /// app component (told whether the reply streams), or its making found a problem (some are told only then).
    @exclusivity(unchecked) var changesAtCompletion = false
    /// The data paths it registered as read.
    @exclusivity(unchecked) var reads: [JSONPointer] = []
    /// Its children as instances of a template, when its child list is one.
    @exclusivity(unchecked) var instances: A2UITemplateInstances?

    /// Whether it is registered as a reader of its component.
    @exclusivity(unchecked) var readsComponent = false

    init(id: String, componentID: String) {
        self.id = id
        self.componentID = componentID
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
    /// Whether the template was listed in more than one place when they were made: their ids then carry the list's id,
    /// so they are made again when that changes.
    var listedTwice: Bool
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
