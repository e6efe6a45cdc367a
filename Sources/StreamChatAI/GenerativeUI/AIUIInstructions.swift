/// The lines every format's instructions share: the app's components and the
/// tools the UI can run, with their policy. Renderers call it from their
/// ``AIUIRenderer/instructions(components:tools:)``.
public enum AIUIInstructions {
    /// The shared lines; `componentName` is how the format names a component.
    public static func describe(components: [AIUIComponentDefinition], tools: [AIToolDefinition],
                                componentName: (AIUIComponentDefinition) -> String = { $0.name }) -> String {
        var lines: [String] = []
        if !components.isEmpty {
            lines.append("The app's own components:")
            for c in components {
                let parameters = c.parameterOrder.map { name -> String in
                    let required = c.parameters["required"]?.arrayValue?.contains(.string(name)) == true
                    let schema = c.parameters["properties"]?[name]
                    let type = schema?["format"]?.stringValue ?? schema?["type"]?.stringValue ?? "any"
                    return "\(name): \(type)\(required ? "" : "?")"
                }.joined(separator: ", ")
                var line = "- \(componentName(c))(\(parameters))"
                if let d = c.description { line += " — \(d)" }
                if !c.events.isEmpty { line += " Events: " + c.events.map { $0.name + ($0.description.map { " (\($0))" } ?? "") }.joined(separator: ", ") + "." }
                lines.append(line)
            }
        }
        if !tools.isEmpty {
            lines.append("Tools the UI can run on the device:")
            for t in tools {
                let policy = t.isReadOnly ? "read-only: runs whenever the UI asks" : "changes things: runs only when the user taps"
                lines.append("- \(t.name) (\(policy))\(t.description.map { " — \($0)" } ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }
}
