import CStreamChatAIPluginABI

#if canImport(Glibc)
import Glibc
#endif

/// A plugin's shared object, opened in the host process (trusted code):
/// `RTLD_NOW | RTLD_LOCAL`, never closed. Its entry table is checked before
/// any other field is read, and every tool the manifest lists must be there.
final class LoadedPlugin: PluginCode, @unchecked Sendable {  // immutable after init
    let folder: PluginFolder
    let handle: UnsafeMutableRawPointer
    /// The entry table, for plugins with `tools` or `renderers`.
    let table: UnsafePointer<sca_plugin>?
    /// The table's usable size: fields beyond it are treated as absent.
    let tableSize: Int
    let ffi: [String: FFIFunction]
    let services: UnsafeMutablePointer<sca_host_services>

    init(folder: PluginFolder, log: @escaping @Sendable (Int32, String) -> Void) throws(PluginProblem) {
        self.folder = folder
        let manifest = folder.manifest
        guard let libraryPath = folder.libraryPath, let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL) else {
            throw PluginProblem(reason: "cannot load the library: \(dlerror().map { String(cString: $0) } ?? "unknown error")", file: folder.libraryPath)
        }
        self.handle = handle
        services = .allocate(capacity: 1)
        services.initialize(to: sca_host_services(
            struct_size: UInt32(MemoryLayout<sca_host_services>.size), abi_major: UInt32(SCA_PLUGIN_ABI_MAJOR),
            abi_minor: UInt32(SCA_PLUGIN_ABI_MINOR), log: PluginLogs.log, complete: PluginCalls.complete,
            is_cancelled: PluginCalls.isCancelled, request_render: PluginRendererEngine.requestRender))
        PluginLogs.register(services, log)

        var ffi: [String: FFIFunction] = [:]
        for tool in manifest.ffiTools {
            do {
                ffi[tool.definition.name] = try FFIFunction(tool: tool, library: handle)
            } catch {
                throw PluginProblem(reason: error.reason, file: folder.libraryPath, path: "$.ffi_tools")
            }
        }
        self.ffi = ffi

        guard let entryName = manifest.entry else {
            table = nil
            tableSize = 0
            return
        }
        _ = dlerror()
        guard let symbol = dlsym(handle, entryName) else {
            throw PluginProblem(reason: "the library has no entry function \(entryName)", file: folder.libraryPath, path: "$.entry")
        }
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        guard let raw = entry() else {
            throw PluginProblem(reason: "the entry function \(entryName) returned NULL", file: folder.libraryPath)
        }
        // Read the header words first: nothing past struct_size is touched.
        let size = Int(raw.load(as: UInt32.self))
        let major = raw.load(fromByteOffset: 4, as: UInt32.self)
        let minor = raw.load(fromByteOffset: 8, as: UInt32.self)
        guard size >= 12 else { throw PluginProblem(reason: "the plugin table is \(size) bytes, too small to hold its version", file: folder.libraryPath) }
        guard major == UInt32(SCA_PLUGIN_ABI_MAJOR) else {
            throw PluginProblem(reason: "the binary was built for plugin ABI \(major).\(minor); this host speaks \(SCA_PLUGIN_ABI_MAJOR).x",
                                file: folder.libraryPath)
        }
        let required = MemoryLayout<sca_plugin>.offset(of: \sca_plugin.get_feature)!
        guard size >= required else {
            throw PluginProblem(reason: "the plugin table is \(size) bytes; ABI \(major).\(minor) needs at least \(required)", file: folder.libraryPath)
        }
        let table = raw.assumingMemoryBound(to: sca_plugin.self)
        self.table = table
        tableSize = size
        let plugin = table.pointee
        guard let declared = plugin.name.map({ String(cString: $0) }), declared == manifest.name else {
            throw PluginProblem(reason: "the binary calls itself \(plugin.name.map { "\"\(String(cString: $0))\"" } ?? "nothing"), the manifest \"\(manifest.name)\"",
                                file: folder.libraryPath, path: "$.name")
        }
        guard let initialize = plugin.`init`, plugin.has_tool != nil, plugin.call_tool != nil else {
            throw PluginProblem(reason: "the plugin table has NULL functions (init, has_tool and call_tool are required)", file: folder.libraryPath)
        }
        let status = initialize(services)
        guard status == 0 else { throw PluginProblem(reason: "the plugin's init failed with code \(status)", file: folder.libraryPath) }
        for (i, tool) in manifest.tools.enumerated() where plugin.has_tool(tool.name) == 0 {
            throw PluginProblem(reason: "the manifest lists the tool \"\(tool.name)\", but the binary doesn't provide it",
                                file: folder.libraryPath, path: "$.tools[\(i)].name")
        }
    }

    /// An optional feature of the plugin by versioned id, when its table is new enough to have `get_feature`.
    func feature(_ id: String) -> UnsafeRawPointer? {
        guard let table, tableSize >= MemoryLayout<sca_plugin>.offset(of: \sca_plugin.get_feature)! + MemoryLayout<UnsafeRawPointer>.size,
              let getFeature = table.pointee.get_feature
        else { return nil }
        return getFeature(id)
    }

    /// Starts a call of an entry-table tool; the plugin completes it through the host services.
    func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion) {
        if let function = ffi[name] {
            completion.complete(function.call(arguments))
            return
        }
        guard let table else {
            completion.complete(.failed(reason: "The plugin \"\(folder.manifest.name)\" has no tool \"\(name)\"."))
            return
        }
        let call = PluginCalls.register(completion)
        let code = JSONSerializer.string(.object(arguments)).withCString { args in
            table.pointee.call_tool(name, args, call)
        }
        if code != 0 {
            PluginCalls.forget(call)
            completion.complete(.failed(reason: "The plugin \"\(folder.manifest.name)\" refused the call (code \(code))."))
        }
    }
}
