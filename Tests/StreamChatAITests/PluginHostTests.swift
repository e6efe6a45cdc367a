import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct PluginHostTests {
    func pluginRunner(_ set: String = "plugins", registry: PluginRegistry = PluginRegistry(), allowWritable: Bool = false) throws -> (AIClientToolRunner, JSONValue) {
        var configuration = AIClientToolRunner.Configuration(userID: "u1", clientID: "i1")
        configuration.allowWritablePlugins = allowWritable
        let runner = try AIClientToolRunner(configuration: configuration)
        let report = try runner.loadPlugins(directory: try builtPlugins(set), registry: registry).jsonValue
        return (runner, report)
    }

    @Test func `the bundled folder loads every plugin and registers their tools without running code`() throws {
        let registry = PluginRegistry()
        let (runner, report) = try pluginRunner(registry: registry)
        let plugins = try #require(report["plugins"]?.arrayValue)
        #expect(plugins.map { $0["folder"] } == ["cards", "mathlib", "unitconv", "weather"])
        #expect(plugins.allSatisfy { $0["status"] == "ok" })
        #expect(runner.toolNames.contains("get_weather") && runner.toolNames.contains("convert_length") && runner.toolNames.contains("shout"))
        #expect(registry.all.allSatisfy { $0.status == .discovered })
        #expect(runner.registrations.first { $0["name"] == "get_weather" }?["description"] == "The current weather and a forecast for a city.")
    }

    @Test func `an in-process C plugin runs its tool and logs through the host`() throws {
        let registry = PluginRegistry()
        let (runner, _) = try pluginRunner(registry: registry)
        let result = try runPluginTool(runner, "get_weather", arguments: #"{"city": "Amsterdam", "days": 2}"#)
        guard case .completed(let output, let summary)? = result else {
            Issue.record("expected a completed result, got \(String(describing: result))")
            return
        }
        #expect(output["city"] == "Amsterdam")
        #expect(output["forecast"]?.arrayValue?.count == 2)
        #expect(summary?.hasSuffix("in Amsterdam") == true)
        let weather = try #require(registry.all.first { $0.name == "weather" })
        #expect(weather.status == .loaded)
        #expect(weather.log == ["info: looked up the weather for Amsterdam"])
        // Deterministic: the same city, the same answer.
        #expect(try runPluginTool(runner, "get_weather", arguments: #"{"city": "Amsterdam", "days": 2}"#, id: "again") == result)
    }

    @Test func `a plugin written in C++ supplies a tool`() throws {
        let (runner, _) = try pluginRunner()
        let result = try runPluginTool(runner, "convert_length", arguments: #"{"value": 1, "from": "mi", "to": "km"}"#)
        #expect(result == .completed(output: ["value": 1.609344, "unit": "km"], summary: "1 mi = 1.60934 km"))
        let bad = try runPluginTool(runner, "convert_length", arguments: #"{"value": 1, "from": "parsec", "to": "km"}"#, id: "bad")
        guard case .failed(let reason)? = bad else { Issue.record("an unknown unit must fail"); return }
        #expect(reason.contains("$.from"))
    }

    @Test func `plain C functions run through libffi with every type`() throws {
        let (runner, _) = try pluginRunner()
        let cases: [(String, String, JSONValue)] = [
            ("add", #"{"a": 9000000000000000000, "b": 223372036854775807}"#, .integer(.max)),
            ("add", #"{"a": -5, "b": 3}"#, -2),
            ("hypot", #"{"x": 3, "y": 4.0}"#, 5.0),
            ("is_prime", #"{"n": 1000003}"#, true),
            ("is_prime", #"{"n": 1000001}"#, false),
            ("negate8", #"{"v": -127}"#, 127),
            ("clamp_u8", #"{"v": 300}"#, 255),
            ("clamp_u8", #"{"v": -4}"#, 0),
            ("mul16", #"{"a": 300, "b": 300}"#, 24464),
            ("swap16", #"{"v": 4660}"#, 13330),
            ("max_u32", "{}", 4_294_967_295),
            ("max_u64", "{}", .number(18446744073709551615.0)),
            ("halve", #"{"v": 3}"#, 1.5),
            ("not", #"{"v": true}"#, false),
            ("length", #"{"s": "héllo"}"#, 6),
            ("shout", #"{"s": "hi there"}"#, "HI THERE!"),
            ("version", "{}", "mathlib 1.2"),
            ("touch", "{}", .null),
        ]
        for (i, (tool, arguments, expected)) in cases.enumerated() {
            let result = try runPluginTool(runner, tool, arguments: arguments, id: "c\(i)")
            #expect(result == .completed(output: ["result": expected], summary: nil), "\(tool) \(arguments)")
        }
    }

    @Test func `typed tools check arguments against the generated schema`() throws {
        let (runner, _) = try pluginRunner()
        for (i, (tool, arguments, needle)) in [
            ("add", #"{"a": 1.5, "b": 1}"#, "$.a: expected integer"),
            ("negate8", #"{"v": 200}"#, "$.v: 200 is more than the maximum 127"),
            ("swap16", #"{"v": -1}"#, "less than the minimum 0"),
            ("add", #"{"a": 1}"#, #"missing required property "b""#),
            ("length", #"{"s": "x", "extra": 1}"#, "not allowed"),
            ("not", #"{"v": 1}"#, "expected boolean"),
        ].enumerated() {
            guard case .failed(let reason)? = try runPluginTool(runner, tool, arguments: arguments, id: "bad\(i)") else {
                Issue.record("\(tool) \(arguments) must fail")
                continue
            }
            #expect(reason.contains(needle), "\(reason)")
        }
    }

    @Test func `a crash in a process plugin fails the call, the host lives, the next call gets a fresh process`() throws {
        let (runner, _) = try pluginRunner("test-plugins")
        #expect(try runPluginTool(runner, "segfault", id: "s1") == .failed(reason: #"The plugin "crasher" crashed (SIGSEGV) while running the tool "segfault"."#))
        #expect(try runPluginTool(runner, "echo", arguments: #"{"x": 1}"#, id: "e1") == .completed(output: ["x": 1], summary: "echoed"))
        #expect(try runPluginTool(runner, "abort", id: "a1") == .failed(reason: #"The plugin "crasher" crashed (SIGABRT) while running the tool "abort"."#))
        #expect(try runPluginTool(runner, "echo", arguments: "{}", id: "e2") == .completed(output: [:], summary: "echoed"))
    }

    @Test func `a hanging process plugin times out and is restarted`() throws {
        let (runner, _) = try pluginRunner("test-plugins")
        guard case .completed(let before, _)? = try runPluginTool(runner, "pid", id: "p1") else { Issue.record("pid must answer"); return }
        #expect(try runPluginTool(runner, "hang", id: "h1")
                == .failed(reason: #"The tool "hang" did not finish within 300 ms; the plugin's process was stopped."#))
        guard case .completed(let after, _)? = try runPluginTool(runner, "pid", id: "p2") else { Issue.record("pid must answer again"); return }
        #expect(before["pid"] != after["pid"])
    }

    @Test func `a manifest that is not JSON is skipped with file and JSON path`() throws {
        let (_, report) = try pluginRunner("test-plugins")
        let bad = try #require(report["plugins"]?.arrayValue?.first { $0["folder"] == "badmanifest" })
        #expect(bad["status"] == "skipped")
        #expect(bad["reason"]?.stringValue?.contains("not valid JSON") == true)
        #expect(bad["file"]?.stringValue?.hasSuffix("badmanifest/manifest.json") == true)
        #expect(bad["json_path"] == "$")
        #expect(bad["reason"]?.stringValue?.contains("expected a key in double quotes at byte") == true)
    }

    @Test func `a binary built for another ABI major is refused when loaded`() throws {
        let registry = PluginRegistry()
        let (runner, _) = try pluginRunner("test-plugins", registry: registry)
        guard case .failed(let reason)? = try runPluginTool(runner, "future") else { Issue.record("must fail"); return }
        #expect(reason.contains("built for plugin ABI 2.0; this host speaks 1.x"))
        #expect(registry.all.first { $0.name == "wrongabi" }?.status == .failed)
    }

    static let weatherManifest = #"{"manifest_version": 1, "name": "weather", "version": "1", "library": "libweather.so", "entry": "sca_plugin_entry_v1", "abi": {"major": 1, "minor": 0}, "tools": [TOOLS]}"#
    static let weatherTool = #"{"name": "get_weather", "inputSchema": {"type": "object"}}"#

    func weatherFolder(manifest: String, libraryName: String = "libweather.so", mode: mode_t = 0o755) throws -> (String, String) {
        makePluginFolder(name: "weather", manifest: manifest, library: (try builtPlugins("plugins") + "/weather/libweather.so", libraryName), mode: mode)
    }

    func report(_ directory: String, allowWritable: Bool = false) throws -> JSONValue {
        let runner = try AIClientToolRunner(configuration: {
            var c = AIClientToolRunner.Configuration(userID: "u1", clientID: "i1")
            c.allowWritablePlugins = allowWritable
            return c
        }())
        return try #require(try runner.loadPlugins(directory: directory, registry: PluginRegistry()).jsonValue["plugins"]?[0])
    }

    @Test func `a library path that leaves the folder is refused`() throws {
        let escape = Self.weatherManifest.replacing("libweather.so", with: "../libweather.so").replacing("TOOLS", with: Self.weatherTool)
        let (dir, _) = try weatherFolder(manifest: escape)
        #expect(try report(dir)["reason"]?.stringValue?.contains("must stay inside") == true)
        let absolute = Self.weatherManifest.replacing("libweather.so", with: "/usr/lib/libc.so").replacing("TOOLS", with: Self.weatherTool)
        let (dir2, _) = try weatherFolder(manifest: absolute)
        #expect(try report(dir2)["json_path"] == "$.library")
    }

    @Test func `a library linked out of the folder is refused`() throws {
        let manifest = Self.weatherManifest.replacing("libweather.so", with: "link.so").replacing("TOOLS", with: Self.weatherTool)
        let (dir, folder) = try weatherFolder(manifest: manifest)
        symlink(try builtPlugins("plugins") + "/weather/libweather.so", folder + "/link.so")
        let entry = try report(dir)
        #expect(entry["status"] == "skipped")
        #expect(entry["reason"]?.stringValue?.contains("outside the plugin's folder") == true)
    }

    @Test func `a missing library is refused`() throws {
        let (dir, _) = makePluginFolder(manifest: Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool))
        #expect(try report(dir)["reason"]?.stringValue?.contains("libweather.so is missing") == true)
    }

    @Test func `files or folders writable by group or others are refused unless allowed`() throws {
        let (dir, _) = try weatherFolder(manifest: Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool), mode: 0o775)
        #expect(try report(dir)["reason"]?.stringValue?.contains("writable by group or others") == true)
        #expect(try report(dir, allowWritable: true)["status"] == "ok")
    }

    @Test func `a tool the binary doesn't provide fails the plugin when it loads`() throws {
        let tools = Self.weatherTool + #", {"name": "get_tides", "inputSchema": {"type": "object"}}"#
        let (dir, _) = try weatherFolder(manifest: Self.weatherManifest.replacing("TOOLS", with: tools))
        let runner = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
        _ = try runner.loadPlugins(directory: dir, registry: PluginRegistry())
        guard case .failed(let reason)? = try runPluginTool(runner, "get_weather", arguments: #"{"city": "X"}"#) else {
            Issue.record("must fail")
            return
        }
        #expect(reason.contains(#"lists the tool "get_tides", but the binary doesn't provide it"#))
    }

    @Test func `a missing entry or function symbol fails the plugin when it loads`() throws {
        let manifest = Self.weatherManifest.replacing("sca_plugin_entry_v1", with: "no_such_entry").replacing("TOOLS", with: Self.weatherTool)
        let (dir, _) = try weatherFolder(manifest: manifest)
        let runner = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
        _ = try runner.loadPlugins(directory: dir, registry: PluginRegistry())
        guard case .failed(let reason)? = try runPluginTool(runner, "get_weather") else { Issue.record("must fail"); return }
        #expect(reason.contains("no entry function no_such_entry"))
        let ffi = #"{"manifest_version": 1, "name": "m", "version": "1", "library": "libm.so", "ffi_tools": [{"name": "f", "symbol": "nope", "parameters": [], "returns": {"type": "void"}}]}"#
        let (dir2, _) = makePluginFolder(manifest: ffi, library: (try builtPlugins("plugins") + "/mathlib/libmathlib.so", "libm.so"))
        let runner2 = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
        _ = try runner2.loadPlugins(directory: dir2, registry: PluginRegistry())
        guard case .failed(let reason2)? = try runPluginTool(runner2, "f") else { Issue.record("must fail"); return }
        #expect(reason2.contains("no function nope"))
    }

    @Test func `manifest rules: ABI major, names, fields, isolation`() throws {
        func skipped(_ manifest: String) throws -> JSONValue { try report(try weatherFolder(manifest: manifest).0) }
        let wrongMajor = Self.weatherManifest.replacing(#""major": 1"#, with: #""major": 2"#).replacing("TOOLS", with: Self.weatherTool)
        #expect(try skipped(wrongMajor)["json_path"] == "$.abi.major")
        let unknownField = Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool).replacing(#""version": "1""#, with: #""version": "1", "colour": "red""#)
        #expect(try skipped(unknownField)["json_path"] == "$.colour")
        let twice = Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool + ", " + Self.weatherTool)
        #expect(try skipped(twice)["reason"]?.stringValue?.contains("listed twice") == true)
        let noTools = Self.weatherManifest.replacing("TOOLS", with: "")
        #expect(try skipped(noTools)["reason"]?.stringValue?.contains("lists no tools") == true)
        let badSchema = Self.weatherManifest.replacing("TOOLS", with: #"{"name": "x", "inputSchema": {"type": "array"}}"#)
        #expect(try skipped(badSchema)["json_path"] == "$.tools[0].inputSchema.type")
        let ffiInProcessOnly = #"{"manifest_version": 1, "name": "m", "version": "1", "library": "libweather.so", "isolation": "process", "ffi_tools": [{"name": "f", "symbol": "f", "parameters": [], "returns": {"type": "void"}}]}"#
        #expect(try skipped(ffiInProcessOnly)["json_path"] == "$.isolation")
        let ownedWithoutFree = #"{"manifest_version": 1, "name": "m", "version": "1", "library": "libweather.so", "ffi_tools": [{"name": "f", "symbol": "f", "parameters": [], "returns": {"type": "char *"}}]}"#
        #expect(try skipped(ownedWithoutFree)["json_path"] == "$.ffi_tools[0].returns.free")
    }

    @Test func `a plugin folder that is a link is refused`() throws {
        let (_, folder) = try weatherFolder(manifest: Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool))
        let dir = temporaryDirectory()
        symlink(folder, dir + "/linked")
        #expect(try report(dir)["reason"]?.stringValue?.contains("real folder") == true)
    }

    @Test func `two plugins offering one tool: the first in sorted order wins and the other is reported`() throws {
        let dir = temporaryDirectory()
        let library = try builtPlugins("plugins") + "/weather/libweather.so"
        for name in ["b-second", "a-first"] {
            mkdir(dir + "/" + name, 0o755)
            write(Self.weatherManifest.replacing("TOOLS", with: Self.weatherTool), to: dir + "/" + name + "/manifest.json")
            let f = fopen(dir + "/" + name + "/libweather.so", "wb")!
            let bytes = readBytes(library)
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
            fclose(f)
        }
        let runner = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
        let report = try runner.loadPlugins(directory: dir, registry: PluginRegistry()).jsonValue
        let entries = try #require(report["plugins"]?.arrayValue)
        #expect(entries.map { $0["folder"] } == ["a-first", "b-second"])
        #expect(entries[0]["conflicts"] == [])
        #expect(entries[1]["conflicts"] == [["tool": "get_weather", "kept": #"plugin "weather""#]])
    }

    @Test func `the embedded manifest schema is the one in docs`() throws {
        let docs = try JSONParser.parse(readBytes(repositoryRoot + "/docs/plugin-manifest.schema.json"))
        #expect(docs == (try JSONParser.parse(PluginManifestSchema.text)))
    }
}
