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
    let cache: A2UIViewCache
    /// Whether kept nodes may be used (else everything is made again).
    private let reuse: Bool
    /// This view's number: the marks it follows carry it.
    private let view: Int
    private(set) var problems: [A2UIProblem] = []
    /// The node being made (the parent of the next).
    private(set) var current: A2UIViewNode?
    /// The kept nodes of the children made so far for the node being made, in their places.
    private var collected: [A2UIViewNode?] = []
    /// Whether the node being made wants its children's kept nodes (a patch puts them in place itself).
    private var collecting = true
    /// The kept node of the last node made (nil when it is not kept: an error in its place).
    private var lastMade: A2UIViewNode?
    private var made = 0

    /// What the builder needs of the UI host.
    struct Host {
        /// The app component of a name, if the renderer may place it.
        var appComponent: (String) -> AIUIComponentDefinition?
        /// A node for an app component with its resolved arguments.
        var appNode: (AIUIComponentDefinition, String, JSONValue) -> UINode
        /// The URL to load a medium from, or nil to withhold it.
        var mediaURL: (String) -> String?
        /// The host's pass over a node just made (its entrance, media and secret bindings; see ``AIUIRenderPass``),
        /// with the entrance its id was given when the node was made before (nil: look it up).
        var finish: (inout UINode, Int?) -> Void = { _, _ in }
    }

    init(surface: A2UISurface, catalog: A2UICatalog, idPrefix: String, isComplete: Bool, host: Host, evaluator: A2UIEvaluator,
         cache: A2UIViewCache = A2UIViewCache(), changes: A2UIChanges = A2UIChanges()) {
        self.surface = surface
        self.catalog = catalog
        self.idPrefix = idPrefix
        self.isComplete = isComplete
        self.host = host
        self.evaluator = evaluator
        self.cache = cache
        reuse = cache.begin(generation: surface.generation, idPrefix: idPrefix, changes: changes)
        view = cache.view
    }

    /// Whether this view ran out of the node budget. Where a view taking kept nodes runs out differs from where a view
    /// making every node does (a kept tree counts as its size at once), so such a view is made again without them:
    /// streamed or read whole, a surface shows the same nodes.
    var isOverBudget: Bool { made > Self.maxNodes }
    /// Whether this view may take kept nodes.
    var takesKeptNodes: Bool { reuse }

    mutating func report(_ code: String, _ message: String) {
        problems.append(A2UIProblem(code, message, surfaceID: surface.id))
    }

    /// The surface's node, with `root` inside once it arrived.
    mutating func build() -> UINode {
        var node: UINode
        if var last = cache.surface.take() {
            // The last view's surface node, let go of its child first: when no tree holds it any more, the root's
            // kept node is then its builder's alone (it changes in place) and this node too.
            if !last.children.isEmpty { last.children = [] }
            node = last
        } else {
            // The surface's own node is the same for its whole life: made once.
            node = UINode(id: idPrefix + "surface:" + surface.id, type: "Surface",
                          props: ["surface_id": .string(surface.id), "catalog_id": surface.catalogID.map(JSONValue.string) ?? .null,
                                  "send_data_model": .bool(surface.sendDataModel)])
            host.finish(&node, nil)
        }
        defer { cache.surface = node }
        // A kept root means the root arrived, and it stays (no lookup by id then).
        if cache.root != nil || surface.components["root"] != nil {
            if node.state != .ready { node.state = .ready }
            node.children = [self.node("root", A2UIScope(), parent: nil, depth: 0, known: cache.root)]
            cache.root = lastMade
            cache.lastSize = lastMade?.size ?? 1
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
    /// `listedOnce`: the caller knows the component is listed in one place only (no lookup of its referrers again).
    /// `known`: the node kept under the id, when the caller holds it (no lookup by id).
    mutating func node(_ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int, occurrence: Int = 0,
                       listedOnce: Bool = false, known: A2UIViewNode? = nil) -> UINode {
        var scope = scope
        let nodeID = place(id, &scope, parent: parent, occurrence: occurrence, listedOnce: listedOnce)
        return make(nodeID, id, scope, parent: parent, depth: depth, known: known)
    }

    /// The node `nodeID` of component `id`: as kept when nothing it read changed; its kept self with
    /// only its changed children made again when only something below it changed; else made.
    /// `known` is the node kept under `nodeID` when the caller holds it already (a kept parent's child).
    private mutating func make(_ nodeID: String, _ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int,
                               known: A2UIViewNode? = nil) -> UINode {
        let kept = known ?? cache.kept(nodeID)
        if reuse, let kept, kept.isKept, kept.depth == depth, kept.remakeAt != view, !kept.isMaking, kept.madeAt != view, !kept.holdsRefusal {
            // What it read was recorded when it was made; only a move to another parent is news.
            if kept.parent !== current { kept.parent = current }
            if kept.patchAt != view {
                kept.madeAt = view
                made += kept.size
                return given(kept)
            }
            // Its component is the one it was made from (a changed component marks its nodes to be made again).
            if let component = kept.component, let patched = patch(kept, component, depth: depth) { return patched }
        }
        return fresh(nodeID, id, scope, parent: parent, depth: depth, kept: kept)
    }

    /// A kept node given as it is.
    private mutating func given(_ kept: A2UIViewNode) -> UINode {
        if collecting { collected.append(kept) }
        lastMade = kept
        return kept.node
    }

    /// The node `nodeID` made from its component, or what stands in its place.
    private mutating func fresh(_ nodeID: String, _ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int,
                                kept: A2UIViewNode?) -> UINode {
        let found = surface.components[id]
        if var refused = refusal(id, nodeID, parent: parent, depth: depth, kept: kept, exists: found != nil) {
            // Not kept: its parent is made again when the component changes.
            if let current {
                cache.read(component: id, by: current.id)
                current.refusalAt = view
            }
            if collecting { collected.append(nil) }
            lastMade = nil
            host.finish(&refused, nil)
            return refused
        }
        let node = kept ?? cache.node(nodeID, componentID: id)
        node.scope = scope
        node.depth = depth
        if node.componentID != id {
            node.componentID = id
            node.readsComponent = false
        }
        if !node.readsComponent {
            node.readsComponent = true
            cache.read(component: id, by: nodeID)
        }
        node.parent = current
        node.heldRefusal = node.holdsRefusal
        node.madeAt = view
        guard let component = found else {
            // Kept as it is until the component arrives (it read the component's absence).
            if isComplete {
                report(A2UIProblem.Code.danglingReference,
                       "Dangling reference: Component '\(parent?.id ?? "Surface")' references non-existent component '\(id)'")
            }
            node.component = nil
            node.changesAtCompletion = true
            return keep(node, UINode(id: nodeID, type: "placeholder", props: ["component_id": .string(id)], state: .pending), children: [])
        }
        node.component = component
        node.ref = A2UINodeRef(nodeID: nodeID, surfaceID: surface.id, componentID: id, type: component.type, scope: scope)
        let problemsBefore = problems.count + evaluator.problems.count
        let spec = catalog.spec(component.type)
        let (made, children) = inside(node) { builder -> UINode in
            var made: UINode
            if let spec {
                made = builder.basicNode(component, spec: spec, nodeID: nodeID, scope, depth: depth)
            } else {
                made = builder.otherNode(component, nodeID: nodeID, scope)
                if made.type == "error" { return made }
            }
            builder.decorate(&made, component, parent: parent, scope)
            return made
        }
        // An app component's node says whether the reply streams; a problem may be told only once it is complete.
        node.changesAtCompletion = spec == nil || problems.count + evaluator.problems.count != problemsBefore
        return keep(node, made, children: children)
    }

    /// Keeps what `node` was made as for the next view.
    private mutating func keep(_ node: A2UIViewNode, _ made: consuming UINode, children: [A2UIViewNode?]) -> UINode {
        // Finished while this is its only holder: its entrance is set in place, not on a copy. A node made again
        // keeps the entrance its id was given, known from its last making without a lookup.
        host.finish(&made, node.isKept && node.node.id == made.id ? node.node.entrance : nil)
        node.node = made
        // Only children made one by one, in their places, can be followed later: otherwise the node is made whole.
        node.children = children.count == made.children.count ? children : []
        var size = 1
        for child in children { size += child?.size ?? 1 }
        node.size = size
        node.isKept = true
        return given(node)
    }

    /// Runs `body` as the making of `node`: the data it reads counts to it, the nodes it makes are its
    /// children (returned with their kept nodes, in their places, unless not `collecting`: then none are, and
    /// no array is made), and a way back to it is a cycle.
    private mutating func inside<T>(_ node: A2UIViewNode, collecting: Bool = true, _ body: (inout Self) -> T) -> (T, [A2UIViewNode?]) {
        node.isMaking = true
        let readerBefore = evaluator.reader
        let parentBefore = current
        let collectedBefore = collected
        let collectingBefore = self.collecting
        collected = []
        self.collecting = collecting
        current = node
        evaluator.reader = node
        let result = body(&self)
        node.isMaking = false
        // A refusal under it is under its parent too.
        if node.refusalAt == view { parentBefore?.refusalAt = view }
        current = parentBefore
        evaluator.reader = readerBefore
        let children = collected
        collected = collectedBefore
        self.collecting = collectingBefore
        return (result, children)
    }

    /// A kept node whose own inputs did not change: its children that did (or hold one that did)
    /// are made again in place; the others stay as they were.
    /// Nil when its children can't be followed one by one: then the node is made again.
    private mutating func patch(_ kept: A2UIViewNode, _ component: A2UIComponent, depth: Int) -> UINode? {
        guard kept.children.count == kept.node.children.count else { return nil }
        // Taken out: when no tree holds it any more, its children change in place.
        var node = kept.node
        kept.node = .vacant
        var size = kept.size
        kept.madeAt = view
        made += 1
        _ = inside(kept, collecting: false) { builder in
            for i in kept.children.indices {
                guard let child = kept.children[i] else {
                    builder.made += 1
                    continue
                }
                guard child.remakeAt == builder.view || child.patchAt == builder.view else {
                    builder.made += child.size
                    continue
                }
                size -= child.size
                // Taken out of this node first, so the child's own tree is held once and changes in place too.
                node.children[i] = .vacant
                node.children[i] = builder.make(child.id, child.componentID, child.scope, parent: component, depth: depth + 1, known: child)
                let remade = builder.lastMade
                kept.children[i] = remade
                size += remade?.size ?? 1
                // A template's instance made again here is the one its list keeps.
                if var instances = kept.instances, i >= instances.start, i - instances.start < instances.items.count {
                    kept.instances = nil
                    let k = i - instances.start
                    if let remade, remade === instances.items[k] {
                        instances.nodes[k] = node.children[i]
                    } else {
                        instances.truncate(to: k)
                    }
                    kept.instances = instances
                }
            }
        }
        if component.type == "Button" { node.props["label"] = .string(node.children.first.flatMap(Self.text) ?? "") }
        kept.node = node
        kept.size = size
        return given(kept)
    }

    /// The node id of a placement: the component's id in its scope; one that two components list
    /// (a Modal's trigger that also sits in a Column) or one listed twice gets its parent's id too.
    private func place(_ id: String, _ scope: inout A2UIScope, parent: A2UIComponent?, occurrence: Int, listedOnce: Bool = false) -> String {
        if let parent, occurrence > 0 || !listedOnce && surface.referrers[id] ?? 0 >= 2 {
            scope.placement += "^" + parent.id + (occurrence > 0 ? "#\(occurrence)" : "")
        }
        let suffix = scope.idSuffix
        return idPrefix.isEmpty && suffix.isEmpty ? id : idPrefix + id + suffix
    }

    /// The node that stands in for a component that can't be made here (and the report), or nil.
    /// Its id is the placement's followed by why and by the id of the node it is placed under: the placement's alone
    /// may stand twice in a view (refused because it was made already, or refused in two places), and ids are unique
    /// in a tree.
    @inline(never)
    private mutating func refusal(_ id: String, _ nodeID: String, parent: A2UIComponent?, depth: Int, kept: A2UIViewNode?,
                                  exists: Bool) -> UINode? {
        made += 1
        let under = "@" + (current?.id ?? "")
        guard made <= Self.maxNodes else {
            if made == Self.maxNodes + 1 { report(A2UIProblem.Code.limit, "the surface makes more than \(Self.maxNodes) nodes; the rest do not show") }
            return errorNode(nodeID + "#limit" + under, id, "too many nodes")
        }
        guard depth <= Self.maxDepth else {
            report(A2UIProblem.Code.limit, "Global recursion limit exceeded: logical depth over \(Self.maxDepth) at \(id)")
            return errorNode(nodeID + "#limit" + under, id, "nested too deep")
        }
        // The stack is asked every fourth level: a level's frames are small next to the room the guard keeps free.
        guard depth & 3 != 0 || StackGuard.hasRoom() else {
            report(A2UIProblem.Code.limit, "components at \(id) are \(StackGuard.refusal)")
            return errorNode(nodeID + "#limit" + under, id, "nested too deep")
        }
        guard let kept, exists else { return nil }
        guard !kept.isMaking else {
            let what = parent?.id == id ? "Self-reference detected: Component '\(id)' references itself"
                                        : "Circular reference detected: Component '\(parent?.id ?? "?")' references its ancestor '\(id)'"
            report(A2UIProblem.Code.circularReference, what)
            return errorNode(nodeID + "#cycle" + under, id, "circular reference")
        }
        guard kept.madeAt != view else {
            report(A2UIProblem.Code.duplicateID, "Component '\(id)' is placed twice under '\(parent?.id ?? "Surface")'; it shows once")
            return errorNode(nodeID + "#again" + under, id, "placed twice")
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
        if component.hasWeight, let weight = component.properties["weight"]?.doubleValue, let parent,
           A2UIComponentSpec.weightedParents.contains(parent.type) {
            node.props["weight"] = A2UICoercion.json(weight)
        }
        if component.hasAccessibility, case .object(let a)? = component.properties["accessibility"] {
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
                    out.append(node(id, scope, parent: component, depth: depth + 1, listedOnce: true))
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
            guard let owner = current else { return [] }
            // The instances made before, where the list only grew (or kept its items): kept as they were.
            var memo = owner.instances.take()
            let listedTwice = surface.referrers[templateID] ?? 0 >= 2
            if let m = memo, !(reuse && m.pointer == pointer && m.templateID == templateID && m.depth == depth + 1 && m.listedTwice == listedTwice
                               && (m.keys == nil) == (keys == nil) && keys.map({ $0.starts(with: m.keys!.prefix(count)) }) ?? true) {
                memo = nil
            }
            var instances = memo.take() ?? A2UITemplateInstances(pointer: pointer, templateID: templateID, depth: depth + 1, keys: keys,
                                                                 listedTwice: listedTwice, start: 0)
            instances.start = collected.count
            instances.truncate(to: count)
            instances.keys = keys
            // The instances kept are the last view's nodes as they were: one array, shared, not a copy per node.
            var out = instances.nodes
            instances.nodes = []
            // The owner's last node holds the same list; it is made again here, so it lets go of it first and the
            // list grows in place (else each message would copy every instance's node).
            if !owner.node.children.isEmpty { owner.node.children = [] }
            var i = 0
            var unkept = Int.max
            // Nothing below the list changed and it only grew (one item a message, as agents stream lists): the kept
            // instances are taken as a whole, counted by the list's last size, with no look at each.
            if owner.patchAt != view, !owner.heldRefusal, instances.start == 0, collected.isEmpty, owner.children.count == out.count,
               instances.items.count == out.count, made + owner.size <= Self.maxNodes {
                made += owner.size - 1
                // Taken, not shared: the owner keeps what is collected here, grown in place.
                collected = owner.children
                owner.children = []
                i = out.count
                if let last = instances.items.last { lastMade = last }
            }
            while i < out.count && made <= Self.maxNodes {
                let item = instances.items[i]
                // Made again: those that read what changed, and any on the way here (a cycle, which making reports).
                if item.remakeAt == view || item.patchAt == view || item.isMaking || item.madeAt == view || !item.isKept || item.holdsRefusal {
                    out[i] = make(item.id, templateID, item.scope, parent: component, depth: depth + 1, known: item)
                    // An error in its place (a cycle) is not kept: the next view makes it again.
                    if lastMade !== item { unkept = min(unkept, i) }
                } else {
                    if item.parent !== owner { item.parent = owner }
                    item.madeAt = view
                    made += item.size
                    _ = given(item)
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
                // Only an instance made and kept is kept here (not an error).
                if memoizing, let kept = lastMade, kept.id == nodeID {
                    instances.items.append(kept)
                } else {
                    memoizing = false
                }
                i += 1
            }
            if unkept < instances.items.count { instances.truncate(to: unkept) }
            instances.nodes = instances.items.count == out.count ? out : Array(out.prefix(instances.items.count))
            owner.instances = instances
            return out
        default:
            return []
        }
    }

    func errorNode(_ nodeID: String, _ componentID: String, _ message: String) -> UINode {
        UINode(id: nodeID, type: "error", props: ["component_id": .string(componentID), "message": .string(message)])
    }
}
