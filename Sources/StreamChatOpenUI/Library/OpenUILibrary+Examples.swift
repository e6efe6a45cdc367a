import StreamChatAI

extension OpenUILibrary {
    /// An OpenUI Lang program that shows component `name` once under the
    /// library's root, its required props filled with example values (nested
    /// components with theirs, a few levels deep); nil for a name the library lacks.
    public func example(of name: String) -> String? {
        guard let entry = components.first(where: { $0.name == name }) else { return nil }
        let call = example(entry, depth: 0)
        guard let root, root != name else { return "root = \(call)" }
        // The root takes a list of children in its first prop.
        return "root = \(root)([example])\nexample = \(call)"
    }

    private func example(_ entry: Entry, depth: Int) -> String {
        let props = entry.props.filter(\.isRequired)
        let shown = props.isEmpty ? Array(entry.props.prefix(2)) : props
        // Positional arguments, in order, up to the last one shown; the rest is skipped with null.
        guard let last = shown.last.flatMap({ p in entry.props.firstIndex { $0.name == p.name } }) else { return "\(entry.name)()" }
        let arguments = entry.props[...last].map { prop -> String in
            shown.contains(prop) ? value(prop.type, name: prop.name, owner: entry.name, depth: depth) : "null"
        }
        return "\(entry.name)(\(arguments.joined(separator: ", ")))"
    }

    private func value(_ type: OpenUIPropType, name: String, owner: String, depth: Int) -> String {
        switch type {
        case .string, .any:
            if ["src", "url", "href", "image"].contains(name.lowercased()) { return JSONSerializer.quoted("https://example.com/\(owner.lowercased()).png") }
            return JSONSerializer.quoted(name == "value" ? "\(owner.lowercased())_1" : "\(owner) \(name)")
        case .number: return "3"
        case .boolean: return "true"
        case .object: return "{}"
        case .enumeration(let options): return JSONSerializer.quoted(options.first ?? "")
        case .array(let element):
            guard depth < 3 else { return "[]" }
            return "[" + value(element, name: name, owner: owner, depth: depth + 1) + "]"
        case .component(let names):
            let pick = names.flatMap { set in components.first { set.contains($0.name) && $0.name != owner } ?? components.first { set.contains($0.name) } }
                ?? components.first { $0.name == "TextContent" }
            guard let pick, depth < 3 else { return "null" }
            return example(pick, depth: depth + 1)
        case .action: return "@ToAssistant(\(JSONSerializer.quoted("\(owner) pressed")))"
        }
    }
}
