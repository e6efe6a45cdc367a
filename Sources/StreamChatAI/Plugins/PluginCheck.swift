/// Checks one plugin folder the way a host would use it, and further: the
/// manifest against its schema and rules, the code loaded (ABI, the manifest
/// against the binary), then every tool called once with arguments made from
/// its input schema (``JSONSchemaExample``). Run it in a process of its own
/// (`streamchatai plugins check` does) when the plugin is trusted code loaded
/// into the host: a crash there ends the checking process, not the caller.
public enum PluginCheck {
    /// One thing checked.
    public struct Finding: Sendable, Hashable {
        /// What was checked: `manifest`, `code`, `tool <name>`.
        public var subject: String
        /// Whether it passed.
        public var passed: Bool
        /// What was found.
        public var detail: String

        /// `{"subject", "passed", "detail"}`.
        public var jsonValue: JSONValue {
            .object(JSONObject([("subject", .string(subject)), ("passed", .bool(passed)), ("detail", .string(detail))]))
        }

        /// Reads the JSON form (from a checking process).
        public init?(json: JSONValue) {
            guard let subject = json["subject"]?.stringValue, case .bool(let passed)? = json["passed"],
                  let detail = json["detail"]?.stringValue else { return nil }
            self.init(subject: subject, passed: passed, detail: detail)
        }

        /// The check of `subject`, passed or not, with what was found in `detail`.
        public init(subject: String, passed: Bool, detail: String) {
            self.subject = subject
            self.passed = passed
            self.detail = detail
        }
    }

    /// Checks the plugin in `path`, calling each tool with `timeoutMs` unless the manifest sets its own.
    /// - Parameter report: gets each finding as soon as it is made (a crash may end the process after it).
    public static func check(folder path: String, allowWritable: Bool = false, timeoutMs: Int = 5_000,
                             report: (Finding) -> Void = { _ in }) -> [Finding] {
        var findings: [Finding] = []
        func add(_ finding: Finding) {
            findings.append(finding)
            report(finding)
        }
        let folder: PluginFolder
        do {
            folder = try PluginFolder(path: path, allowWritable: allowWritable)
        } catch {
            add(Finding(subject: "manifest", passed: false, detail: error.description))
            return findings
        }
        let manifest = folder.manifest
        add(Finding(subject: "manifest", passed: true,
                    detail: "\(manifest.name) \(manifest.version), \(manifest.kind == .mcpServer ? "an MCP server" : manifest.isolation == .process ? "in its own process" : "in the host process")"))
        let plugin = Plugin(folder: folder, helper: PluginRegistry.helper())
        if let problem = plugin.load() {
            add(Finding(subject: "code", passed: false, detail: problem.description))
            return findings
        }
        let tools = plugin.tools
        add(Finding(subject: "code", passed: true, detail: "loaded; \(tools.count) tool\(tools.count == 1 ? "" : "s") found as the manifest lists them"))
        for tool in tools {
            let subject = "tool \(tool.name)"
            let arguments = JSONSchemaExample.value(for: .object(tool.definition.inputSchema))
            guard case .object(let object) = arguments, tool.definition.validate(arguments: arguments).isEmpty else {
                add(Finding(subject: subject, passed: false, detail: "no arguments could be made from its input schema (tried \(JSONSerializer.string(arguments)))"))
                continue
            }
            let call = AIToolCallPart(id: "check-" + tool.name, name: tool.name, arguments: object)
            let result = ToolCallExecution.start(tool, call: call, defaultTimeoutMs: timeoutMs).wait()
            let shown = JSONSerializer.string(arguments)
            switch result {
            case .completed(let output, _):
                var text = JSONSerializer.string(.object(output))
                if text.utf8.count > 120 { text = String(text.prefix(117)) + "..." }
                add(Finding(subject: subject, passed: true, detail: "\(shown) → \(text)"))
            case .failed(let reason):
                add(Finding(subject: subject, passed: false, detail: "\(shown) → failed: \(reason)"))
            }
        }
        return findings
    }
}
