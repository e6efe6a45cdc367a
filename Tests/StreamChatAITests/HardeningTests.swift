import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread with a stack of `kib` KiB and waits for it.
func onThread(stackKiB kib: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, kib << 10)
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    pthread_create(&thread, &attributes, { raw in
        Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, box)
    pthread_join(thread, nil)
    pthread_attr_destroy(&attributes)
}

func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

/// The findings of the adversarial test (../shared/notes/hardening-findings.md), one test each or more.
@Suite struct HardeningTests {
    @Test func `D1 a duration near Int64.max renders instead of trapping`() throws {
        let steps = try parts(#"{"type": "ai_tool_call", "id": "c", "status": "completed", "duration_ms": 9223372036854775807}"#,
                              #"{"type": "ai_reasoning", "id": "r", "status": "completed", "duration_ms": 9223372036854775308}"#)
        let tree = StepsPresenter.tree(for: steps, options: .init())
        #expect(tree.root.children.count == 2)
        #expect(StepsPresenter.formatSeconds(ms: Int.max) == "9223372036854776")
        #expect(StepsPresenter.formatSeconds(ms: 1_950) == "2")
        #expect(StepsPresenter.formatSeconds(ms: 1_949) == "1.9")
    }

    @Test func `D2 a pattern of 10,500 nested groups is refused when the schema is read`() throws {
        let pattern = String(repeating: "(", count: 10_500) + "a" + String(repeating: ")", count: 10_500)
        let error = #expect(throws: JSONSchemaError.self) { try JSONSchema(["type": "string", "pattern": .string(pattern)]) }
        #expect(error?.message.contains("groups nest deeper than 256 levels") == true)
        #expect((try? JSONSchema(["pattern": .string(String(repeating: "(", count: 200) + "a" + String(repeating: ")", count: 200))])) != nil)
    }

    @Test func `D2 a chain of 3,000 refs fails validation with a reason instead of the stack`() throws {
        var defs: [(String, JSONValue)] = []
        for i in 0..<3_000 { defs.append(("a\(i)", ["$ref": .string("#/$defs/a\(i + 1)")])) }
        defs.append(("a3000", ["type": "string"]))
        let schema = try JSONSchema(.object(JSONObject([("$ref", "#/$defs/a0"), ("$defs", .object(JSONObject(defs)))])))
        let problems = schema.validate("x")
        #expect(problems.first?.message.contains("nest too deeply") == true)
    }

    @Test func `D2 a plugin manifest with a bottomless pattern is skipped and the others still load`() throws {
        let n = 12_000
        let manifest = #"{"manifest_version": 1, "name": "weather", "version": "1", "library": "libweather.so", "entry": "sca_plugin_entry_v1", "abi": {"major": 1, "minor": 0}, "tools": [{"name": "get_weather", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "pattern": ""# + String(repeating: "(", count: n) + "a" + String(repeating: ")", count: n) + #""}}}}]}"#
        let (dir, _) = makePluginFolder(name: "bad", manifest: manifest, library: (try builtPlugins("plugins") + "/weather/libweather.so", "libweather.so"))
        let good = try builtPlugins("plugins") + "/mathlib"
        symlinkCopy(good, into: dir + "/mathlib")
        let entries = try PluginRegistry().discover(directory: dir)
        #expect(entries.first { $0.folder == "bad" }?.problem?.reason.contains("nest deeper") == true)
        #expect(entries.first { $0.folder == "mathlib" }?.plugin != nil)
    }

    @Test func `D3 a schema that fans out exponentially stops at the work budget`() throws {
        var defs: [(String, JSONValue)] = []
        for i in 0..<26 { defs.append(("d\(i)", ["allOf": [["$ref": .string("#/$defs/d\(i + 1)")], ["$ref": .string("#/$defs/d\(i + 1)")]]])) }
        defs.append(("d26", ["type": "integer"]))
        let schema = try JSONSchema(.object(JSONObject([("$ref", "#/$defs/d0"), ("$defs", .object(JSONObject(defs)))])))
        let problems = schema.validate("x")
        #expect(problems.contains { $0.message.contains("takes too much work to check") || $0.message.contains("more problems were found") })
        #expect(problems.count <= 1_001)
        // The same fan-out with a value that passes does all the work it may, then stops.
        #expect(schema.validate(5).map(\.message) == ["the schema takes too much work to check against this value (over 500000 steps)"])
    }

    @Test func `D3 uniqueItems over 20,000 objects finds the repeat by hashing, 1 and 1.0 alike`() throws {
        let schema = try JSONSchema(["type": "array", "uniqueItems": true])
        var items: [JSONValue] = (0..<20_000).map { ["a": .integer(Int64($0)), "b": [1, 2]] }
        #expect(schema.validate(.array(items)).isEmpty)
        items.append(["b": [1.0, 2], "a": 7])
        let problems = schema.validate(.array(items))
        #expect(problems.map(\.message) == ["repeats item 7"])
        #expect(problems.first?.path == "$[20000]")
    }

    @Test func `D4 600 levels on a 256 KiB thread are refused, not a crash`() {
        let outcome = Mutex<String>("")
        onThread(stackKiB: 256) {
            do throws(JSONError) {
                _ = try JSONParser.parse(nested(600))
                outcome.withLock { $0 = "parsed" }
            } catch {
                outcome.withLock { $0 = "\(error.kind): \(error.message)" }
            }
        }
        #expect(outcome.withLock { $0 }.hasPrefix("limitExceeded: nested too deeply for this thread's stack"))
    }

    @Test func `D4 the documented maximum depth is safe on a 2 MiB thread, and what fits still parses`() {
        let outcome = Mutex<[String]>([])
        onThread(stackKiB: 2048) {
            let limits = JSONLimits(maxDepth: 10_000)
            for depth in [200, 10_000] {
                do throws(JSONError) {
                    let value = try JSONParser.parse(nested(depth), limits: limits)
                    _ = JSONSerializer.string(value)
                    outcome.withLock { $0.append("\(depth): ok") }
                } catch {
                    outcome.withLock { $0.append("\(depth): \(error.kind)") }
                }
            }
        }
        #expect(outcome.withLock { $0 } == ["200: ok", "10000: limitExceeded"])
    }

    @Test func `D4 validating a deep value on a small thread reports it instead of overflowing`() throws {
        let deep = try JSONParser.parse(nested(2_000), limits: JSONLimits(maxDepth: 5_000))
        let schema = try JSONSchema(["$ref": "#/$defs/list", "$defs": ["list": ["type": "array", "items": ["$ref": "#/$defs/list"]]]])
        let problems = Mutex<[JSONSchemaViolation]>([])
        onThread(stackKiB: 256) { problems.withLock { $0 = schema.validate(deep) } }
        #expect(problems.withLock { $0 }.contains { $0.message.contains("nest too deeply") || $0.message.contains(StackGuard.refusal) })
    }

    @Test func `D4 a long pattern matched on a small thread is too costly, not a crash`() throws {
        let schema = try JSONSchema(["type": "string", "pattern": .string(String(repeating: "a", count: 20_000))])
        let problems = Mutex<[JSONSchemaViolation]>([])
        onThread(stackKiB: 256) { problems.withLock { $0 = schema.validate(.string(String(repeating: "a", count: 20_000))) } }
        #expect(problems.withLock { $0 }.first?.message.contains("takes too long to check") == true)
    }

    @Test func `D5 an unlimited input size is lowered to the ceiling`() {
        let before = JSONLimits.setProcessMaxBytes(Int.max)
        defer { JSONLimits.setProcessMaxBytes(before) }
        #expect(JSONLimits.process.maxBytes == JSONLimits.maxBytesCeiling)
        #expect(JSONLimits(maxBytes: Int.max).maxBytes == JSONLimits.maxBytesCeiling)
    }
}

/// A folder `to` whose entries are copies of `from`'s (so its modes are the test's own).
func symlinkCopy(_ from: String, into to: String) {
    mkdir(to, 0o755)
    for name in ["manifest.json"] + ((try? PluginFolder(path: from))?.libraryPath.map { [String($0.split(separator: "/").last!)] } ?? []) {
        let bytes = readBytes(from + "/" + name)
        let f = fopen(to + "/" + name, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        chmod(to + "/" + name, name.hasSuffix(".so") ? 0o755 : 0o644)
    }
}
