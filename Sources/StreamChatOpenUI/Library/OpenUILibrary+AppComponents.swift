import StreamChatAI

extension OpenUILibrary.Entry {
    /// The library entry of an app component, called `name` (its PascalCase
    /// form): its parameters as positional props, in `x-order`.
    public init(appComponent c: AIUIComponentDefinition, name: String) {
        let required = Set((c.parameters["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        let props = c.parameterOrder.map { param -> OpenUILibrary.Prop in
            let schema = c.parameters["properties"]?[param] ?? .null
            return OpenUILibrary.Prop(param, Self.type(of: schema), required: required.contains(param),
                                      default: schema["default"].map(OpenUIValue.init(json:)))
        }
        self.init(name, c.description ?? "", props)
    }

    private static func type(of schema: JSONValue) -> OpenUIPropType {
        if case .array(let values)? = schema["enum"] { return .enumeration(values.compactMap(\.stringValue)) }
        switch schema["type"]?.stringValue {
        case "string": return .string
        case "number", "integer": return .number
        case "boolean": return .boolean
        case "object": return .object
        case "array": return .array(schema["items"].map(type(of:)) ?? .any)
        default: return .any
        }
    }
}

extension OpenUILibrary {
    /// The library with the app's components added under their PascalCase names; a name it has already is left out.
    func adding(appComponents: [AIUIComponentDefinition]) -> OpenUILibrary {
        guard !appComponents.isEmpty else { return self }
        var library = self
        _ = library.add(appComponents.map { OpenUILibrary.Entry(appComponent: $0, name: $0.pascalCaseName) })
        library.groups.append(Group("The app's components", appComponents.map(\.pascalCaseName)))
        return library
    }
}
