/// One parameter of a component.
public struct AIUIParameter: Sendable {
    /// Its name, as the agent's arguments and the formats' props call it.
    public var name: String
    /// The values it takes.
    public var type: AIUIParameterType
    /// Whether the agent must give it.
    public var isRequired: Bool
    /// What it means, for the model.
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
