import StreamChatAI

/// Renders replies written in A2UI (format `a2ui`): v1.0, the release
/// candidate, and v0.9/v0.9.1, the production release, each through its own
/// decoder into one model; the basic catalog's 18 components and 14
/// functions, joined by the app's components under ``appCatalogID``.
///
/// ```swift
/// let host = AIUIHost(renderers: [A2UIRenderer()], send: { ... })
/// ```
public struct A2UIRenderer: AIUIRenderer {
    /// `a2ui`, the format of an `ai_ui` document it renders.
    public let format = "a2ui"
    /// `a2ui`, the fence tag of messages in a message's text.
    public let fence: String? = "a2ui"
    /// The basic catalog, or one with components removed.
    public let catalog: A2UICatalog
    /// The catalog id the app's components go by.
    public let appCatalogID: String
    /// More ids to read as the basic catalog (such as the id an agent's docs got wrong).
    public let catalogAliases: Set<String>
    /// Every catalog id a surface may name: the basic catalog's (and its aliases) and the app catalog's.
    let knownCatalogs: Set<String>
    /// The URL a medium loads from, given the agent's (nil: withheld); the host's media policy applies after it.
    public let mediaURL: @Sendable (String) -> String?

    /// A renderer.
    public init(catalog: A2UICatalog = .basic, appCatalogID: String = A2UICatalog.defaultAppCatalogID, catalogAliases: Set<String> = [],
                mediaURL: @escaping @Sendable (String) -> String? = A2UIRenderer.webURL) {
        self.catalog = catalog
        self.appCatalogID = appCatalogID
        self.catalogAliases = catalogAliases
        knownCatalogs = A2UICatalog.basicCatalogAliases.union(catalogAliases).union([appCatalogID])
        self.mediaURL = mediaURL
    }


    /// Reads `{"app_catalog_id": "…", "remove_components": ["Video", …], "catalog_aliases": ["…"]}` (a UI host's `"a2ui"` options).
    public init(settings: SettingsReader) throws(StreamChatAIError) {
        let removed = try settings.strings("remove_components") ?? []
        let catalog: A2UICatalog
        do { catalog = try A2UICatalog(removing: removed) } catch {
            throw .invalid(at: settings.path(of: "remove_components"), error.message)
        }
        self.init(catalog: catalog, appCatalogID: try settings.string("app_catalog_id", nonEmpty: true) ?? A2UICatalog.defaultAppCatalogID,
                  catalogAliases: Set(try settings.strings("catalog_aliases") ?? []))
    }

    /// The built-in renderer entry for a UI host's `"renderers"` config.
    public static let builtIn = AIUIBuiltInRenderer(format: "a2ui", options: ["app_catalog_id", "remove_components", "catalog_aliases"]) { (settings) throws(StreamChatAIError) -> any AIUIRenderer in
        try A2UIRenderer(settings: settings)
    }

    /// Only `http` and `https` URLs.
    @Sendable public static func webURL(_ url: String) -> String? {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? url : nil
    }

    /// Every basic component's name (also those removed: an app component may not take one).
    public var ownComponents: [String] { A2UICatalog.all.map(\.name) }

    /// v1.0 (also written `1.0`), v0.9 and v0.9.1, or none named.
    public func supports(version: String?) -> Bool {
        guard let version else { return true }
        return ["v1.0", "1.0", "1", "v1", "v0.9", "v0.9.1", "0.9", "0.9.1"].contains(version)
    }

    /// App components are placed by the PascalCase of their snake_case name (their own name is read too).
    public func componentName(for component: AIUIComponentDefinition) -> String { component.pascalCaseName }

    /// The protocol and the catalog for the model, with the app's components (those that clash with the catalog's
    /// left out) and the host's tools (see ``A2UIPrompt``).
    public func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String {
        A2UIPrompt.instructions(catalog: catalog, appCatalogID: appCatalogID, components: usable(components), tools: tools, fence: fence ?? "a2ui")
    }

    /// The catalog id the agent writes the surface's components under (the basic catalog joined by the app's).
    public var capabilityFields: JSONObject { ["catalog_id": .string(appCatalogID)] }

    /// An engine holding each message's surfaces and data models.
    public func makeEngine() -> any AIUIEngine { A2UIEngine(renderer: self) }
}
