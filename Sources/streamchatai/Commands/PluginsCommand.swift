import StreamChatAI

/// `streamchatai plugins DIR`: what a plugins folder provides (manifests only).
struct PluginsCommand: Command {
    static let name = "plugins"
    static let abstract = "List what the plugin folders in DIR provide, and why a bad one is skipped."
    static let arguments: [Argument] = [.positional("DIR", "the plugins folder")]

    let directory: String

    init(_ parsed: ParsedArguments) throws(UsageError) {
        directory = try parsed.required("DIR")
    }

    func run() -> Int32 {
        do {
            // Manifests only: the tool box only finds which tools another plugin already offers.
            let toolBox = AIToolBox()
            for entry in try PluginRegistry().discover(directory: directory) {
                if let plugin = entry.plugin {
                    let manifest = plugin.folder.manifest
                    if manifest.kind == .mcpServer && manifest.tools.isEmpty {
                        // Listing them would start the server: this command reads manifests only.
                        print("\(Terminal.styled("✓", "32")) \(entry.folder) (mcp_server): tools listed when the server starts")
                        continue
                    }
                    let conflicts = toolBox.add(source: plugin)
                    let renderers = manifest.renderers.isEmpty ? "" : "renderers: " + manifest.renderers.map(\.format).joined(separator: ", ")
                    let provides = [manifest.toolNames.joined(separator: ", "), renderers].filter { !$0.isEmpty }.joined(separator: "; ")
                    print("\(Terminal.styled("✓", "32")) \(entry.folder) (\(manifest.kind == .mcpServer ? "mcp_server" : manifest.isolation.rawValue)): \(provides)")
                    for conflict in conflicts { print("    tool \(conflict.tool) left out: \(conflict.kept) has it") }
                } else {
                    let place = [entry.problem?.file, entry.problem?.path].compactMap { $0 }.joined(separator: " ")
                    print("\(Terminal.styled("✗", "31")) \(entry.folder): \(entry.problem?.reason ?? "")\(place.isEmpty ? "" : " [\(place)]")")
                }
            }
            return 0
        } catch {
            Terminal.error("streamchatai: \(error.description)")
            return 1
        }
    }
}
