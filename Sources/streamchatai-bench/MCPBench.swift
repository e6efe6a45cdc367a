import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// What MCP costs: a call of the libffi tool `add` through `streamchatai mcp
/// serve` (the stdio round trip, JSON-RPC both ways) against the same tool as
/// an in-process plugin, both through the one tool-call execution a runner
/// uses; and how long servers take to start and list their tools.
enum MCPBench {
    struct Result {
        var inProcessMicros: Double, mcpMicros: Double
        /// Start and list, in milliseconds: `mcp serve`, the scripted standard-library server, the `mcp` SDK server.
        var startMillis: [(String, Double)]
    }

    static func run(plugins: String, budgetSeconds: Double) -> Result? {
        guard let executable = POSIX.realPath("/proc/self/exe"), let slash = executable.lastIndex(of: "/") else { return nil }
        let cli = String(executable[..<slash]) + "/streamchatai-cli"
        guard access(cli, X_OK) == 0, let plugins = POSIX.realPath(plugins),
              let entries = try? PluginRegistry().discover(directory: plugins),
              let mathlib = entries.first(where: { $0.folder == "mathlib" })?.plugin,
              let local = mathlib.tools.first(where: { $0.name == "add" })
        else { return nil }
        let serve = MCPServerConfiguration(name: "serve", command: [cli, "mcp", "serve", "--plugins", plugins], stopGraceMs: 500)
        let server = MCPServer(configuration: serve)
        guard (try? server.start()) != nil, let remote = server.tools.first(where: { $0.name == "add" }) else { return nil }
        let call = AIToolCallPart(id: "bench", name: "add", arguments: ["a": 40, "b": 2])
        let times = bestSecondsPerCall(budget: budgetSeconds, comparing: [
            { _ = ToolCallExecution.start(local, call: call, defaultTimeoutMs: 10_000).wait() },
            { _ = ToolCallExecution.start(remote, call: call, defaultTimeoutMs: 10_000).wait() },
        ])
        server.stop()

        var starts: [(String, Double)] = [("streamchatai mcp serve (4 plugin folders)", startMillis(serve))]
        let root = String(plugins.dropLast("/build/plugins".count))
        let python = access(root + "/build/venv/bin/python", X_OK) == 0 ? root + "/build/venv/bin/python" : "/usr/bin/python3"
        starts.append(("a standard-library Python server (Tests/Peers/mcp_scripted_server.py)",
                       startMillis(MCPServerConfiguration(name: "scripted", command: [python, root + "/Tests/Peers/mcp_scripted_server.py"]))))
        if access(root + "/build/venv/bin/python", X_OK) == 0 {
            starts.append(("the mcp 2.3.0 SDK server (Tests/Peers/mcp_notes_server.py)",
                           startMillis(MCPServerConfiguration(name: "notes", command: [python, root + "/Tests/Peers/mcp_notes_server.py", "mcp"],
                                                              startTimeoutMs: 30_000))))
        }
        return Result(inProcessMicros: times[0] * 1e6, mcpMicros: times[1] * 1e6, startMillis: starts)
    }

    /// The best of three starts (spawn, era agreed, tools listed), in milliseconds; -1 when it fails.
    private static func startMillis(_ configuration: MCPServerConfiguration) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let server = MCPServer(configuration: configuration)
            let start = now()
            guard (try? server.start()) != nil else { return -1 }
            best = min(best, (now() - start) * 1e3)
            server.stop()
        }
        return best
    }
}
