import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The plugin findings: trust of folders and files (D6), what an isolated
/// plugin inherits (D7), the helper program (D8), descriptor reuse (D10) and
/// the isolation of process plugins (D16).
@Suite(.serialized) struct HardeningPluginTests {
    func runner(_ directory: String, registry: PluginRegistry = PluginRegistry(), allowWritable: Bool = false) throws -> AIClientToolRunner {
        var configuration = AIClientToolRunner.Configuration(userID: "u1", clientID: "i1")
        configuration.allowWritablePlugins = allowWritable
        let runner = try AIClientToolRunner(configuration: configuration)
        _ = try runner.loadPlugins(directory: directory, registry: registry)
        return runner
    }

    func weatherCopy(in directory: String) throws {
        symlinkCopy(try builtPlugins("plugins") + "/weather", into: directory + "/weather")
    }

    @Test func `D6 a plugins folder others may write to is refused, sticky or not`() throws {
        for mode: mode_t in [0o777, 0o1777, 0o775] {
            let directory = temporaryDirectory()
            try weatherCopy(in: directory)
            chmod(directory, mode)
            let error = #expect(throws: StreamChatAIError.self) { try runner(directory) }
            #expect(error?.kind == .refused)
            #expect(error?.message.contains("the plugins folder is writable by group or others") == true, "\(error?.message ?? "")")
            #expect(try self.runner(directory, allowWritable: true).toolNames == ["get_weather"])
        }
    }

    @Test func `D6 a plugin owned by another user is skipped`() throws {
        guard geteuid() == 0 else { return }  // only root can give files away; CI runs as root
        let directory = temporaryDirectory()
        try weatherCopy(in: directory)
        chown(directory + "/weather/manifest.json", 65534, 65534)
        let entries = try PluginRegistry().discover(directory: directory)
        #expect(entries.first?.problem?.reason.contains("owned by another user (uid 65534)") == true)
    }

    @Test func `D6 a library in a subfolder others may write to is skipped`() throws {
        let manifest = #"{"manifest_version": 1, "name": "weather", "version": "1", "library": "lib/libweather.so", "entry": "sca_plugin_entry_v1", "abi": {"major": 1, "minor": 0}, "tools": [{"name": "get_weather", "inputSchema": {"type": "object"}}]}"#
        let (directory, folder) = makePluginFolder(name: "weather", manifest: manifest)
        mkdir(folder + "/lib", 0o777)
        chmod(folder + "/lib", 0o777)
        symlinkLibrary(try builtPlugins("plugins") + "/weather/libweather.so", to: folder + "/lib/libweather.so")
        let entries = try PluginRegistry().discover(directory: directory)
        #expect(entries.first?.problem?.reason.contains("writable by group or others") == true)
        #expect(entries.first?.problem?.file?.hasSuffix("/weather/lib") == true)
    }

    @Test func `D7 an isolated plugin gets neither the host's descriptors nor its secrets`() throws {
        let leaked = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as apps open files
        defer { close(leaked) }
        setenv("SCA_TEST_SECRET_TOKEN", "sk-live-123", 1)
        setenv("PROBER_PASSED", "asked for", 1)
        let runner = try runner(try builtPlugins("test-plugins"))
        guard case .completed(let fds, _)? = try runPluginTool(runner, "descriptors", id: "d7-fds") else { Issue.record("descriptors must answer"); return }
        let open = fds["open"]?.arrayValue?.compactMap { $0.doubleValue.map(Int32.init) } ?? []
        #expect(!open.contains(leaked), "the helper holds the host's descriptor \(leaked): \(open)")
        #expect(open.allSatisfy { $0 <= 4 }, "\(open)")
        #expect(try runPluginTool(runner, "environment", arguments: #"{"name": "SCA_TEST_SECRET_TOKEN"}"#, id: "d7-secret")
                == .completed(output: ["value": nil], summary: nil))
        #expect(try runPluginTool(runner, "environment", arguments: #"{"name": "PROBER_PASSED"}"#, id: "d7-passed")
                == .completed(output: ["value": "asked for"], summary: nil))
        guard case .completed(let path, _)? = try runPluginTool(runner, "environment", arguments: #"{"name": "PATH"}"#, id: "d7-path") else { return }
        #expect(path["value"]?.stringValue?.isEmpty == false)
    }

    @Test func `D8 a helper program others may write to is not run`() throws {
        let directory = temporaryDirectory()
        let copy = directory + "/streamchatai-plugin-helper"
        symlinkLibrary(try PluginRegistry.helper().get(), to: copy)
        chmod(copy, 0o777)
        let runner = try runner(try builtPlugins("test-plugins"), registry: PluginRegistry(helper: copy))
        guard case .failed(let reason)? = try runPluginTool(runner, "pid", id: "d8") else { Issue.record("the call must fail"); return }
        #expect(reason.contains("is not safe to run: writable by group or others"), "\(reason)")
        #expect(POSIX.environment("PATH") != nil)
    }

    @Test func `D10 a stopped child's socket stays open until its last user lets go`() throws {
        let child = try ChildProcess.spawn("/bin/cat", arguments: ["cat"])
        let channel = child.channel
        child.kill()
        var fresh: [Int32] = [0, 0]
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fresh)
        #expect(!fresh.contains(channel), "a new socket took the stopped child's descriptor \(channel)")
        close(fresh[0])
        close(fresh[1])
        #expect(child.kill() == child.kill())
    }

    @Test func `D16 a plugin that prints on its standard output breaks no frame, and the output is its log`() throws {
        let registry = PluginRegistry()
        let runner = try runner(try builtPlugins("test-plugins"), registry: registry)
        #expect(try runPluginTool(runner, "chatty", id: "d16-chatty") == .completed(output: ["ok": true], summary: nil))
        let prober = try #require(registry.all.first { $0.name == "prober" })
        // The log reader runs on a thread of its own: wait for it (at most 10 s, never in a passing run).
        var log: [String] = []
        let deadline = DispatchTime.now() + 10
        while log.count < 100 && DispatchTime.now() < deadline {
            log = prober.log
            if log.count < 100 { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(2)) }
        }
        #expect(log.contains("info: output: RESULT 0 5"), "\(log.prefix(3))")
    }

    @Test func `D16 a crash is a crash even when a forked child holds the socket, and the child goes with the helper`() throws {
        let runner = try runner(try builtPlugins("test-plugins"))
        let pidFile = temporaryDirectory() + "/pid"
        let result = try runPluginTool(runner, "orphan_then_crash", arguments: #"{"pid_file": "\#(pidFile)"}"#, id: "d16-orphan")
        #expect(result == .failed(reason: #"The plugin "prober" crashed (SIGSEGV) while running the tool "orphan_then_crash"."#))
        let orphan = pid_t(String(decoding: readBytes(pidFile), as: UTF8.self).trimmingWhitespace()) ?? 0
        #expect(orphan > 0)
        // SIGKILL was sent to the group before the call failed; the kernel ends it at once.
        // Wait for that (at most 10 s, never in a passing run): gone, or a zombie for init to reap.
        func ended() -> Bool {
            let state = String(decoding: readBytes("/proc/\(orphan)/stat"), as: UTF8.self)
            return state.isEmpty || state.split(separator: ")").last?.trimmingWhitespace().hasPrefix("Z") == true
        }
        let deadline = DispatchTime.now() + 10
        while !ended() && DispatchTime.now() < deadline { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(2)) }
        #expect(ended(), "\(String(decoding: readBytes("/proc/\(orphan)/stat"), as: UTF8.self))")
    }

    @Test func `D16 the manifest's memory limit holds and the plugin runs in its folder`() throws {
        let runner = try runner(try builtPlugins("test-plugins"))
        #expect(try runPluginTool(runner, "allocate", arguments: #"{"mb": 512}"#, id: "d16-big") == .completed(output: ["allocated": false], summary: nil))
        #expect(try runPluginTool(runner, "allocate", arguments: #"{"mb": 16}"#, id: "d16-small") == .completed(output: ["allocated": true], summary: nil))
        guard case .completed(let here, _)? = try runPluginTool(runner, "working_directory", id: "d16-cwd") else { return }
        #expect(here["path"]?.stringValue?.hasSuffix("/test-plugins/prober") == true)
    }
}

/// Copies the file at `source` to `destination` (mode 0755).
func symlinkLibrary(_ source: String, to destination: String) {
    let bytes = readBytes(source)
    let f = fopen(destination, "wb")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    chmod(destination, 0o755)
}
