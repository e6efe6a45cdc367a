import StreamChatAI

/// A surface's nodes as last made, and what each read (its component, the
/// data paths it bound), so the next view remakes only the nodes whose
/// inputs changed and the nodes above them: a message that adds one line to
/// a long surface costs that line and its ancestors, not the surface.
struct A2UIViewCache: Sendable {
    struct Entry: Sendable {
        var node: UINode
        /// The nesting depth it was made at (a node moved elsewhere is made again).
        var depth: Int
        /// How many nodes its subtree holds (for the node budget).
        var size: Int
    }

    /// A template's instances as last made, for the node whose child list is
    /// the template: when the list grows (one item a message is how agents
    /// stream long lists) the instances made before are kept as they were,
    /// without making their ids or scopes again.
    struct Instances: Sendable {
        var pointer: JSONPointer
        var templateID: String
        /// The depth the instances were made at.
        var depth: Int
        /// The keys of the items when the template is over an object (nil over an array).
        var keys: [String]?
        var ids: [String] = []
        var scopes: [A2UIScope] = []
        var nodes: [UINode] = []
        /// How many nodes each instance's subtree holds.
        var sizes: [Int] = []
        /// Where each instance's id is in ``ids``.
        var index: [String: Int] = [:]

        /// Adds an instance (its node goes in ``nodes`` with the others, once the list is made).
        mutating func append(_ id: String, _ scope: A2UIScope, size: Int) {
            index[id] = ids.count
            ids.append(id)
            scopes.append(scope)
            sizes.append(size)
        }

        mutating func truncate(to count: Int) {
            guard count < ids.count else { return }
            for id in ids[count...] { index[id] = nil }
            ids.removeSubrange(count...)
            scopes.removeSubrange(count...)
            if nodes.count > count { nodes.removeSubrange(count...) }
            sizes.removeSubrange(count...)
        }
    }

    /// Template instances by the id of the node whose children they are.
    var instances: [String: Instances] = [:]

    /// The surface these nodes are of (another generation starts the cache over).
    var generation = -1
    /// The prefix of their ids (a surface that becomes its reply's first loses it: the cache starts over).
    var idPrefix = ""
    var entries: [String: Entry] = [:]
    /// Each node's parent node (nil for root).
    var parents: [String: String] = [:]
    /// Component id → the nodes made by looking it up (also those that found it missing).
    var componentReaders: [String: Set<String>] = [:]
    /// Data path → the nodes that read exactly it.
    var pathReaders: [String: Set<String>] = [:]
    /// Data path → the nodes that read something below it.
    var prefixReaders: [String: Set<String>] = [:]
    /// The nodes made, by id, for the events they raise.
    var refs: [String: A2UINodeRef] = [:]
    /// The size of the last tree, to notice when the cache holds mostly nodes no longer shown.
    var lastSize = 0
    /// The surface's own node, without its child.
    var surface: UINode?

    /// Forgets everything.
    mutating func reset(generation: Int, idPrefix: String) {
        self = A2UIViewCache()
        self.generation = generation
        self.idPrefix = idPrefix
    }

    /// The nodes that must be made again for `changes` (those that read what changed), and the
    /// nodes above them, which are kept with those children made again.
    func dirty(for changes: A2UIChanges) -> (dirty: Set<String>, above: Set<String>) {
        var dirty = Set<String>()
        var aboveDirty = Set<String>()
        func mark(_ id: String) {
            dirty.insert(id)
            var id = id
            while let parent = parents[id], aboveDirty.insert(parent).inserted { id = parent }
        }
        for c in changes.components { for n in componentReaders[c] ?? [] { mark(n) } }
        for c in changes.placements { for n in componentReaders[c] ?? [] { mark(parents[n] ?? n) } }
        for n in changes.nodes { mark(n) }
        for path in changes.paths {
            let text = path.description
            for n in pathReaders[text] ?? [] { mark(n) }
            for n in prefixReaders[text] ?? [] { mark(n) }
            // Reads of a container above the path (a template's list, a whole object bound to a text).
            var above = path
            while !above.isRoot {
                above = above.parent
                for n in pathReaders[above.description] ?? [] { mark(n) }
            }
        }
        return (dirty, aboveDirty.subtracting(dirty))
    }

    /// Records that `node` read the data at `path`.
    mutating func read(_ path: JSONPointer, by node: String) {
        pathReaders[path.description, default: []].insert(node)
        var above = path
        while !above.isRoot {
            above = above.parent
            prefixReaders[above.description, default: []].insert(node)
        }
    }
}
