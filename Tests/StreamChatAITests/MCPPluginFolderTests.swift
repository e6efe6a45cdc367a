import TestSupport
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

extension MCPTests {
    /// Plugin folders of kind `mcp_server`: manifest rules, file checks, and how
    /// their tools register and run.
    @Suite struct MCPPluginFolderTests {
        /// A plugins folder with one MCP plugin running the scripted server in `modes`.
        func mcpPlugin(modes: String = "", tools: String? = nil, extra: String = "", serverMode: mode_t = 0o644) -> (String, String) {
            let toolsField = tools.map { #", "tools": \#($0)"# } ?? ""
            let modesField = modes.isEmpty ? "" : #", "\#(modes)""#
            let manifest = #"{"manifest_version": 1, "name": "scripted", "version": "1.0", "mcp_server": {"command": ["python3", "server.py"\#(modesField)], "env": {"SCRIPTED": "1"}}\#(toolsField)\#(extra)}"#
            let (directory, folder) = makePluginFolder(name: "scripted", manifest: manifest)
            write(fileText(peersFolder + "/mcp_scripted_server.py") ?? "", to: folder + "/server.py")
            chmod(folder + "/server.py", serverMode)
            return (directory, folder)
        }

        func runner() throws -> AIClientToolRunner { try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1")) }

        @Test func `declared tools register without starting the server; the first call starts it`() throws {
            let (directory, _) = mcpPlugin(tools: #"[{"name": "echo", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}]"#)
            let registry = PluginRegistry()
            let runner = try runner()
            let report = try runner.loadPlugins(directory: directory, registry: registry)
            let plugin = try #require(report.entries.first?.plugin)
            #expect(runner.toolNames == ["echo"])
            #expect(plugin.status == .discovered && plugin.mcpServer?.processID == nil)
            #expect(try runPluginTool(runner, "echo", arguments: #"{"text": "from a folder"}"#) == .completed(output: ["text": "from a folder"], summary: nil))
            #expect(plugin.status == .loaded && plugin.mcpServer?.processID != nil)
            // Once it runs, what the server lists is what the plugin offers.
            #expect(runner.toolNames.contains("cancelled"))
        }

        @Test func `without declared tools the server starts on load and lists them`() throws {
            let (directory, _) = mcpPlugin()
            let runner = try runner()
            let report = try runner.loadPlugins(directory: directory, registry: PluginRegistry())
            #expect(runner.toolNames == ["cancelled", "crash", "echo", "hang", "pid", "wipe"])
            #expect(report.entries.first?.plugin?.status == .loaded)
            #expect(report.jsonValue["plugins"]?[0]?["tools"]?.arrayValue?.count == 6)
        }

        @Test func `a declared tool the server doesn't offer is reported`() throws {
            let (directory, _) = mcpPlugin(tools: #"[{"name": "echo", "inputSchema": {"type": "object"}}, {"name": "ghost", "inputSchema": {"type": "object"}}]"#)
            let runner = try runner()
            let plugin = try #require(try runner.loadPlugins(directory: directory, registry: PluginRegistry()).entries.first?.plugin)
            #expect(plugin.load() == nil)
            #expect(plugin.log.contains { $0.contains("does not offer the declared tool \"ghost\"") })
            #expect(!runner.toolNames.contains("ghost"))
        }

        @Test func `a server file others may change is refused with its JSON path`() throws {
            let (directory, _) = mcpPlugin(serverMode: 0o666)
            let entries = try PluginRegistry().discover(directory: directory)
            let problem = try #require(entries.first?.problem)
            #expect(problem.refused && problem.path == "$.mcp_server.command[1]" && problem.reason.contains("writable by group or others"))
        }

        @Test func `the server's program must stay inside the folder`() throws {
            for (command, why) in [(#"["../evil.sh"]"#, "inside the plugin's folder"), (#"["/usr/bin/python3"]"#, "bare name found on PATH")] {
                let manifest = #"{"manifest_version": 1, "name": "x", "version": "1", "mcp_server": {"command": \#(command)}}"#
                let (directory, _) = makePluginFolder(name: "x", manifest: manifest)
                let problem = try #require(try PluginRegistry().discover(directory: directory).first?.problem)
                #expect(problem.reason.contains(why) && problem.path == "$.mcp_server.command[0]")
            }
        }

        @Test func `settings of library plugins do not apply to an MCP server plugin`() throws {
            for key in [#""entry": "x""#, #""isolation": "process""#, #""environment": ["A"]"#] {
                let (directory, _) = mcpPlugin(extra: ", " + key)
                let problem = try #require(try PluginRegistry().discover(directory: directory).first?.problem)
                #expect(problem.reason.contains("does not apply to an MCP server plugin"))
            }
            let (directory, _) = makePluginFolder(name: "x", manifest: #"{"manifest_version": 1, "name": "x", "version": "1", "mcp_server": {"command": []}}"#)
            #expect(try PluginRegistry().discover(directory: directory).first?.problem?.path == "$.mcp_server.command")
            let (both, _) = makePluginFolder(name: "y", manifest: #"{"manifest_version": 1, "name": "y", "version": "1", "library": "a.so", "mcp_server": {"command": ["x"]}}"#)
            #expect(try PluginRegistry().discover(directory: both).first?.problem != nil)
        }

        @Test func `a server that can't start fails its calls and is tried again on the next`() throws {
            let (directory, _) = mcpPlugin(modes: "exit-at-once", tools: #"[{"name": "echo", "inputSchema": {"type": "object"}}]"#)
            let runner = try runner()
            let plugin = try #require(try runner.loadPlugins(directory: directory, registry: PluginRegistry()).entries.first?.plugin)
            guard case .failed(let why)? = try runPluginTool(runner, "echo", id: "a") else { Issue.record("expected a failure"); return }
            #expect(why.contains("exited with status 3") && why.contains("no database"))
            _ = try runPluginTool(runner, "echo", id: "b")
            #expect(plugin.mcpServer?.startCount == 0 && plugin.status == .discovered)
        }
    }
}
