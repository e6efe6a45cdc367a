/// A renderer the library (or the program) offers by name, to be turned on
/// from a UI host's config: `"renderers": ["a2ui", "openui"]`, with the
/// format's options under its own key (`"openui": {"library": "standard"}`).
public struct AIUIBuiltInRenderer: Sendable {
    /// The format, which is also the renderer's name in the config.
    public let format: String
    /// The option names the format reads under its key.
    public let options: [String]
    /// Makes the renderer from its options (an empty object when none are given).
    public let make: @Sendable (SettingsReader) throws(StreamChatAIError) -> any AIUIRenderer

    /// A built-in renderer.
    public init(format: String, options: [String] = [],
                make: @escaping @Sendable (SettingsReader) throws(StreamChatAIError) -> any AIUIRenderer) {
        self.format = format
        self.options = options
        self.make = make
    }
}
