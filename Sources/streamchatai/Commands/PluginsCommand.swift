import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai plugins DIR`: what a plugins folder provides (manifests
/// only); `streamchatai plugins check DIR`: each plugin validated in a
/// process of its own (manifest, code, every tool called once).
struct PluginsCommand: Command {
    static let name = "plugins"
    static let abstract = "List what the plugin folders in DIR provide; with check, validate each one out of process."
    static let discussion = """
    plugins DIR reads manifests only. plugins check DIR checks each folder in a process of its own, as \
    clap-validator does for audio plugins: the manifest against its schema and rules, the code loaded (ABI, the \
    manifest against the binary), then every tool called once with arguments made from its input schema; a crash \
    or a hang of the plugin is caught and reported. Exit 1 when a check fails.
    """
    static let arguments: [Argument] = [
        .positional("DIR", "the plugins folder (or the word check, then the folder)"),
        .positional("FOLDER", "with check: the plugins folder", optional: true),
        .flag("--json", "with check: print the findings as JSON lines {\"folder\", \"subject\", \"passed\", \"detail\"}"),
        .option("--timeout-ms", "MS", "with check: how long a tool call may take when its manifest sets no limit (default 5000)"),
        .flag("--allow-writable-plugins", "accept plugins writable by group or others"),
        .option("--one", "PATH", "check one plugin folder in this process (what check runs in each child)"),
    ]

    let directory: String
    let checking: Bool
    let json: Bool
    let timeoutMs: Int
    let allowWritable: Bool
    let one: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        one = parsed.value("--one")
        let first = try parsed.required("DIR")
        checking = first == "check" && (parsed.positional("FOLDER") != nil || one != nil)
        if checking {
            directory = parsed.positional("FOLDER") ?? ""
        } else {
            guard parsed.positional("FOLDER") == nil else { throw UsageError("unexpected argument '\(parsed.positional("FOLDER")!)'; did you mean plugins check DIR?") }
            directory = first
        }
        json = parsed.flag("--json")
        let timeout = try parsed.integer("--timeout-ms") ?? 5_000
        guard timeout >= 1 && timeout <= 600_000 else { throw UsageError("--timeout-ms: from 1 to 600000") }
        timeoutMs = Int(timeout)
        allowWritable = parsed.flag("--allow-writable-plugins")
    }

    func run() -> Int32 {
        if let one {
            // The child: findings as JSON lines, each written at once (a crash may follow it).
            _ = PluginCheck.check(folder: one, allowWritable: allowWritable, timeoutMs: timeoutMs) { finding in
                Terminal.json(finding.jsonValue)
                fflush(nil)
            }
            return 0
        }
        if checking { return check() }
        do {
            // Manifests only: the tool box only finds which tools another plugin already offers.
            let toolBox = AIToolBox()
            for entry in try PluginRegistry().discover(directory: directory) {
                if let plugin = entry.plugin {
                    let manifest = plugin.folder.manifest
                    if manifest.kind == .mcpServer && manifest.tools.isEmpty {
                        // Listing them would start the server: this command reads manifests only.
                        print("\(Terminal.styled("✓", "32")) \(entry.folder) (mcp_server): tools listed when the server starts")
                        continue
                    }
                    let conflicts = toolBox.add(source: plugin)
                    let renderers = manifest.renderers.isEmpty ? "" : "renderers: " + manifest.renderers.map(\.format).joined(separator: ", ")
                    let provides = [manifest.toolNames.joined(separator: ", "), renderers].filter { !$0.isEmpty }.joined(separator: "; ")
                    print("\(Terminal.styled("✓", "32")) \(entry.folder) (\(manifest.kind == .mcpServer ? "mcp_server" : manifest.isolation.rawValue)): \(provides)")
                    for conflict in conflicts { print("    tool \(conflict.tool) left out: \(conflict.kept) has it") }
                } else {
                    let place = [entry.problem?.file, entry.problem?.path].compactMap { $0 }.joined(separator: " ")
                    print("\(Terminal.styled("✗", "31")) \(entry.folder): \(entry.problem?.reason ?? "")\(place.isEmpty ? "" : " [\(place)]")")
                }
            }
            return 0
        } catch {
            Terminal.error("streamchatai: \(error.description)")
            return 1
        }
    }

    private func check() -> Int32 {
        let entries: [PluginRegistry.Entry]
        do {
            entries = try PluginRegistry().discover(directory: directory, allowWritable: allowWritable)
        } catch {
            Terminal.error("streamchatai plugins check: \(error.description)")
            return 1
        }
        var failed = 0
        for entry in entries {
            var findings: [PluginCheck.Finding] = []
            if let plugin = entry.plugin {
                var arguments = ["plugins", "check", "--one", plugin.folder.path, "--timeout-ms", String(timeoutMs)]
                if allowWritable { arguments.append("--allow-writable-plugins") }
                let limit = max(60_000, timeoutMs * (plugin.folder.manifest.toolNames.count + 2) + 10_000)
                let outcome = CheckProcess.run(arguments, limitMs: limit)
                findings = outcome.lines.compactMap { line in (try? JSONParser.parse(line)).flatMap(PluginCheck.Finding.init(json:)) }
                if let failure = outcome.failure {
                    let after = findings.last.map { " after checking \($0.subject)" } ?? ""
                    findings.append(PluginCheck.Finding(subject: "process", passed: false,
                                                        detail: "the checking process \(failure)\(after): the plugin's code took it down"))
                }
            } else {
                findings = [PluginCheck.Finding(subject: "manifest", passed: false, detail: entry.problem?.description ?? "skipped")]
            }
            if findings.contains(where: { !$0.passed }) { failed += 1 }
            for finding in findings {
                if json {
                    var object = finding.jsonValue.objectValue ?? JSONObject()
                    object["folder"] = .string(entry.folder)
                    Terminal.json(.object(object))
                } else {
                    let mark = finding.passed ? Terminal.styled("✓", "32") : Terminal.styled("✗", "31")
                    print("\(mark) \(entry.folder): \(finding.subject): \(finding.detail)")
                }
            }
        }
        Terminal.error("streamchatai plugins check: \(entries.count) folder\(entries.count == 1 ? "" : "s"), \(failed) with a failed check")
        return failed == 0 ? 0 : 1
    }
}
