/// One parameter of a component.
public struct AIUIParameter: Sendable {
    public var name: String
    public var type: AIUIParameterType
    public var isRequired: Bool
    public var description: String?

    /// A parameter the agent must fill in.
    public static func required(_ name: String, _ type: AIUIParameterType, description: String? = nil) -> AIUIParameter {
        AIUIParameter(name: name, type: type, isRequired: true, description: description)
    }

    /// A parameter the agent may leave out.
    public static func optional(_ name: String, _ type: AIUIParameterType, description: String? = nil) -> AIUIParameter {
        AIUIParameter(name: name, type: type, isRequired: false, description: description)
    }
}
