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
    var entrances: [String: Int] = [:]
    var lastEntrance = -1
    /// The reply's data model, shared by the host's bindings and the engine.
    var dataModel: JSONValue = .object(JSONObject())
    /// The data-model keys secret inputs are bound to: never sent.
    var secureKeys = Set<String>()
    /// The values typed into secret inputs: never sent, wherever they turn up.
    var secrets = Set<String>()
    /// Actions not yet sent, in order.
    var queue: [AIUIAction] = []
    /// Whether a thread is sending the queue now; others leave their actions to it.
    var draining = false

    init(document: AIUIDocument) { self.document = document }

    /// Gives each node its entrance: nodes seen before keep theirs; the ones
    /// this render brings enter together, after all earlier ones.
    mutating func assignEntrances(_ root: inout UINode) {
        let next = lastEntrance + 1
        var fresh = false
        // `entrances` is changed in place: a copy of it per render would cost the whole tree again.
        root.transform { node in
            if let seen = entrances[node.id] {
                node.entrance = seen
            } else {
                node.entrance = next
                entrances[node.id] = next
                fresh = true
            }
        }
        if fresh { lastEntrance = next }
    }
}
