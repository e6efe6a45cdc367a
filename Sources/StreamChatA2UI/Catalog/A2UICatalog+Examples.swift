import StreamChatAI

extension A2UICatalog {
    /// The basic catalog's components, in the order the catalog lists them,
    /// with what each is for.
    public static var componentSummaries: [(name: String, summary: String)] { all.map { ($0.name, $0.summary) } }

    /// A v1.0 message stream (JSONL) that shows `component` once, its
    /// required properties filled with example values (children as Text
    /// components), under a Column on surface `surfaceID`; nil for a name
    /// the basic catalog lacks.
    public static func example(of component: String, surfaceID: String = "catalog") -> String? {
        guard let spec = all.first(where: { $0.name == component }) else { return nil }
        var extra: [JSONValue] = []
        func text(_ id: String, _ words: String) -> String {
            extra.append(["id": .string(id), "component": "Text", "text": .string(words)])
            return id
        }
        var members: [(String, JSONValue)] = [("id", "example"), ("component", .string(component))]
        // Required properties, and the optional ones that make the example tell more.
        let shown = spec.properties.filter { spec.required.contains($0.name) || ["label", "description", "placeholder", "text"].contains($0.name) }
        for (name, kind) in shown where name != "weight" {
            let value: JSONValue
            switch kind {
            case .dynamicString:
                value = name.lowercased().hasSuffix("url") ? .string("https://example.com/\(component.lowercased()).bin") : .string("\(component) \(name)")
            case .dynamicNumber, .number: value = 3
            case .dynamicBoolean, .boolean: value = true
            case .dynamicStringList: value = ["one"]
            case .choice(let options): value = .string(options.first ?? "")
            case .child: value = .string(text("\(name)_text", name == "trigger" ? "Open" : "\(component) \(name)"))
            case .childList: value = .array([.string(text("first", "First child")), .string(text("second", "Second child"))])
            case .tabs:
                value = [["title": "First tab", "child": .string(text("tab1", "Content of the first tab"))],
                         ["title": "Second tab", "child": .string(text("tab2", "Content of the second tab"))]]
            case .options: value = [["label": "One", "value": "one"], ["label": "Two", "value": "two"]]
            case .action: value = ["event": ["name": "pressed", "context": [:]]]
            case .checks: continue
            case .icon: value = "star"
            }
            members.append((name, value))
        }
        let components: [JSONValue] = [["id": "root", "component": "Column", "children": ["example"]], .object(JSONObject(members))] + extra
        let messages: [JSONValue] = [
            ["version": "v1.0", "createSurface": ["surfaceId": .string(surfaceID), "catalogId": .string(basicCatalogID)]],
            ["version": "v1.0", "updateComponents": ["surfaceId": .string(surfaceID), "components": .array(components)]],
        ]
        return messages.map { JSONSerializer.string($0) }.joined(separator: "\n")
    }
}
