/// A node of the UI IR: the toolkit-neutral tree that GTK, Qt, a terminal or a
/// web page draws. See `docs/ui-ir.md` for the format and its JSON Schema.
///
/// Ids come from the source (a step id, a component id) and stay the same
/// while a reply streams, so a host can update only what changed.
public struct UINode: Sendable, Hashable {
    /// Whether a node can be drawn yet.
    public enum State: String, Sendable, Hashable {
        /// Ready to draw.
        case ready
        /// Still arriving: its arguments don't decode yet.
        case pending
    }

    /// The members, in one object shared by the copies of a node until one of
    /// them changes: a copy costs one reference, not one per member, which is
    /// what keeping and patching trees while a reply streams does most.
    final class Storage: @unchecked Sendable {
        // Safe to share across threads: a storage is changed only while one node holds it (copy on write), so no
        // two accesses to it can overlap, and the runtime's exclusivity checks on every access are left out.
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var type: String
        @exclusivity(unchecked) var props: JSONObject
        @exclusivity(unchecked) var children: [UINode]
        @exclusivity(unchecked) var events: [String]
        @exclusivity(unchecked) var state: State
        @exclusivity(unchecked) var bindings: JSONObject
        @exclusivity(unchecked) var entrance: Int

        init(id: String, type: String, props: JSONObject, children: [UINode], events: [String], state: State,
             bindings: JSONObject, entrance: Int) {
            self.id = id
            self.type = type
            self.props = props
            self.children = children
            self.events = events
            self.state = state
            self.bindings = bindings
            self.entrance = entrance
        }

        func copy() -> Storage {
            Storage(id: id, type: type, props: props, children: children, events: events, state: state, bindings: bindings, entrance: entrance)
        }
    }

    private var storage: Storage

    /// The storage, made this node's own before a change.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// A stable id, unique in its tree.
    public var id: String {
        get { storage.id }
        _modify { yield &unique.id }
    }
    /// What the node is, such as `reasoning`, `paragraph`, `tool_call`.
    public var type: String {
        get { storage.type }
        _modify { yield &unique.type }
    }
    /// The node's resolved properties.
    public var props: JSONObject {
        get { storage.props }
        _modify { yield &unique.props }
    }
    /// The nodes inside, in order.
    public var children: [UINode] {
        get { storage.children }
        _modify { yield &unique.children }
    }
    /// The names of the events the node can raise, such as `toggle`.
    public var events: [String] {
        get { storage.events }
        _modify { yield &unique.events }
    }
    /// Whether the node can be drawn yet.
    public var state: State {
        get { storage.state }
        _modify { yield &unique.state }
    }
    /// Inputs bound to the reply's UI state: prop name → state key (such as `{"value": "email"}`).
    public var bindings: JSONObject {
        get { storage.bindings }
        _modify { yield &unique.bindings }
    }
    /// When the node enters: nodes with the same number enter together, lower
    /// numbers first; everything of a reply rendered from history has 0.
    public var entrance: Int {
        get { storage.entrance }
        _modify { yield &unique.entrance }
    }

    /// Creates a node.
    public init(id: String, type: String, props: JSONObject = JSONObject(), children: [UINode] = [],
                events: [String] = [], state: State = .ready, bindings: JSONObject = JSONObject(), entrance: Int = 0) {
        storage = Storage(id: id, type: type, props: props, children: children, events: events, state: state,
                          bindings: bindings, entrance: entrance)
    }

    /// What stands in a tree for a node taken out of it a moment, so the node is held once and a change
    /// to it is made in place (the renderers and the host patch their last trees this way).
    package static let vacant = UINode(id: "", type: "")

    /// Whether `other` is a copy of this node that neither has changed since (the same storage).
    public func isIdentical(to other: UINode) -> Bool { storage === other.storage }

    /// Whether two nodes have the same members and subtrees.
    public static func == (a: UINode, b: UINode) -> Bool {
        a.storage === b.storage || a.hasSameMembers(as: b) && a.entrance == b.entrance && a.children == b.children
    }

    /// Whether this node's own members (all but its children and entrance) are `other`'s: cheap when an
    /// engine kept them (the same storage of props and bindings).
    func hasSameMembers(as other: UINode) -> Bool {
        let x = storage, y = other.storage
        return x.id == y.id && x.type == y.type && x.state == y.state && x.events == y.events
            && x.bindings == y.bindings && x.props == y.props
    }

    /// Hashes every member and the subtree.
    public func hash(into hasher: inout Hasher) {
        let s = storage
        hasher.combine(s.id)
        hasher.combine(s.type)
        hasher.combine(s.props)
        hasher.combine(s.children)
        hasher.combine(s.events)
        hasher.combine(s.state)
        hasher.combine(s.bindings)
        hasher.combine(s.entrance)
    }

    /// `{"id", "type", "props", "children", "events", "state", "bindings", "entrance"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("type", .string(type)),
            ("props", .object(props)),
            ("children", .array(children.map(\.jsonValue))),
            ("events", .array(events.map(JSONValue.string))),
            ("state", .string(state.rawValue)),
            ("bindings", .object(bindings)),
            ("entrance", .integer(Int64(entrance))),
        ]))
    }
}

extension UINode {
    /// Reads a whole tree from outside (a renderer plugin's view, a C caller's render): a node as
    /// ``init(json:path:depth:)`` reads it, whose ids each name one node, as diffs and events need them to.
    /// Errors name the JSON path.
    public init(tree json: JSONValue) throws(StreamChatAIError) {
        try self.init(json: json)
        guard let repeated = repeatedID else { return }
        // (The places are worked out only for the error: a renderer's tree is read on every render.)
        var places: [String] = []
        walkWithPaths(path: "$") { node, path in if node.id == repeated && places.count < 2 { places.append(path) } }
        throw .invalid(at: places[1] + ".id", "the id \(JSONSerializer.quoted(repeated)) names two nodes (the other is \(places[0])): ids must be unique in a tree")
    }

    /// The first id (depth first) that names a second node of this tree, or nil when each id names one node, as
    /// diffs and events need.
    public var repeatedID: String? {
        var ids = Set<String>()
        var repeated: String?
        walk { node, _ in if repeated == nil && !ids.insert(node.id).inserted { repeated = node.id } }
        return repeated
    }

    /// Visits this node and those below it, each with its JSON path (`$.children[1].children[0]`).
    private func walkWithPaths(path: String, _ visit: (UINode, String) -> Void) {
        visit(self, path)
        for (i, child) in children.enumerated() { child.walkWithPaths(path: path + ".children[\(i)]", visit) }
    }

    /// Reads a node (as a renderer plugin writes it): `id` and `type` are
    /// required; `props`, `children`, `events`, `state`, `bindings` optional.
    /// Errors name the JSON path.
    public init(json: JSONValue, path: String = "$", depth: Int = 0) throws(StreamChatAIError) {
        guard depth < 64 else { throw .invalid(at: path, "UI nested deeper than 64 levels") }
        guard case .object(let o) = json else { throw .invalid(at: path, "a node must be an object, found \(json.typeName)") }
        guard case .string(let id)? = o["id"], !id.isEmpty else { throw .invalid(at: path + ".id", "a node needs a non-empty string id") }
        guard case .string(let type)? = o["type"], !type.isEmpty else { throw .invalid(at: path + ".type", "a node needs a non-empty string type") }
        func object(_ key: String) throws(StreamChatAIError) -> JSONObject {
            switch o[key] {
            case nil, .null?: return JSONObject()
            case .object(let value)?: return value
            case let other?: throw .invalid(at: path + "." + key, "expected an object, found \(other.typeName)")
            }
        }
        var children: [UINode] = []
        switch o["children"] {
        case nil, .null?: break
        case .array(let list)?:
            for (i, child) in list.enumerated() {
                children.append(try UINode(json: child, path: path + ".children[\(i)]", depth: depth + 1))
            }
        case let other?: throw .invalid(at: path + ".children", "expected an array, found \(other.typeName)")
        }
        let events = o["events"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let state: State
        switch o["state"]?.stringValue {
        case nil, "ready": state = .ready
        case "pending": state = .pending
        case let other?: throw .invalid(at: path + ".state", "expected ready or pending, found \(other)")
        }
        self.init(id: id, type: type, props: try object("props"), children: children, events: events, state: state,
                  bindings: try object("bindings"))
    }
}
