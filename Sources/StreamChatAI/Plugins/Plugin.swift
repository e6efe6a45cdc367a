import Synchronization

/// One discovered plugin: its folder and manifest, and — once first needed —
/// its loaded code (in the host, or in a child process). Never unloaded.
///
/// A plugin is a tool source: its tools are known from the manifest, so they
/// register without running plugin code, and a call loads the code first.
public final class Plugin: AIToolSource {
    /// Where a plugin's code is.
    public enum Status: String, Sendable {
        /// Known from its manifest; no code loaded yet.
        case discovered
        /// Its code is loaded and checked.
        case loaded
        /// Loading or checking its code failed; its tools fail with the reason.
        case failed
    }

    /// The folder and manifest.
    public let folder: PluginFolder
    private let helper: Result<String, PluginProblem>
    private let state = Mutex<(code: (any PluginCode)?, problem: PluginProblem?)>((nil, nil))
    private let logLines = LogLines()
    /// The server of a plugin of kind `mcp_server`; it starts on first need.
    private let server: MCPServer?

    /// The most log lines kept per plugin.
    static let maxLogLines = 200

    init(folder: PluginFolder, helper: Result<String, PluginProblem>) {
        self.folder = folder
        self.helper = helper
        let manifest = folder.manifest
        guard let settings = manifest.mcpServer else {
            server = nil
            return
        }
        var configuration = MCPServerConfiguration(
            name: manifest.name, command: settings.command, environment: settings.environment, workingDirectory: folder.path,
            declaredTools: manifest.tools.isEmpty ? nil : manifest.tools, protocolVersion: settings.protocolVersion,
            toolTimeoutMs: manifest.toolTimeoutMs)
        if let limit = settings.startTimeoutMs { configuration.startTimeoutMs = limit }
        server = MCPServer(configuration: configuration) { [logLines] line in logLines.append(line) }
    }

    /// The plugin's name.
    public var name: String { folder.manifest.name }

    /// `plugin "<name>"`.
    public var origin: String { "plugin \"\(name)\"" }

    /// Where the plugin's code is.
    public var status: Status {
        state.withLock { $0.code != nil ? .loaded : $0.problem != nil ? .failed : .discovered }
    }

    /// Why loading failed, when it did.
    public var problem: PluginProblem? { state.withLock { $0.problem } }

    /// The plugin's recent log lines ("warning: ...").
    public var log: [String] { logLines.lines }


    /// Loads and checks the plugin's code if that hasn't happened; a failure is kept and reported.
    @discardableResult
    public func load() -> PluginProblem? {
        switch loadedCode() {
        case .success: return nil
        case .failure(let problem): return problem
        }
    }

    private func loadedCode() -> Result<any PluginCode, PluginProblem> {
        state.withLock { s in
            if let code = s.code { return .success(code) }
            if let problem = s.problem { return .failure(problem) }
            // The log, not the plugin: the code keeps its sink as long as it lives.
            let sink: @Sendable (Int32, String) -> Void = { [logLines] level, message in logLines.append(level: level, message) }
            do throws(PluginProblem) {
                let code = try makeCode(log: sink)
                s.code = code
                return .success(code)
            } catch {
                // A helper that started too slowly may start next time; anything else stays failed.
                if !error.transient { s.problem = error }
                return .failure(error)
            }
        }
    }

    /// The one place that knows each kind of plugin code.
    private func makeCode(log: @escaping @Sendable (Int32, String) -> Void) throws(PluginProblem) -> any PluginCode {
        switch (folder.manifest.kind, folder.manifest.isolation) {
        case (.library, .inProcess):
            return try LoadedPlugin(folder: folder, log: log)
        case (.library, .process):
            let process = PluginProcess(folder: folder, helperPath: try helper.get(), log: log)
            try process.start()
            return process
        case (.mcpServer, _):
            guard let server else { throw PluginProblem(reason: "the manifest names no MCP server") }
            do {
                try server.start()
            } catch {
                // A server that could not start may start next time (the program installed, the disk warm).
                throw PluginProblem(reason: error.message, transient: true)
            }
            return server
        }
    }

    /// The plugin's tools (loading its code on their first call), with the
    /// manifest's `tool_timeout_ms` as their own timeout.
    public var tools: [AIClientTool] {
        let manifest = folder.manifest
        if let server {
            // Without a list in the manifest, the server is started to say what it offers.
            if manifest.tools.isEmpty, load() != nil { return [] }
            // Calls go through the plugin, so its status says whether the server started.
            return server.tools.map { tool in
                AIClientTool(definition: tool.definition, timeoutMs: tool.timeoutMs) { [self] call, completion in
                    self.call(tool: tool.name, arguments: call.arguments ?? JSONObject(), completion: completion)
                }
            }
        }
        return (manifest.tools + manifest.ffiTools.map(\.definition)).map { definition in
            AIClientTool(definition: definition, timeoutMs: manifest.toolTimeoutMs) { [self] call, completion in
                self.call(tool: definition.name, arguments: call.arguments ?? JSONObject(), completion: completion)
            }
        }
    }

    /// A library's tools, known from its manifest, never change; an MCP
    /// server's change when it says so (`notifications/tools/list_changed`).
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) {
        server?.observeChanges(handler)
    }

    /// The names of the plugin's tools: the manifest's, or what its MCP server
    /// listed last. Reports read this: it never starts a server.
    public var toolNames: [String] {
        guard let server else { return folder.manifest.toolNames }
        return server.knownTools?.map(\.name) ?? []
    }

    /// The plugin's MCP server, for a plugin of kind `mcp_server`.
    public var mcpServer: MCPServer? { server }

    /// Runs one of the plugin's tools.
    public func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion) {
        switch loadedCode() {
        case .failure(let problem):
            completion.complete(.failed(reason: "The plugin \"\(self.name)\" can't run: \(problem.reason)"))
        case .success(let code):
            code.call(tool: name, arguments: arguments, completion: completion)
        }
    }

    /// An optional feature of the plugin's code by versioned id (loads the plugin).
    func feature(_ id: String) -> UnsafeRawPointer? {
        guard case .success(let code) = loadedCode() else { return nil }
        return code.feature(id)
    }

    /// `{"name", "version", "folder", "kind", "isolation", "status", "reason", "tools", "renderers", "log"}`.
    public var jsonValue: JSONValue {
        let manifest = folder.manifest
        return .object(JSONObject([
            ("name", .string(manifest.name)), ("version", .string(manifest.version)), ("folder", .string(folder.path)),
            ("kind", .string(manifest.kind.rawValue)),
            ("isolation", .string(manifest.isolation.rawValue)), ("status", .string(status.rawValue)),
            ("reason", problem.map { .string($0.description) } ?? .null),
            ("tools", .array(toolNames.map(JSONValue.string))),
            ("renderers", .array(manifest.renderers.map(\.jsonValue))),
            ("log", .array(log.map(JSONValue.string))),
        ]))
    }
}

/// A plugin's recent log lines, the newest ``Plugin/maxLogLines`` kept.
private final class LogLines: Sendable {
    private let state = Mutex<[String]>([])

    var lines: [String] { state.withLock { $0 } }

    /// Appends `level: message`, the level by name.
    func append(level: Int32, _ message: String) {
        let names = ["debug", "info", "warning", "error"]
        append("\(level >= 0 && level < 4 ? names[Int(level)] : "level \(level)"): \(message)")
    }

    func append(_ line: String) {
        state.withLock { lines in
            lines.append(line)
            if lines.count > Plugin.maxLogLines { lines.removeFirst(lines.count - Plugin.maxLogLines) }
        }
    }
}
