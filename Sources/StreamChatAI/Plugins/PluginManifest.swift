/// A plugin's `manifest.json`: what it provides, read without running any of its code.
public struct PluginManifest: Sendable, Hashable {
    /// How a plugin's code runs.
    public enum Isolation: String, Sendable, Hashable {
        /// Loaded into the host process: trusted code.
        case inProcess = "in_process"
        /// Run by a helper in a child process: a crash or hang fails the call, not the host.
        case process
    }

    /// A plain C function described as a tool, called through libffi.
    public struct FFITool: Sendable, Hashable {
        /// One parameter: its JSON argument name and C type.
        public struct Parameter: Sendable, Hashable {
            /// The argument's name in the tool's JSON arguments.
            public var name: String
            /// The C type the argument is passed as.
            public var type: CType
        }
        /// The tool as the runner and backend see it (input schema generated from the parameters).
        public var definition: AIToolDefinition
        /// The function's symbol in the library.
        public var symbol: String
        /// The parameters, in C order.
        public var parameters: [Parameter]
        /// The return type.
        public var returns: CType
        /// For a `char *` result: the symbol of the function that frees it.
        public var freeSymbol: String?
    }

    /// A renderer the plugin provides (see the generative-UI renderer feature).
    public struct Renderer: Sendable, Hashable {
        /// The `ai_ui` format it renders.
        public var format: String
        /// The versions of the format it reads (every version when empty).
        public var versions: [String]
        /// The fence tag in a message's text whose content it renders, if any.
        public var fence: String?
        /// What the model is told of the format, before the app's components and the host's tools.
        public var instructions: String?
        /// The manifest's entry for it, as written.
        public var jsonValue: JSONValue
    }

    /// What kind of code the plugin has; the manifest names it by the key it uses.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A shared object in the folder (`library`), with an entry table or plain C functions.
        case library
        /// An MCP server spoken to over stdio (`mcp_server`).
        case mcpServer = "mcp_server"
    }

    /// How a plugin's MCP server starts (kind `mcp_server`).
    public struct MCPServerSettings: Sendable, Hashable {
        /// The program (a file inside the folder, or a bare name found on `PATH`) and its arguments.
        public var command: [String]
        /// Variables the server gets besides the few every program needs.
        public var environment: [String: String]
        /// The protocol version to speak; nil probes.
        public var protocolVersion: String?
        /// How long starting may take.
        public var startTimeoutMs: Int?
    }

    /// The plugin's name.
    public var name: String
    /// The plugin's version.
    public var version: String
    /// What kind of code the plugin has.
    public var kind: Kind
    /// The shared object, relative to the plugin's folder (kind `library`).
    public var library: String?
    /// How the MCP server starts (kind `mcp_server`).
    public var mcpServer: MCPServerSettings?
    /// The entry function's symbol (needed for `tools` and `renderers`).
    public var entry: String?
    /// The plugin ABI the binary was built for.
    public var abiMajor: Int, abiMinor: Int
    /// How the plugin's code runs.
    public var isolation: Isolation
    /// How long a tool call may take.
    public var toolTimeoutMs: Int?
    /// A process plugin's bound on its address space, in MiB (0: none; default 2048).
    public var memoryLimitMB: Int
    /// A process plugin's bound on CPU time, in seconds (0: none, the default).
    public var cpuLimitSeconds: Int
    /// The environment variables a process plugin gets besides the few every
    /// program needs (`PATH`, `HOME`, `LANG`, `LC_*`, `TZ`, `TMPDIR`, `USER`, `LOGNAME`).
    public var environment: [String]
    /// Tools called through the plugin's entry table.
    public var tools: [AIToolDefinition]
    /// Plain C functions called through libffi.
    public var ffiTools: [FFITool]
    /// Renderers.
    public var renderers: [Renderer]

    /// Every tool name the manifest provides, in order.
    public var toolNames: [String] { tools.map(\.name) + ffiTools.map(\.definition.name) }

    /// Reads and checks a manifest; errors name the JSON path.
    public init(json: JSONValue) throws(PluginProblem) {
        let violations = PluginManifestSchema.schema.validate(json)
        if let first = violations.first {
            throw PluginProblem(reason: "invalid manifest: \(first.message) (\(first.keyword))", path: first.path)
        }
        guard case .object(let o) = json else { throw PluginProblem(reason: "invalid manifest", path: "$") }
        name = o["name"]!.stringValue!
        version = o["version"]!.stringValue!
        let kinds = Kind.allCases.filter { o[$0.rawValue] != nil }
        guard kinds.count == 1 else {
            let names = Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw PluginProblem(reason: kinds.isEmpty ? "the manifest names no code: give \(names)" : "the manifest names more than one kind of code", path: "$")
        }
        kind = kinds[0]
        library = o["library"]?.stringValue
        if case .object(let server)? = o["mcp_server"] {
            var variables: [String: String] = [:]
            for (variable, value) in server["env"]?.objectValue ?? JSONObject() { variables[variable] = value.stringValue }
            let version = server["protocol_version"]?.stringValue
            mcpServer = MCPServerSettings(command: server["command"]!.arrayValue!.compactMap(\.stringValue), environment: variables,
                                          protocolVersion: version == "auto" ? nil : version,
                                          startTimeoutMs: server["start_timeout_ms"].flatMap { if case .integer(let i) = $0 { Int(i) } else { nil } })
            for key in ["entry", "abi", "isolation", "limits", "environment", "ffi_tools", "renderers"] where o[key] != nil {
                throw PluginProblem(reason: "\"\(key)\" does not apply to an MCP server plugin (it runs in its own process and speaks MCP)", path: "$.\(key)")
            }
            if mcpServer!.command.contains(where: { $0.utf8.contains(0) }) || variables.values.contains(where: { $0.utf8.contains(0) }) {
                throw PluginProblem(reason: "the MCP server's command and environment must not hold NUL characters", path: "$.mcp_server")
            }
        } else {
            mcpServer = nil
        }
        entry = o["entry"]?.stringValue
        func abiPart(_ key: String, _ fallback: Int) -> Int {
            if case .integer(let i)? = o["abi"]?[key] { return Int(clamping: i) }
            return fallback
        }
        abiMajor = abiPart("major", 1)
        abiMinor = abiPart("minor", 0)
        isolation = kind == .mcpServer ? .process : Isolation(rawValue: o["isolation"]?.stringValue ?? "in_process") ?? .inProcess
        if case .integer(let ms)? = o["tool_timeout_ms"] { toolTimeoutMs = Int(ms) } else { toolTimeoutMs = nil }
        if case .integer(let mb)? = o["limits"]?["memory_mb"] { memoryLimitMB = Int(mb) } else { memoryLimitMB = 2048 }
        if case .integer(let s)? = o["limits"]?["cpu_seconds"] { cpuLimitSeconds = Int(s) } else { cpuLimitSeconds = 0 }
        environment = o["environment"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if kind == .library && isolation == .inProcess && (o["limits"] != nil || o["environment"] != nil) {
            throw PluginProblem(reason: "limits and environment apply to a plugin in its own process: use \"isolation\": \"process\"", path: "$.isolation")
        }

        if let library, library.split(separator: "/").contains("..") {
            throw PluginProblem(reason: "the library path must stay inside the plugin's folder", path: "$.library")
        }
        tools = []
        for (i, tool) in (o["tools"]?.arrayValue ?? []).enumerated() {
            do {
                tools.append(try AIToolDefinition(json: tool))
            } catch {
                throw PluginProblem(reason: error.message, path: "$.tools[\(i)]")
            }
        }
        ffiTools = []
        if isolation == .process && !(o["ffi_tools"]?.arrayValue ?? []).isEmpty {
            throw PluginProblem(reason: "ffi_tools run in the host process: use \"isolation\": \"in_process\"", path: "$.isolation")
        }
        for (i, tool) in (o["ffi_tools"]?.arrayValue ?? []).enumerated() {
            ffiTools.append(try Self.ffiTool(tool, at: "$.ffi_tools[\(i)]"))
        }
        renderers = (o["renderers"]?.arrayValue ?? []).map { r in
            Renderer(format: r["format"]!.stringValue!, versions: r["versions"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                     fence: r["fence"]?.stringValue, instructions: r["instructions"]?.stringValue, jsonValue: r)
        }
        if kind == .library && (!tools.isEmpty || !renderers.isEmpty) && (entry == nil || o["abi"] == nil) {
            throw PluginProblem(reason: "a plugin with tools or renderers names its entry function and abi", path: "$.entry")
        }
        if !tools.isEmpty || !renderers.isEmpty, abiMajor != 1 {
            throw PluginProblem(reason: "plugin ABI \(abiMajor).\(abiMinor) is not supported; this host speaks 1.x", path: "$.abi.major")
        }
        var seen = Set<String>()
        for (i, name) in toolNames.enumerated() where !seen.insert(name).inserted {
            let path = i < tools.count ? "$.tools[\(i)].name" : "$.ffi_tools[\(i - tools.count)].name"
            throw PluginProblem(reason: "the tool \"\(name)\" is listed twice", path: path)
        }
        if !renderers.isEmpty && isolation == .process {
            throw PluginProblem(reason: "renderers run in the host process: use \"isolation\": \"in_process\"", path: "$.isolation")
        }
        if kind == .library && toolNames.isEmpty && renderers.isEmpty {
            throw PluginProblem(reason: "the manifest lists no tools, ffi_tools or renderers", path: "$")
        }
    }

    static func ffiTool(_ json: JSONValue, at path: String) throws(PluginProblem) -> FFITool {
        let parameters = json["parameters"]!.arrayValue!.map { p in
            FFITool.Parameter(name: p["name"]!.stringValue!, type: CType(rawValue: p["type"]!.stringValue!)!)
        }
        var names = Set<String>()
        for (i, p) in parameters.enumerated() where !names.insert(p.name).inserted {
            throw PluginProblem(reason: "the parameter \"\(p.name)\" is listed twice", path: "\(path).parameters[\(i)].name")
        }
        let returns = CType(rawValue: json["returns"]!["type"]!.stringValue!)!
        let free = json["returns"]?["free"]?.stringValue
        if returns == .ownedString && free == nil {
            throw PluginProblem(reason: "a \"char *\" result needs the \"free\" function that releases it", path: "\(path).returns.free")
        }
        var properties: [(String, JSONValue)] = []
        for p in parameters { properties.append((p.name, p.type.argumentSchema)) }
        var definition: [(String, JSONValue)] = [("name", json["name"]!)]
        for key in ["title", "description", "instructions", "annotations", "showExternalSourcesIndicator"] {
            if let value = json[key] { definition.append((key, value)) }
        }
        definition.append(("inputSchema", .object(JSONObject([
            ("type", "object"), ("properties", .object(JSONObject(properties))),
            ("required", .array(parameters.map { .string($0.name) })), ("additionalProperties", false),
        ]))))
        let tool: AIToolDefinition
        do {
            tool = try AIToolDefinition(json: .object(JSONObject(definition)))
        } catch {
            throw PluginProblem(reason: error.message, path: path)
        }
        return FFITool(definition: tool, symbol: json["symbol"]!.stringValue!, parameters: parameters,
                       returns: returns, freeSymbol: free)
    }
}
