import StreamChatAI

/// What a prop (or a function's parameter) accepts, read from its JSON Schema.
public indirect enum OpenUIPropType: Sendable, Equatable {
    case string
    case number
    case boolean
    case object
    /// Anything.
    case any
    /// One of these strings.
    case enumeration([String])
    /// A list: `[...]` needed even for one item.
    case array(OpenUIPropType)
    /// A slot that takes only components (these, or any when nil).
    case component(Set<String>?)
    /// An action position: a plan (restricted to these steps in the prompt, when not nil).
    case action(Set<String>?)

    /// Reads a property schema; `components` and `actions` are the names `$ref`s may point to.
    init(schema: JSONValue, components: Set<String>, actions: Set<String>) {
        func refName(_ value: JSONValue) -> String? {
            guard case .string(let ref)? = value["$ref"], ref.hasPrefix("#/$defs/") else { return nil }
            return String(ref.dropFirst("#/$defs/".count))
        }
        if let name = refName(schema) {
            if name == "ActionExpression" { self = .action(nil); return }
            if actions.contains(name) { self = .action([name]); return }
            if components.contains(name) { self = .component([name]); return }
        }
        if case .array(let options)? = schema["anyOf"] ?? schema["oneOf"] {
            let names = options.compactMap(refName)
            if names.count == options.count, !names.isEmpty {
                if names.allSatisfy({ components.contains($0) }) { self = .component(Set(names)); return }
                if names.allSatisfy({ actions.contains($0) || $0 == "ActionExpression" }) {
                    self = .action(names.contains("ActionExpression") ? nil : Set(names))
                    return
                }
            }
            self = .any
            return
        }
        if case .string(let marker)? = schema["x-openui"] {
            switch marker {
            case "component": self = .component(nil); return
            case "action": self = .action(nil); return
            default: break
            }
        }
        if case .array(let values)? = schema["enum"] {
            self = .enumeration(values.compactMap(\.stringValue))
            return
        }
        switch schema["type"]?.stringValue {
        case "string": self = .string
        case "number", "integer": self = .number
        case "boolean": self = .boolean
        case "object": self = .object
        case "array":
            if let items = schema["items"] {
                self = .array(OpenUIPropType(schema: items, components: components, actions: actions))
            } else {
                self = .array(.any)
            }
        default: self = .any
        }
    }

    /// Whether every option is a component: data there is a mismatch.
    var takesOnlyComponents: Bool {
        if case .component = self { return true }
        return false
    }

    /// How the prompt prints it: `string`, `number`, `"a" | "b"`, `Name[]`, `ActionExpression`.
    var signatureText: String {
        switch self {
        case .string: return "string"
        case .number: return "number"
        case .boolean: return "boolean"
        case .object: return "{}"
        case .any: return "any"
        case .enumeration(let values): return values.map { "\"\($0)\"" }.joined(separator: " | ")
        case .array(let item):
            let inner = item.signatureText
            return (inner.contains("|") ? "(\(inner))" : inner) + "[]"
        case .component(let names): return names.map { $0.sorted().joined(separator: " | ") } ?? "Component"
        case .action(let names): return names.map { $0.sorted().map { "@" + $0 }.joined(separator: " | ") } ?? "ActionExpression"
        }
    }
}
