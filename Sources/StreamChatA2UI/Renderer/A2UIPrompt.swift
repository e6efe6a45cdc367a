import StreamChatAI

/// The instructions that teach a model to write A2UI for this renderer:
/// the message shapes, every basic component with its properties, the
/// functions, binding and action rules, the app's components and the
/// host's tools (callable as functions), with the catalog id to use.
enum A2UIPrompt {
    static func instructions(catalog: A2UICatalog, appCatalogID: String, components: [AIUIComponentDefinition],
                             tools: [AIToolDefinition], fence: String) -> String {
        var lines: [String] = []
        lines.append("""
        To show UI, write A2UI v1.0 messages in a ```\(fence) block, one JSON message per line (JSONL). Each message is \
        {"version": "v1.0", "<kind>": {...}} with exactly one kind:
        - createSurface {surfaceId, catalogId: "\(appCatalogID)", sendDataModel?: true to receive the form's data with every action, dataModel?: {...}}
        - updateComponents {surfaceId, components: [{id, component: "<Type>", ...properties}]}: a flat list; children are referenced by id; \
        exactly one component has id "root"; sending an id again replaces that component.
        - updateDataModel {surfaceId, path: "/json/pointer", value}: value null deletes.
        - deleteSurface {surfaceId}
        Write createSurface first, then components (parents may come before their children), then data.
        """)
        lines.append("Components (required properties have no ?):")
        for spec in A2UICatalog.all where catalog.components.contains(spec.name) {
            let props = spec.properties.filter { $0.name != "weight" && $0.name != "validationRegexp" }.map { p -> String in
                let optional = spec.required.contains(p.name) ? "" : "?"
                // v0.9's heading variants are still read, but v1.0 writes headings in the text's Markdown.
                let kind = spec.name == "Text" && p.name == "variant" ? "caption|body" : describe(p.kind)
                return "\(p.name)\(optional): \(kind)"
            }
            lines.append("- \(spec.name)(\(props.joined(separator: ", "))) — \(spec.summary)")
        }
        lines.append("""
        Any component may have weight (a number, under a Row or Column) and accessibility {label?, description?}.
        Dynamic values: a literal, {"path": "/a/b"} bound to the data model (inside a template, a path without the leading / is relative \
        to the item), or a function call {"call": "<name>", "args": {...}}.
        A template child list: {"componentId": "item_template", "path": "/items"} makes one child per element of /items.
        Functions: required(value), regex(value, pattern), length(value, min?, max?), numeric(value, min?, max?), email(value), \
        formatString(value: "Hello ${/user/name}"), formatNumber(value, decimals?, grouping?), formatCurrency(value, currency, decimals?), \
        formatDate(value, format: "yyyy-MM-dd"), pluralize(value, one?, other), openUrl(url), and(values), or(values), not(value), and \
        @index(offset?) inside a template.
        Checks: "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/email"}}}, "message": "Email is required"}]; \
        a Button is disabled while one of its checks fails.
        Actions: a Button's action {"event": {"name": "submit", "context": {"email": {"path": "/email"}}}} reaches you as the user's \
        message, with the context resolved; {"functionCall": {"call": "openUrl", "args": {"url": "https://…"}}} runs on the device.
        """)
        let shared = AIUIInstructions.describe(components: components, tools: tools, componentName: { $0.pascalCaseName })
        if !shared.isEmpty { lines.append(shared) }
        if !components.isEmpty {
            lines.append("Place the app's components like the basic ones (\"component\": \"<Name>\", their arguments as properties).")
        }
        if !tools.isEmpty {
            lines.append("A function call whose name is one of the tools runs that tool, with args as its arguments; the value is its result.")
        }
        lines.append("""
        Example:
        ```\(fence)
        {"version": "v1.0", "createSurface": {"surfaceId": "order", "catalogId": "\(appCatalogID)"}}
        {"version": "v1.0", "updateComponents": {"surfaceId": "order", "components": [{"id": "root", "component": "Card", "child": "col"}, \
        {"id": "col", "component": "Column", "children": ["title", "status"]}, {"id": "title", "component": "Text", "text": "# Your order"}, \
        {"id": "status", "component": "Text", "text": {"path": "/status"}}]}}
        {"version": "v1.0", "updateDataModel": {"surfaceId": "order", "path": "/status", "value": "Shipped"}}
        ```
        """)
        return lines.joined(separator: "\n")
    }

    static func describe(_ kind: A2UIPropertyKind) -> String {
        switch kind {
        case .dynamicString: "string"
        case .dynamicNumber: "number"
        case .dynamicBoolean: "boolean"
        case .dynamicStringList: "string[]"
        case .number: "number (literal)"
        case .boolean: "boolean (literal)"
        case .choice(let values): values.joined(separator: "|")
        case .child: "id"
        case .childList: "id[] or template"
        case .tabs: "[{title, child: id}]"
        case .options: "[{label, value}]"
        case .action: "action"
        case .checks: "checks"
        case .icon: "icon name"
        }
    }
}
