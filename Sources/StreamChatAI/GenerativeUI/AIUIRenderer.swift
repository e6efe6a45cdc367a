/// Reads one UI format and makes the UI IR of each reply written in it.
///
/// The host asks its renderers in the order listed; the first that reads a
/// document's format and version renders it. Renderers treat what the agent
/// wrote as untrusted: a bad document degrades to what can be shown and its
/// problems go to the host's error callback.
public protocol AIUIRenderer: Sendable {
    /// The format, such as `a2ui`, `openui`, `cards`.
    var format: String { get }
    /// The fence info string models write this format in, such as `openui-lang`.
    var fence: String? { get }
    /// The names of the format's own components: an app component named like
    /// one of them would replace it, so the host leaves such a component out.
    var ownComponents: [String] { get }
    /// Fields the format adds to its entry in the host's capabilities (A2UI: its `catalog_id`).
    var capabilityFields: JSONObject { get }
    /// Whether it reads this version of the format (nil: the agent named none).
    func supports(version: String?) -> Bool
    /// The name the format calls an app component by (OpenUI: `PlaceCard`
    /// for `place_card`); its own components must not take it.
    func componentName(for component: AIUIComponentDefinition) -> String
    /// The format's own instructions for the model, written from the app's
    /// components and the host's tools (see ``AIUIInstructions``).
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String
    /// An engine for one conversation.
    func makeEngine() -> any AIUIEngine
}

extension AIUIRenderer {
    /// By default, none: the format is read only from `ai_ui`.
    public var fence: String? { nil }
    /// By default, none: no app component's name clashes.
    public var ownComponents: [String] { [] }
    /// By default, none.
    public var capabilityFields: JSONObject { JSONObject() }
    /// By default, every version.
    public func supports(version: String?) -> Bool { true }
    /// By default, the component's own (snake_case) name.
    public func componentName(for component: AIUIComponentDefinition) -> String { component.name }

    /// Whether an app component would take the name of one of the format's own.
    public func clashes(with component: AIUIComponentDefinition) -> Bool {
        let own = ownComponents
        return own.contains(component.name) || own.contains(componentName(for: component))
    }

    /// The app components this renderer may place: those that don't clash with its own.
    public func usable(_ components: [AIUIComponentDefinition]) -> [AIUIComponentDefinition] {
        components.filter { !clashes(with: $0) }
    }
}
