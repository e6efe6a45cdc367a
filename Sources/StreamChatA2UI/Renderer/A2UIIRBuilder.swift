import StreamChatAI

/// Makes one surface's UI IR from its component graph: `root` under the
/// surface node, children by id or by template over a data list (instances
/// get ids such as `row@/items/2`; a component listed in two places gets one
/// per place, such as `button^modal`), a child that has not arrived
/// `pending`; cycles and nesting past the limit become error nodes and are
/// reported, never followed. Nodes whose inputs did not change since the last
/// view come from its cache (``A2UIViewCache``) as they were.
struct A2UIIRBuilder {
    /// The deepest component nesting followed.
    static let maxDepth = 50
    /// The most instances one template makes.
    static let maxTemplateInstances = 1_000
    /// The most nodes one surface renders (templates in templates multiply).
    static let maxNodes = 20_000

    let surface: A2UISurface
    let catalog: A2UICatalog
    /// Put before every node id of the surface (empty for a reply's first surface).
    let idPrefix: String
    /// Whether the reply is complete: then a child still missing is reported.
    let isComplete: Bool
    let host: Host
    var evaluator: A2UIEvaluator
    /// The last view's nodes, updated as this one is made.
    var cache: A2UIViewCache
    /// Whether cached nodes may be used (else everything is made again).
    private let reuse: Bool
    /// The cached nodes that must be made again (they read what changed).
    private let dirty: Set<String>
    /// The cached nodes above those: kept, with their changed children made again.
    private let below: Set<String>
    /// For each node of `below`, its children to make again (in `dirty` or `below`).
    private let changedChildren: [String: [String]]
    private(set) var problems: [A2UIProblem] = []
    private var onStack: Set<String> = []
    /// The nodes made fresh in this view.
    private var placed: Set<String> = []
    /// The node being made (the parent of the next).
    private var current: String?
    private var made = 0

    /// What the builder needs of the UI host.
    struct Host {
        /// The app component of a name, if the renderer may place it.
        var appComponent: (String) -> AIUIComponentDefinition?
        /// A node for an app component with its resolved arguments.
        var appNode: (AIUIComponentDefinition, String, JSONValue) -> UINode
        /// The URL to load a medium from, or nil to withhold it.
        var mediaURL: (String) -> String?
    }

    init(surface: A2UISurface, catalog: A2UICatalog, idPrefix: String, isComplete: Bool, host: Host, evaluator: A2UIEvaluator,
         cache: A2UIViewCache = A2UIViewCache(), changes: A2UIChanges = A2UIChanges()) {
        self.surface = surface
        self.catalog = catalog
        self.idPrefix = idPrefix
        self.isComplete = isComplete
        self.host = host
        self.evaluator = evaluator
        var cache = cache
        // A cache of another surface, after a change of anything, or holding mostly nodes no longer shown starts over.
        let reuse = cache.generation == surface.generation && cache.idPrefix == idPrefix && !changes.all
            && cache.entries.count <= 4 * cache.lastSize + 1_000
        if !reuse { cache.reset(generation: surface.generation, idPrefix: idPrefix) }
        self.reuse = reuse
        (self.dirty, self.below) = reuse ? cache.dirty(for: changes) : ([], [])
        var changedChildren: [String: [String]] = [:]
        for id in dirty { if let parent = cache.parents[id] { changedChildren[parent, default: []].append(id) } }
        for id in below { if let parent = cache.parents[id] { changedChildren[parent, default: []].append(id) } }
        self.changedChildren = changedChildren
        self.cache = cache
    }

    mutating func report(_ code: String, _ message: String) {
        problems.append(A2UIProblem(code, message, surfaceID: surface.id))
    }

    /// The surface's node, with `root` inside once it arrived.
    mutating func build() -> UINode {
        if cache.surface == nil {
            // The surface's own node is the same for its whole life: made once.
            cache.surface = UINode(id: idPrefix + "surface:" + surface.id, type: "Surface",
                                   props: ["surface_id": .string(surface.id), "catalog_id": surface.catalogID.map(JSONValue.string) ?? .null,
                                           "send_data_model": .bool(surface.sendDataModel)])
        }
        var node = cache.surface!
        if surface.components["root"] != nil {
            node.children = [self.node("root", A2UIScope(), parent: nil, depth: 0)]
            cache.lastSize = cache.entries[node.children[0].id]?.size ?? 1
        } else {
            node.state = .pending
            // An empty surface is only waiting (a later reply may fill it); components without a root are a mistake.
            if isComplete && !surface.components.isEmpty { report(A2UIProblem.Code.danglingReference, "Missing root component: no component has id 'root'") }
        }
        problems += evaluator.problems
        for (reader, path) in evaluator.reads { cache.read(path, by: reader) }
        return node
    }

    /// The node of component `id` in `scope`, under `parent` (a component type, for `weight`).
    /// The work that does not recurse lives in helpers that are never inlined, so each level of
    /// nesting costs this thread's stack little.
    mutating func node(_ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int, occurrence: Int = 0) -> UINode {
        var scope = scope
        let nodeID = place(id, &scope, parent: parent, occurrence: occurrence)
        return make(nodeID, id, scope, parent: parent, depth: depth)
    }

    /// The node `nodeID` of component `id`: as cached when nothing it read changed; its cached self
    /// with only its changed children made again when only something below it changed; else made.
    private mutating func make(_ nodeID: String, _ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int) -> UINode {
        let parentID = current
        if reuse, let entry = cache.entries[nodeID], entry.depth == depth, !dirty.contains(nodeID), !onStack.contains(nodeID) {
            // What it read was recorded when it was made; only a move to another parent is news.
            if cache.parents[nodeID] != parentID { cache.parents[nodeID] = parentID }
            if !below.contains(nodeID) {
                made += entry.size
                return entry.node
            }
            if let component = surface.components[id], let patched = patch(entry, component, depth: depth) { return patched }
        }
        cache.componentReaders[id, default: []].insert(nodeID)
        cache.parents[nodeID] = parentID
        if let refused = refusal(id, nodeID, parent: parent, depth: depth) { return refused }
        guard let component = surface.components[id] else { return errorNode(nodeID, id, "missing") }
        placed.insert(nodeID)
        return inside(nodeID) { builder in
            builder.cache.refs[nodeID] = A2UINodeRef(nodeID: nodeID, surfaceID: builder.surface.id, componentID: id, type: component.type, scope: scope)
            var node: UINode
            if let spec = builder.catalog.spec(component.type) {
                node = builder.basicNode(component, spec: spec, nodeID: nodeID, scope, depth: depth)
            } else {
                node = builder.otherNode(component, nodeID: nodeID, scope)
                if node.type == "error" { return node }
            }
            builder.decorate(&node, component, parent: parent, scope)
            builder.remember(node, depth: depth)
            return node
        }
    }

    /// Runs `body` as the making of node `nodeID`: the data it reads counts to that node, the nodes it
    /// makes are its children, and a way back to it is a cycle.
    private mutating func inside<T>(_ nodeID: String, _ body: (inout Self) -> T) -> T {
        onStack.insert(nodeID)
        let readerBefore = evaluator.reader
        let parentBefore = current
        current = nodeID
        evaluator.reader = nodeID
        defer {
            onStack.remove(nodeID)
            current = parentBefore
            evaluator.reader = readerBefore
        }
        return body(&self)
    }

    /// A cached node whose own inputs did not change: its children that did (or hold one that did)
    /// are made again in place; the others stay as they were.
    /// Nil when a changed child can't be made on its own (a placeholder, an error): then the node is made again.
    private mutating func patch(_ entry: A2UIViewCache.Entry, _ component: A2UIComponent, depth: Int) -> UINode? {
        var node = entry.node
        let nodeID = node.id
        // Few children change at a time: a short list, looked through, costs less than a set.
        let wanted = changedChildren[nodeID] ?? []
        let changed = node.children.indices.filter { wanted.contains(node.children[$0].id) }
        guard changed.allSatisfy({ cache.refs[node.children[$0].id] != nil }) else { return nil }
        var size = entry.size
        made += 1
        inside(nodeID) { builder in
            for i in changed {
                let childID = node.children[i].id
                guard let ref = builder.cache.refs[childID] else { continue }
                size -= builder.cache.entries[childID]?.size ?? 1
                node.children[i] = builder.make(childID, ref.componentID, ref.scope, parent: component, depth: depth + 1)
                let childSize = builder.cache.entries[childID]?.size ?? 1
                size += childSize
                // A template's instance made again here is the one its list keeps.
                if let k = builder.cache.instances[nodeID]?.index[childID] {
                    builder.cache.instances[nodeID]!.nodes[k] = node.children[i]
                    builder.cache.instances[nodeID]!.sizes[k] = childSize
                }
            }
        }
        // The children not made again count as they were.
        made += size - 1 - changed.reduce(0) { $0 + (cache.entries[node.children[$1].id]?.size ?? 1) }
        if component.type == "Button" { node.props["label"] = .string(node.children.first.flatMap(Self.text) ?? "") }
        cache.entries[nodeID] = A2UIViewCache.Entry(node: node, depth: depth, size: size)
        return node
    }

    /// Keeps a node made fresh for the next view.
    @inline(never)
    private mutating func remember(_ node: UINode, depth: Int) {
        var size = 1
        if let instances = cache.instances[node.id], instances.ids.count == node.children.count {
            size += instances.sizes.reduce(0, +)
        } else {
            for child in node.children { size += cache.entries[child.id]?.size ?? 1 }
        }
        cache.entries[node.id] = A2UIViewCache.Entry(node: node, depth: depth, size: size)
    }

    /// The node id of a placement: the component's id in its scope; one that two components list
    /// (a Modal's trigger that also sits in a Column) or one listed twice gets its parent's id too.
    private func place(_ id: String, _ scope: inout A2UIScope, parent: A2UIComponent?, occurrence: Int) -> String {
        if let parent, occurrence > 0 || surface.referrers[id] ?? 0 >= 2 {
            scope.placement += "^" + parent.id + (occurrence > 0 ? "#\(occurrence)" : "")
        }
        let suffix = scope.idSuffix
        return idPrefix.isEmpty && suffix.isEmpty ? id : idPrefix + id + suffix
    }

    /// The node that stands in for a component that can't be made here (and the report), or nil.
    @inline(never)
    private mutating func refusal(_ id: String, _ nodeID: String, parent: A2UIComponent?, depth: Int) -> UINode? {
        made += 1
        guard made <= Self.maxNodes else {
            if made == Self.maxNodes + 1 { report(A2UIProblem.Code.limit, "the surface makes more than \(Self.maxNodes) nodes; the rest do not show") }
            return errorNode(nodeID + "#limit", id, "too many nodes")
        }
        guard depth <= Self.maxDepth else {
            report(A2UIProblem.Code.limit, "Global recursion limit exceeded: logical depth over \(Self.maxDepth) at \(id)")
            return errorNode(nodeID + "#limit", id, "nested too deep")
        }
        guard StackGuard.hasRoom() else {
            report(A2UIProblem.Code.limit, "components at \(id) are \(StackGuard.refusal)")
            return errorNode(nodeID + "#limit", id, "nested too deep")
        }
        guard surface.components[id] != nil else {
            if isComplete {
                report(A2UIProblem.Code.danglingReference,
                       "Dangling reference: Component '\(parent?.id ?? "Surface")' references non-existent component '\(id)'")
            }
            return UINode(id: nodeID, type: "placeholder", props: ["component_id": .string(id)], state: .pending)
        }
        guard !onStack.contains(nodeID) else {
            let what = parent?.id == id ? "Self-reference detected: Component '\(id)' references itself"
                                        : "Circular reference detected: Component '\(parent?.id ?? "?")' references its ancestor '\(id)'"
            report(A2UIProblem.Code.circularReference, what)
            return errorNode(nodeID + "#cycle@" + (parent?.id ?? ""), id, "circular reference")
        }
        guard !placed.contains(nodeID) else {
            report(A2UIProblem.Code.duplicateID, "Component '\(id)' is placed twice under '\(parent?.id ?? "Surface")'; it shows once")
            return errorNode(nodeID + "#again@" + (parent?.id ?? ""), id, "placed twice")
        }
        return nil
    }

    /// An app component's node with its resolved arguments, or an unknown type's error node.
    @inline(never)
    private mutating func otherNode(_ component: A2UIComponent, nodeID: String, _ scope: A2UIScope) -> UINode {
        guard let app = host.appComponent(component.type) else {
            report(A2UIProblem.Code.unknownComponent,
                   "Validation failed for component '\(component.type)': Unrecognized component type '\(component.type)' (\(component.id))")
            return errorNode(nodeID, component.id, "unknown component type \(component.type)")
        }
        var arguments = JSONObject()
        for (key, value) in component.properties where !["weight", "accessibility", "metadata"].contains(key) {
            arguments[key] = evaluator.resolve(value, scope)
        }
        return host.appNode(app, nodeID, .object(arguments))
    }

    /// `weight` (under a Row or Column) and the resolved `accessibility`.
    @inline(never)
    private mutating func decorate(_ node: inout UINode, _ component: A2UIComponent, parent: A2UIComponent?, _ scope: A2UIScope) {
        if let weight = component.properties["weight"]?.doubleValue, let parent, A2UIComponentSpec.weightedParents.contains(parent.type) {
            node.props["weight"] = A2UICoercion.json(weight)
        }
        if case .object(let a)? = component.properties["accessibility"] {
            var resolved = JSONObject()
            for (key, value) in a {
                resolved[key] = key == "hidden" ? .bool(A2UICoercion.bool(evaluator.resolve(value, scope)))
                    : key == "live" ? value : .string(A2UICoercion.string(evaluator.resolve(value, scope)))
            }
            node.props["accessibility"] = .object(resolved)
        }
    }

    /// The nodes of a child list: ids in order, or one instance per item of the list at a template's path.
    mutating func children(_ list: JSONValue?, of component: A2UIComponent, _ scope: A2UIScope, depth: Int, seen: inout [String: Int]) -> [UINode] {
        switch list {
        case .array(let ids)?:
            var out: [UINode] = []
            out.reserveCapacity(ids.count)
            for id in ids.compactMap(\.stringValue) where made <= Self.maxNodes {
                // Only a component listed in more than one place can be listed twice here.
                guard surface.referrers[id] ?? 0 >= 2 else {
                    out.append(node(id, scope, parent: component, depth: depth + 1))
                    continue
                }
                out.append(node(id, scope, parent: component, depth: depth + 1, occurrence: seen[id, default: 0]))
                seen[id, default: 0] += 1
            }
            return out
        case .object(let template)?:
            guard let templateID = template["componentId"]?.stringValue, let path = template["path"]?.stringValue,
                  let pointer = evaluator.pointer(path, scope) else { return [] }
            evaluator.recordRead(pointer)
            let items: Int
            switch evaluator.model.value(at: pointer) {
            case .array(let a)?: items = a.count
            case .object(let o)?: items = o.count
            default: items = 0
            }
            if items > Self.maxTemplateInstances {
                report(A2UIProblem.Code.limit, "the template \(templateID) over \(pointer) has \(items) items; the first \(Self.maxTemplateInstances) show")
            }
            let keys = evaluator.model.value(at: pointer)?.objectValue?.keys
            let count = min(items, Self.maxTemplateInstances)
            let owner = current ?? ""
            // The instances made before, where the list only grew (or kept its items): kept as they were.
            var memo = cache.instances.removeValue(forKey: owner)
            if let m = memo, !(reuse && m.pointer == pointer && m.templateID == templateID && m.depth == depth + 1
                               && (m.keys == nil) == (keys == nil) && keys.map({ $0.starts(with: m.keys!.prefix(count)) }) ?? true) {
                memo = nil
            }
            var instances = memo.take() ?? A2UIViewCache.Instances(pointer: pointer, templateID: templateID, depth: depth + 1, keys: keys)
            instances.truncate(to: count)
            instances.keys = keys
            var remake = Set<Int>()
            // Made again: those that read what changed, and any on the way here (a cycle, which making reports).
            for id in changedChildren[owner] ?? [] { if let k = instances.index[id] { remake.insert(k) } }
            for id in onStack { if let k = instances.index[id] { remake.insert(k) } }
            // The instances kept are the last view's nodes as they were: one array, shared, not a copy per node.
            var out = instances.nodes
            instances.nodes = []
            var i = 0
            var unkept = Int.max
            while i < out.count && made <= Self.maxNodes {
                if !remake.isEmpty && remake.contains(i) {
                    out[i] = make(instances.ids[i], templateID, instances.scopes[i], parent: component, depth: depth + 1)
                    instances.sizes[i] = cache.entries[out[i].id]?.size ?? 1
                    // An error in its place (a cycle) is not kept: the next view makes it again.
                    if out[i].id != instances.ids[i] { unkept = min(unkept, i) }
                } else {
                    made += instances.sizes[i]
                }
                i += 1
            }
            if i < out.count {
                // The node budget ran out: the rest do not show.
                out.removeSubrange(i...)
                instances.truncate(to: i)
            }
            var memoizing = unkept == Int.max
            while i < count && made <= Self.maxNodes {
                var itemScope = A2UIScope(path: pointer.appending(keys.map { $0[i] } ?? String(i)), index: i, placement: scope.placement)
                let nodeID = place(templateID, &itemScope, parent: component, occurrence: 0)
                let node = make(nodeID, templateID, itemScope, parent: component, depth: depth + 1)
                out.append(node)
                // Only an instance made and kept in the cache is kept here (not an error or a placeholder).
                if memoizing, node.id == nodeID, let entry = cache.entries[nodeID] {
                    instances.append(nodeID, itemScope, size: entry.size)
                } else {
                    memoizing = false
                }
                i += 1
            }
            if unkept < instances.ids.count { instances.truncate(to: unkept) }
            instances.nodes = instances.ids.count == out.count ? out : Array(out.prefix(instances.ids.count))
            cache.instances[owner] = instances
            return out
        default:
            return []
        }
    }

    func errorNode(_ nodeID: String, _ componentID: String, _ message: String) -> UINode {
        UINode(id: nodeID, type: "error", props: ["component_id": .string(componentID), "message": .string(message)])
    }
}
