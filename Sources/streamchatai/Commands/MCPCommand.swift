import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai mcp serve --plugins DIR...`: the plugins' tools served to
/// any MCP client over stdio.
struct MCPCommand: Command {
    static let name = "mcp"
    static let abstract = "Serve the tools of plugin folders to an MCP client over stdio (mcp serve)."
    static let discussion = """
    ACTION is serve. Every tool of the --plugins folders (C tables, libffi functions, isolated plugins, MCP servers) \
    and of the --server configs is served on standard input and output, in both MCP eras (2026-07-28 and the \
    initialize handshake back to 2024-11-05), with annotations, input schemas, isError results and progress. \
    Standard output carries MCP messages only: what plugins print goes to standard error, with the load report. \
    The server ends when its input does.
    """
    static let arguments: [Argument] = [
        .positional("ACTION", "serve"),
        .repeated("--plugins", "DIR", "a plugins folder whose tools are served"),
        .repeated("--server", "JSON", #"an MCP server config whose tools are served too, such as {"name": "n", "command": ["python3", "s.py"]}"#),
        .option("--name", "NAME", "the server's name in serverInfo (default streamchatai)"),
        .option("--tool-timeout-ms", "MS", "how long a call may take when its tool sets no limit (default 60000)"),
        .flag("--allow-writable-plugins", "accept plugins writable by group or others"),
    ]

    let plugins: [String]
    let servers: [MCPServerConfiguration]
    let server: MCPToolServer

    init(_ parsed: ParsedArguments) throws(UsageError) {
        guard try parsed.required("ACTION") == "serve" else { throw UsageError("unknown action; the one action is serve") }
        plugins = parsed.all("--plugins")
        var servers: [MCPServerConfiguration] = []
        for text in parsed.all("--server") {
            do {
                servers.append(try MCPServerConfiguration(json: try JSONParser.parse(text)))
            } catch {
                throw UsageError("--server: \(error)")
            }
        }
        self.servers = servers
        guard !plugins.isEmpty || !servers.isEmpty else { throw UsageError("give at least one --plugins DIR or --server JSON") }
        let timeout = try parsed.integer("--tool-timeout-ms") ?? 60_000
        guard timeout >= 1 && timeout <= 3_600_000 else { throw UsageError("--tool-timeout-ms: from 1 to 3600000") }
        server = MCPToolServer(name: parsed.value("--name") ?? "streamchatai", toolTimeoutMs: Int(timeout),
                               allowWritablePlugins: parsed.flag("--allow-writable-plugins"))
    }

    func run() -> Int32 {
        // The protocol owns standard output: anything else written there (a plugin's printf) goes to standard error.
        let protocolOutput = dup(1)
        guard protocolOutput >= 0, dup2(2, 1) >= 0 else {
            Terminal.error("streamchatai mcp: cannot set up standard output: \(String(cString: strerror(errno)))")
            return 1
        }
        _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
        do {
            for dir in plugins {
                let report = try server.loadPlugins(directory: dir)
                for entry in report.entries where entry.plugin == nil {
                    Terminal.error("streamchatai mcp: skipped \(entry.folder): \(entry.problem?.description ?? "")")
                }
                for entry in report.entries { for conflict in entry.conflicts { Terminal.error("streamchatai mcp: tool \(conflict.tool) of \(entry.folder) left out: \(conflict.kept) has it") } }
            }
            for configuration in servers { try server.addMCPServer(configuration) }
        } catch {
            Terminal.error("streamchatai mcp: \(error.message)")
            return 1
        }
        Terminal.error("streamchatai mcp: serving \(server.toolBox.toolNames.count) tools: \(server.toolBox.toolNames.joined(separator: ", "))")
        server.serve(input: 0, output: protocolOutput)
        return 0
    }
}
