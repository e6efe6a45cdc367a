/// What loading a plugins folder found and did, plugin by plugin.
public struct PluginLoadReport: Sendable {
    /// The folder as given.
    public var directory: String
    /// Each plugin folder, in sorted order.
    public var entries: [PluginRegistry.Entry]

    /// The plugins that loaded.
    public var plugins: [Plugin] { entries.compactMap(\.plugin) }

    /// `{"directory", "plugins": [entry, ...]}` (see ``PluginRegistry/Entry/jsonValue``).
    public var jsonValue: JSONValue {
        .object(JSONObject([("directory", .string(directory)), ("plugins", .array(entries.map(\.jsonValue)))]))
    }
}
