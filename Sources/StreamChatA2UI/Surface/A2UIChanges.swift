import StreamChatAI

/// What changed in a surface since its view was last made: the components
/// (by id), the data (by path) and the user's state (by node id); or, when
/// `all`, anything. The view remakes only the nodes that read them.
struct A2UIChanges: Sendable {
    var components: Set<String> = []
    /// Components now listed in more places, or fewer, than before: their node ids change, so their parents are made again.
    var placements: Set<String> = []
    var paths: [JSONPointer] = []
    var nodes: Set<String> = []
    /// The reply was streaming and is now complete (nothing else about the view changed): only the nodes whose
    /// making depends on that are made again.
    var completed = false
    var all = true

    init(all: Bool = true) { self.all = all }

    var isEmpty: Bool { !all && !completed && components.isEmpty && placements.isEmpty && paths.isEmpty && nodes.isEmpty }

    /// More paths than this and the view is remade whole (cheaper than following each).
    static let maxPaths = 256

    /// Nothing changed any more; the storage is kept for the next changes (a view per message would
    /// otherwise free and make it again each time).
    mutating func clear() {
        if !components.isEmpty { components.removeAll(keepingCapacity: true) }
        if !placements.isEmpty { placements.removeAll(keepingCapacity: true) }
        if !paths.isEmpty { paths.removeAll(keepingCapacity: true) }
        if !nodes.isEmpty { nodes.removeAll(keepingCapacity: true) }
        completed = false
        all = false
    }

    mutating func changed(path: JSONPointer) {
        if path.isRoot || paths.count >= Self.maxPaths { all = true } else { paths.append(path) }
    }
}
