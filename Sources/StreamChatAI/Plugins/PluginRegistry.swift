import CSystemShims
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The plugins a process knows, shared by every runner and UI host, since a
/// plugin's code, once loaded, stays loaded.
///
/// Discovery reads manifests only: tools and renderers are known without
/// running plugin code. A bad plugin is skipped with a reason that names the
/// file and JSON path; the others still load.
public final class PluginRegistry: Sendable {
    /// The process's registry.
    public static let shared = PluginRegistry()

    private let plugins = Mutex<[(path: String, plugin: Plugin)]>([])

    /// A registry of its own (tests; hosts that want plugin sets kept apart).
    public init() {}

    /// One plugin folder's outcome in a discovery.
    public struct Entry: Sendable {
        /// The folder as found.
        public var folder: String
        /// The plugin, when its manifest and files passed.
        public var plugin: Plugin?
        /// Why it was skipped.
        public var problem: PluginProblem?
        /// The plugin's tools left out because the host already had a tool of that name.
        public var conflicts: [AIToolBox.Conflict] = []

        /// `{"folder", "name", "version", "status": "ok", "isolation", "tools", "renderers", "conflicts": [{"tool", "kept"}]}`
        /// or `{"folder", "status": "skipped", "reason", "file", "json_path"}`.
        public var jsonValue: JSONValue {
            var members: [(String, JSONValue)] = [("folder", .string(folder))]
            if let plugin {
                let manifest = plugin.folder.manifest
                members += [
                    ("name", .string(manifest.name)), ("version", .string(manifest.version)), ("status", "ok"),
                    ("isolation", .string(manifest.isolation.rawValue)),
                    ("tools", .array(manifest.toolNames.map(JSONValue.string))),
                    ("renderers", .array(manifest.renderers.map { .string($0.format) })),
                    ("conflicts", .array(conflicts.map { ["tool": .string($0.tool), "kept": .string($0.kept)] })),
                ]
            } else {
                members += [
                    ("status", "skipped"), ("reason", .string(problem?.reason ?? "unknown")),
                    ("file", problem?.file.map(JSONValue.string) ?? .null),
                    ("json_path", problem?.path.map(JSONValue.string) ?? .null),
                ]
            }
            return .object(JSONObject(members))
        }
    }

    /// Reads every plugin folder in `directory`, in sorted order.
    /// - Parameter allowWritable: accept plugins writable by group or others.
    public func discover(directory: String, allowWritable: Bool = false) throws(PluginProblem) -> [Entry] {
        let helper = Self.helperPath()
        var entries: [Entry] = []
        for path in try PluginFolder.subfolders(of: directory) {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { continue }  // a README beside the plugins
            let shown = String(path.dropFirst(directory.count + 1))
            do {
                let folder = try PluginFolder(path: path, allowWritable: allowWritable)
                let plugin = plugins.withLock { list -> Plugin in
                    if let known = list.first(where: { $0.path == folder.path }) { return known.plugin }
                    let plugin = Plugin(folder: folder, helperPath: helper)
                    list.append((folder.path, plugin))
                    return plugin
                }
                entries.append(Entry(folder: shown, plugin: plugin))
            } catch {
                entries.append(Entry(folder: shown, plugin: nil, problem: error))
            }
        }
        return entries
    }

    /// Every plugin discovered so far, in discovery order.
    public var all: [Plugin] { plugins.withLock { $0.map(\.plugin) } }

    /// `[{plugin}, ...]`, see ``Plugin/jsonValue``.
    public var jsonValue: JSONValue { .array(all.map(\.jsonValue)) }

    /// The helper that runs `process` plugins: `$STREAMCHATAI_PLUGIN_HELPER`, or
    /// `streamchatai-plugin-helper` next to the library (or program) holding this code.
    static func helperPath() -> String? {
        if let env = getenv("STREAMCHATAI_PLUGIN_HELPER") { return String(cString: env) }
        let anchor = unsafeBitCast(PluginCalls.complete, to: UnsafeRawPointer.self)
        var candidates: [String] = []
        if let file = sca_object_path_of(anchor) { candidates.append(String(cString: file)) }
        if let exe = POSIX.realPath("/proc/self/exe") { candidates.append(exe) }
        for file in candidates {
            guard let slash = file.lastIndex(of: "/") else { continue }
            let helper = String(file[..<slash]) + "/streamchatai-plugin-helper"
            if access(helper, X_OK) == 0 { return helper }
        }
        return nil
    }
}
