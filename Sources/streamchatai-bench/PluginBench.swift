import CFFI
import CStreamChatAIPluginABI
import StreamChatAI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Plugin overheads: a tool call through the plugin ABI vs calling the
/// plugin's function directly, a libffi call vs a direct C call, and
/// discovering 200 plugin folders.
enum PluginBench {
    struct Result {
        var abiMicros: Double, directMicros: Double
        var ffiNanos: Double, directCallNanos: Double, ffiToolMicros: Double
        var scanMillis: Double
    }

    static func run(plugins: String, budgetSeconds: Double) -> Result? {
        let registry = PluginRegistry()
        guard let entries = try? registry.discover(directory: plugins),
              let weather = entries.first(where: { $0.folder == "weather" })?.plugin,
              let mathlib = entries.first(where: { $0.folder == "mathlib" })?.plugin
        else { return nil }
        guard weather.load() == nil, mathlib.load() == nil else { return nil }

        // 1. get_weather through the ABI (arguments to JSON, the table's call_tool,
        //    host->complete parsing the result) vs the table's call_tool called directly.
        let arguments: JSONObject = ["city": "Oslo"]
        let done = Atomic<Int>(0)
        guard let library = dlopen(weather.folder.libraryPath, RTLD_NOW | RTLD_LOCAL),
              let entry = dlsym(library, "sca_plugin_entry_v1") else { return nil }
        let table = unsafeBitCast(entry, to: (@convention(c) () -> UnsafeRawPointer).self)()
        let callTool = table.assumingMemoryBound(to: sca_plugin.self).pointee.call_tool!
        let unknownCall = OpaquePointer(bitPattern: UInt.max)
        let abiTimes = bestSecondsPerCall(budget: budgetSeconds, comparing: [
            {
                weather.call(tool: "get_weather", arguments: arguments,
                             completion: AIToolCompletion(deliver: { _ in done.add(1, ordering: .relaxed); return true }))
            },
            { sink &+= Int(callTool("get_weather", #"{"city":"Oslo"}"#, unknownCall)) },
        ])
        let (abi, direct) = (abiTimes[0], abiTimes[1])

        // 2. libffi vs a direct call of math_add, and the whole typed tool path.
        guard let mathHandle = dlopen(mathlib.folder.libraryPath, RTLD_NOW | RTLD_LOCAL),
              let add = dlsym(mathHandle, "math_add") else { return nil }
        let addDirect = unsafeBitCast(add, to: (@convention(c) (Int64, Int64) -> Int64).self)
        var a: Int64 = 1, b: Int64 = 2
        let directCall = bestSecondsPerCall(budget: budgetSeconds) {
            for _ in 0..<100 { a = addDirect(a, b) & 0xFFFF }
        } / 100
        var cif = ffi_cif()
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: 2)
        types[0] = sca_ffi_sint64()
        types[1] = sca_ffi_sint64()
        ffi_prep_cif(&cif, sca_ffi_default_abi(), 2, sca_ffi_sint64(), types)
        let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 2)
        var out: Int64 = 0
        let ffi = withUnsafeMutablePointer(to: &a) { pa in
            withUnsafeMutablePointer(to: &b) { pb in
                values[0] = UnsafeMutableRawPointer(pa)
                values[1] = UnsafeMutableRawPointer(pb)
                let function = unsafeBitCast(add, to: (@convention(c) () -> Void).self)
                return bestSecondsPerCall(budget: budgetSeconds) {
                    for _ in 0..<100 {
                        ffi_call(&cif, function, &out, values)
                        pa.pointee = out & 0xFFFF
                    }
                } / 100
            }
        }
        types.deallocate()
        values.deallocate()
        let addArguments: JSONObject = ["a": 40, "b": 2]
        let ffiTool = bestSecondsPerCall(budget: budgetSeconds) {
            mathlib.call(tool: "add", arguments: addArguments,
                         completion: AIToolCompletion(deliver: { _ in done.add(1, ordering: .relaxed); return true }))
        }
        sink &+= Int(a) &+ done.load(ordering: .relaxed)

        // 3. Discovery of 200 plugin folders (manifests and file checks only).
        let scan = scanMillis(copiesOf: mathlib.folder, count: 200)

        return Result(abiMicros: abi * 1e6, directMicros: direct * 1e6, ffiNanos: ffi * 1e9,
                      directCallNanos: directCall * 1e9, ffiToolMicros: ffiTool * 1e6, scanMillis: scan)
    }

    /// Milliseconds to discover `count` copies of a plugin folder (best of 12, against a noisy machine).
    static func scanMillis(copiesOf folder: PluginFolder, count: Int) -> Double {
        var template = Array("/tmp/sca-bench-XXXXXX".utf8CString)
        let root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        let manifest = ((try? FileBytes.read(folder.path + "/manifest.json")) ?? [])
        let libraryPath = folder.libraryPath ?? ""
        let library = ((try? FileBytes.read(libraryPath)) ?? [])
        let libraryName = String(libraryPath.split(separator: "/").last ?? "")
        for i in 0..<count {
            let dir = root + "/plugin-\(i)"
            mkdir(dir, 0o755)
            writeAll(dir + "/manifest.json", manifest, mode: 0o644)
            writeAll(dir + "/" + libraryName, library, mode: 0o755)
        }
        var best = Double.infinity
        for _ in 0..<12 {
            let start = now()
            let entries = (try? PluginRegistry().discover(directory: root)) ?? []
            best = min(best, now() - start)
            sink &+= entries.count
        }
        for i in 0..<count {
            unlink(root + "/plugin-\(i)/manifest.json")
            unlink(root + "/plugin-\(i)/" + libraryName)
            rmdir(root + "/plugin-\(i)")
        }
        rmdir(root)
        return best * 1000
    }

    static func writeAll(_ path: String, _ bytes: [UInt8], mode: mode_t) {
        guard let f = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        chmod(path, mode)
    }
}
