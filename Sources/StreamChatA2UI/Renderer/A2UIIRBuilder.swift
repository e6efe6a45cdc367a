import StreamChatAI

/// Makes one surface's UI IR from its component graph: `root` under the
/// surface node, children by id or by template over a data list (instances
/// get ids such as `row@/items/2`), a child that has not arrived `pending`;
/// cycles, a component placed twice and nesting past the limit become error
/// nodes and are reported, never followed.
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
    /// The nodes made, by id, for the events they raise.
    var refs: [String: A2UINodeRef] = [:]
    private(set) var problems: [A2UIProblem] = []
    private var onStack: Set<String> = []
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

    init(surface: A2UISurface, catalog: A2UICatalog, idPrefix: String, isComplete: Bool, host: Host, evaluator: A2UIEvaluator) {
        self.surface = surface
        self.catalog = catalog
        self.idPrefix = idPrefix
        self.isComplete = isComplete
        self.host = host
        self.evaluator = evaluator
    }

    mutating func report(_ code: String, _ message: String) {
        problems.append(A2UIProblem(code, message, surfaceID: surface.id))
    }

    /// The surface's node, with `root` inside once it arrived.
    mutating func build() -> UINode {
        var node = UINode(id: idPrefix + "surface:" + surface.id, type: "Surface",
                          props: ["surface_id": .string(surface.id), "catalog_id": surface.catalogID.map(JSONValue.string) ?? .null,
                                  "send_data_model": .bool(surface.sendDataModel)])
        if surface.components["root"] != nil {
            node.children = [self.node("root", A2UIScope(), parent: nil, depth: 0)]
        } else {
            node.state = .pending
            // An empty surface is only waiting (a later reply may fill it); components without a root are a mistake.
            if isComplete && !surface.components.isEmpty { report(A2UIProblem.Code.danglingReference, "Missing root component: no component has id 'root'") }
        }
        problems += evaluator.problems
        return node
    }

    /// The node of component `id` in `scope`, under `parent` (a component type, for `weight`).
    /// The work that does not recurse lives in helpers that are never inlined, so each level of
    /// nesting costs this thread's stack little.
    mutating func node(_ id: String, _ scope: A2UIScope, parent: A2UIComponent?, depth: Int) -> UINode {
        var scope = scope
        let nodeID = place(id, &scope, parent: parent)
        if let refused = refusal(id, nodeID, parent: parent, depth: depth) { return refused }
        guard let component = surface.components[id] else { return errorNode(nodeID, id, "missing") }
        onStack.insert(nodeID)
        defer { onStack.remove(nodeID) }
        refs[nodeID] = A2UINodeRef(nodeID: nodeID, surfaceID: surface.id, componentID: id, type: component.type, scope: scope)
        var node: UINode
        if let spec = catalog.spec(component.type) {
            node = basicNode(component, spec: spec, nodeID: nodeID, scope, depth: depth)
        } else {
            node = otherNode(component, nodeID: nodeID, scope)
            if node.type == "error" { return node }
        }
        decorate(&node, component, parent: parent, scope)
        return node
    }

    /// The node id of a placement; a component placed again under another parent (as a Modal's
    /// trigger that also sits in a Column) gets a node of its own.
    @inline(never)
    private func place(_ id: String, _ scope: inout A2UIScope, parent: A2UIComponent?) -> String {
        let nodeID = idPrefix + id + scope.idSuffix
        guard refs[nodeID] != nil, !onStack.contains(nodeID) else { return nodeID }
        scope.placement += "^" + (parent?.id ?? "surface")
        return idPrefix + id + scope.idSuffix
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
        guard refs[nodeID] == nil else {
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
    mutating func children(_ list: JSONValue?, of component: A2UIComponent, _ scope: A2UIScope, depth: Int) -> [UINode] {
        switch list {
        case .array(let ids)?:
            var out: [UINode] = []
            for id in ids.compactMap(\.stringValue) where made <= Self.maxNodes { out.append(node(id, scope, parent: component, depth: depth + 1)) }
            return out
        case .object(let template)?:
            guard let templateID = template["componentId"]?.stringValue, let path = template["path"]?.stringValue,
                  let pointer = evaluator.pointer(path, scope) else { return [] }
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
            var out: [UINode] = []
            for i in 0..<min(items, Self.maxTemplateInstances) where made <= Self.maxNodes {
                let itemPath = pointer.appending(keys.map { $0[i] } ?? String(i))
                out.append(node(templateID, A2UIScope(path: itemPath, index: i, placement: scope.placement), parent: component, depth: depth + 1))
            }
            return out
        default:
            return []
        }
    }

    func errorNode(_ nodeID: String, _ componentID: String, _ message: String) -> UINode {
        UINode(id: nodeID, type: "error", props: ["component_id": .string(componentID), "message": .string(message)])
    }
}
