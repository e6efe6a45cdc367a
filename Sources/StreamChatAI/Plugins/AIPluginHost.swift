/// What takes a plugins folder's tools and renderers: the tool runner, the UI
/// host, the chat client. ``loadPlugins(directory:registry:)`` is written once
/// for all of them.
public protocol AIPluginHost: AnyObject, Sendable {
    /// Where a plugin's tools go, after the host's own.
    var toolBox: AIToolBox { get }
    /// Whether plugins whose files or folders are writable by group or others are accepted.
    var allowsWritablePlugins: Bool { get }
    /// Takes a renderer a plugin provides (a host without generative UI leaves it).
    func add(renderer: any AIUIRenderer)
}

extension AIPluginHost {
    /// By default, false: plugins writable by group or others are refused.
    public var allowsWritablePlugins: Bool { false }
    /// By default, the renderer is left: the host has no generative UI.
    public func add(renderer: any AIUIRenderer) {}

    /// Discovers the plugins in `directory` (manifests only; code loads on
    /// first use) and adds their tools and renderers after the host's others.
    /// The first tool of a name wins, in sorted folder order after the host's
    /// own tools; the report names each plugin, its status, and why a plugin
    /// or a tool was left out.
    /// - Throws: ``StreamChatAIError`` (not found) when `directory` can't be read.
    public func loadPlugins(directory: String, registry: PluginRegistry = .shared) throws(StreamChatAIError) -> PluginLoadReport {
        var entries: [PluginRegistry.Entry]
        do {
            entries = try registry.discover(directory: directory, allowWritable: allowsWritablePlugins)
        } catch {
            throw StreamChatAIError(error.refused ? .refused : .notFound, error.description)
        }
        for i in entries.indices {
            guard let plugin = entries[i].plugin else { continue }
            entries[i].conflicts = toolBox.add(source: plugin)
            for renderer in plugin.folder.manifest.renderers {
                if let adapter = PluginRenderer(plugin: plugin, format: renderer.format) { add(renderer: adapter) }
            }
        }
        return PluginLoadReport(directory: directory, entries: entries)
    }
}

extension AIPluginHost {
    /// Adds an MCP server's tools after the host's others. With declared
    /// tools the server starts on their first call; without, it starts now
    /// to list them. The host keeps the server running until it is freed.
    /// - Returns: `{"name", "origin", "era", "tools", "conflicts": [{"tool", "kept"}]}`
    ///   (`era` null until the server runs).
    /// - Throws: ``StreamChatAIError`` when a server without declared tools can't start or list them.
    @discardableResult
    public func addMCPServer(_ configuration: MCPServerConfiguration) throws(StreamChatAIError) -> JSONValue {
        let server = MCPServer(configuration: configuration)
        if configuration.declaredTools == nil { try server.start() }
        let conflicts = toolBox.add(source: server)
        let era: JSONValue = switch server.era {
        case .modern?: "modern"
        case .handshake?: "handshake"
        case nil: .null
        }
        return .object(JSONObject([
            ("name", .string(configuration.name)), ("origin", .string(server.origin)), ("era", era),
            ("protocol_version", server.era.map { .string($0.version) } ?? .null),
            ("tools", .array(server.tools.map { .string($0.name) })),
            ("conflicts", .array(conflicts.map { ["tool": .string($0.tool), "kept": .string($0.kept)] })),
        ]))
    }
}

extension AIClientToolRunner: AIPluginHost {
    /// The runner's configuration says (`allow_writable_plugins`).
    public var allowsWritablePlugins: Bool { configuration.allowWritablePlugins }
}

extension AIUIHost: AIPluginHost {}
