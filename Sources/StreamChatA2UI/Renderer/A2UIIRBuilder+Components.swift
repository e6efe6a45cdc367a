import StreamChatAI

/// The basic catalog's components as IR nodes: `type` is the catalog name,
/// `props` hold resolved values (a bound `text` holds the data, not the
/// path), inputs carry their binding and their validation.
extension A2UIIRBuilder {
    /// A basic component's node: its properties resolved, then its children made (the one
    /// part that recurses, kept in a small frame), then what its type adds.
    mutating func basicNode(_ c: A2UIComponent, spec: A2UIComponentSpec, nodeID: String, _ scope: A2UIScope, depth: Int) -> UINode {
        var node = UINode(id: nodeID, type: c.type, props: spec.defaults)
        resolveProperties(c, spec: spec, into: &node, scope)
        let closedModal = c.type == "Modal" && !surface.openModals.contains(nodeID)
        var seen: [String: Int] = [:]
        for (name, kind) in spec.properties where !(closedModal && name == "content") {
            guard let raw = c.properties[name] else { continue }
            switch kind {
            case .child:
                let id = raw.stringValue ?? ""
                node.children.append(self.node(id, scope, parent: c, depth: depth + 1, occurrence: seen[id, default: 0]))
                seen[id, default: 0] += 1
            case .childList:
                // Assigned when it is the only list (a template's array is then shared with its cache, not copied).
                let list = children(raw, of: c, scope, depth: depth, seen: &seen)
                if node.children.isEmpty { node.children = list } else { node.children += list }
            case .tabs:
                if let child = selectedTab(raw, node) { node.children = [self.node(child, scope, parent: c, depth: depth + 1)] }
            default: break
            }
        }
        finish(c, spec: spec, &node, scope)
        return node
    }

    /// Every property that is not a child, resolved.
    @inline(never)
    private mutating func resolveProperties(_ c: A2UIComponent, spec: A2UIComponentSpec, into node: inout UINode, _ scope: A2UIScope) {
        for (name, kind) in spec.properties where name != "weight" {
            guard let raw = c.properties[name] else { continue }
            switch kind {
            case .dynamicString:
                let text = A2UICoercion.string(evaluator.resolve(raw, scope))
                if spec.isMedia && (name == "url" || name == "posterUrl") {
                    // A withheld medium does not appear at all.
                    if let allowed = host.mediaURL(text) { node.props[name] = .string(allowed) }
                } else {
                    node.props[name] = .string(text)
                }
            case .dynamicNumber: node.props[name] = A2UICoercion.json(A2UICoercion.double(evaluator.resolve(raw, scope)))
            case .dynamicBoolean: node.props[name] = .bool(A2UICoercion.bool(evaluator.resolve(raw, scope)))
            case .dynamicStringList: node.props[name] = .array(A2UICoercion.strings(evaluator.resolve(raw, scope)).map(JSONValue.string))
            case .number, .boolean, .choice: node.props[name] = raw
            case .child, .childList: break
            case .tabs: tabProperties(raw, &node, scope)
            case .options:
                node.props[name] = .array((raw.arrayValue ?? []).map { option in
                    ["label": .string(A2UICoercion.string(evaluator.resolve(option["label"], scope))), "value": option["value"] ?? .null]
                })
            case .action: node.props["action"] = Self.describe(action: raw)
            case .checks: node.props["validation"] = validation(raw, scope)
            case .icon:
                if let name = raw.stringValue { node.props["name"] = .string(name) }
                else if let svg = raw["svgPath"] { node.props["svg_path"] = .string(A2UICoercion.string(evaluator.resolve(svg, scope))) }
                else { node.props["name"] = .string(A2UICoercion.string(evaluator.resolve(raw, scope))) }
            }
        }
    }

    /// Events, an input's binding and what is secret, a Button's label and state, a Modal's state.
    @inline(never)
    private mutating func finish(_ c: A2UIComponent, spec: A2UIComponentSpec, _ node: inout UINode, _ scope: A2UIScope) {
        if spec.isInput {
            node.events = c.type == "ChoicePicker" ? ["select", "change"] : ["change"]
            if case .binding(let path) = A2UIDynamic(c.properties["value"] ?? .null), let pointer = evaluator.pointer(path, scope) {
                node.bindings["value"] = .string(pointer.description)
                current?.ref?.binding = pointer
            } else if let entered = surface.inputValues[node.id] {
                node.props["value"] = entered
            }
            if c.type == "TextField" && c.properties["variant"]?.stringValue == "obscured" { node.props["secure"] = true }
        }
        switch c.type {
        case "Button":
            node.events = ["tap"]
            node.props["label"] = .string(node.children.first.flatMap(Self.text) ?? "")
            node.props["disabled"] = .bool(node.props["validation"]?["valid"] == .bool(false))
        case "Modal":
            let open = surface.openModals.contains(node.id)
            node.props["open"] = .bool(open)
            node.events = [open ? "close" : "open"]
        case "Tabs":
            node.events = ["select"]
        default: break
        }
    }

    /// Tabs: every title, and which one is selected (only its child is made).
    private mutating func tabProperties(_ raw: JSONValue, _ node: inout UINode, _ scope: A2UIScope) {
        let tabs = raw.arrayValue ?? []
        node.props["tabs"] = .array(tabs.enumerated().map { i, tab in
            ["title": .string(A2UICoercion.string(evaluator.resolve(tab["title"], scope))), "child_id": tab["child"] ?? .null, "index": .integer(Int64(i))]
        })
        node.props["selected"] = .integer(Int64(selectedIndex(tabs.count, node.id)))
    }

    private func selectedIndex(_ count: Int, _ nodeID: String) -> Int {
        min(max(surface.selectedTabs[nodeID] ?? 0, 0), max(count - 1, 0))
    }

    /// The selected tab's child id.
    private func selectedTab(_ raw: JSONValue, _ node: UINode) -> String? {
        let tabs = raw.arrayValue ?? []
        let i = selectedIndex(tabs.count, node.id)
        return tabs.indices.contains(i) ? tabs[i]["child"]?.stringValue : nil
    }

    /// `{"valid", "errors": [{"message", "code"?, "severity"}]}`: each check's condition
    /// (a validation result or a boolean; v0.9's `{call, args, message}` rules too).
    mutating func validation(_ raw: JSONValue, _ scope: A2UIScope) -> JSONValue {
        var errors: [JSONValue] = []
        var valid = true
        for rule in raw.arrayValue ?? [] {
            guard case .object(let r) = rule else { continue }
            let condition = r["condition"] ?? .object(JSONObject(r.filter { $0.key != "message" }))
            let result = evaluator.resolve(condition, scope)
            let ok: Bool
            var code: JSONValue?
            var severity = "error"
            var message = r["message"]?.stringValue
            if case .object(let o) = result {
                ok = A2UICoercion.bool(o["valid"])
                code = o["code"]
                severity = o["severity"]?.stringValue ?? "error"
                message = o["message"]?.stringValue ?? message
            } else {
                ok = A2UICoercion.bool(result)
            }
            guard !ok else { continue }
            if severity == "error" { valid = false }
            var e: [(String, JSONValue)] = [("message", .string(message ?? "This value is not valid."))]
            if let code { e.append(("code", code)) }
            e.append(("severity", .string(severity)))
            errors.append(.object(JSONObject(e)))
        }
        return ["valid": .bool(valid), "errors": .array(errors)]
    }

    /// What a Button's action is, for a front end that shows it: `{"event": name}` or `{"function": name}`.
    static func describe(action: JSONValue) -> JSONValue {
        if let name = action["event"]?["name"]?.stringValue { return ["event": .string(name)] }
        if let call = action["functionCall"].map(A2UIDynamic.init), case .call(let name, _, _) = call { return ["function": .string(name)] }
        return .null
    }

    /// The first text in a subtree (a Button's label).
    static func text(_ node: UINode) -> String? {
        if node.type == "Text", let s = node.props["text"]?.stringValue { return s }
        for child in node.children { if let s = text(child) { return s } }
        return nil
    }
}
