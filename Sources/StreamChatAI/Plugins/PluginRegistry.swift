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
    /// The helper program this registry's process plugins use, when it is not found as usual.
    private let helperOverride: String?

    /// A registry of its own (tests; hosts that want plugin sets kept apart).
    public init() { helperOverride = nil }

    /// A registry whose process plugins run `helper` (it must still pass the trust checks).
    init(helper: String) { helperOverride = helper }

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
                    ("tools", .array(plugin.toolNames.map(JSONValue.string))),
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
    /// - Parameter allowWritable: accept plugins writable by group or others, or owned by another user.
    /// - Throws: ``PluginProblem`` when `directory` can't be read, or (`refused`)
    ///   when others may write to it: then anyone could add a plugin.
    public func discover(directory: String, allowWritable: Bool = false) throws(PluginProblem) -> [Entry] {
        var info = stat()
        guard stat(directory, &info) == 0 else { throw PluginProblem(reason: POSIX.errnoText("cannot read the plugins folder"), file: directory) }
        do {
            try PluginTrust.check(info, of: directory, allowWritable: allowWritable)
        } catch {
            throw PluginProblem(reason: "the plugins folder is \(error.reason)", file: directory, refused: true)
        }
        let helper = Self.helper(override: helperOverride)
        var entries: [Entry] = []
        for path in try PluginFolder.subfolders(of: directory) {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { continue }  // a README beside the plugins
            let shown = String(path.dropFirst(directory.count + 1))
            do {
                let folder = try PluginFolder(path: path, allowWritable: allowWritable)
                let plugin = plugins.withLock { list -> Plugin in
                    if let known = list.first(where: { $0.path == folder.path }) { return known.plugin }
                    let plugin = Plugin(folder: folder, helper: helper)
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

    /// The helper that runs `process` plugins: `$STREAMCHATAI_PLUGIN_HELPER`
    /// (ignored in a program with more rights than its user), or
    /// `streamchatai-plugin-helper` next to the library (or program) holding
    /// this code, or in the `lib/` beside a program's `bin/`. The helper must pass the same trust checks as plugin code.
    static func helper(override: String? = nil) -> Result<String, PluginProblem> {
        var candidates: [String] = []
        if let chosen = override ?? POSIX.environment("STREAMCHATAI_PLUGIN_HELPER") {
            candidates.append(chosen)
        } else {
            let anchor = unsafeBitCast(PluginCalls.complete, to: UnsafeRawPointer.self)
            var places: [String] = []
            if let file = sca_object_path_of(anchor) { places.append(String(cString: file)) }
            if let exe = POSIX.realPath("/proc/self/exe") { places.append(exe) }
            for file in places {
                guard let slash = file.lastIndex(of: "/") else { continue }
                let folder = String(file[..<slash])
                candidates.append(folder + "/streamchatai-plugin-helper")
                // A program in bin/ (the CLI, which links the library in) finds it in the lib/ beside.
                if folder.hasSuffix("/bin") { candidates.append(String(folder.dropLast(4)) + "/lib/streamchatai-plugin-helper") }
            }
        }
        for helper in candidates where access(helper, X_OK) == 0 {
            guard let real = POSIX.realPath(helper) else { continue }
            do {
                try PluginTrust.check(path: real, allowWritable: false)
                try PluginTrust.check(path: String(real[..<(real.lastIndex(of: "/") ?? real.endIndex)]), allowWritable: false)
                return .success(real)
            } catch {
                return .failure(PluginProblem(reason: "the plugin helper \(real) is not safe to run: \(error.reason)", file: real, refused: true))
            }
        }
        return .failure(PluginProblem(reason: "the plugin helper program was not found next to the library (set STREAMCHATAI_PLUGIN_HELPER)"))
    }
}
