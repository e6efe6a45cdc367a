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
    private let logLines = Mutex<[String]>([])

    /// The most log lines kept per plugin.
    static let maxLogLines = 200

    init(folder: PluginFolder, helper: Result<String, PluginProblem>) {
        self.folder = folder
        self.helper = helper
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
    public var log: [String] { logLines.withLock { $0 } }

    private func record(_ level: Int32, _ message: String) {
        let names = ["debug", "info", "warning", "error"]
        let line = "\(level >= 0 && level < 4 ? names[Int(level)] : "level \(level)"): \(message)"
        logLines.withLock { lines in
            lines.append(line)
            if lines.count > Self.maxLogLines { lines.removeFirst(lines.count - Self.maxLogLines) }
        }
    }

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
            let sink: @Sendable (Int32, String) -> Void = { [weak self] level, message in self?.record(level, message) }
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
        }
    }

    /// The plugin's tools (loading its code on their first call), with the
    /// manifest's `tool_timeout_ms` as their own timeout.
    public var tools: [AIClientTool] {
        let manifest = folder.manifest
        return (manifest.tools + manifest.ffiTools.map(\.definition)).map { definition in
            AIClientTool(definition: definition, timeoutMs: manifest.toolTimeoutMs) { [self] call, completion in
                self.call(tool: definition.name, arguments: call.arguments ?? JSONObject(), completion: completion)
            }
        }
    }

    /// A manifest's tools never change, so there is nothing to tell.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) {}

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

    /// `{"name", "version", "folder", "isolation", "status", "reason", "tools", "renderers", "log"}`.
    public var jsonValue: JSONValue {
        let manifest = folder.manifest
        return .object(JSONObject([
            ("name", .string(manifest.name)), ("version", .string(manifest.version)), ("folder", .string(folder.path)),
            ("isolation", .string(manifest.isolation.rawValue)), ("status", .string(status.rawValue)),
            ("reason", problem.map { .string($0.description) } ?? .null),
            ("tools", .array(manifest.toolNames.map(JSONValue.string))),
            ("renderers", .array(manifest.renderers.map(\.jsonValue))),
            ("log", .array(log.map(JSONValue.string))),
        ]))
    }
}
