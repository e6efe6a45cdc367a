#if canImport(Glibc)
import Glibc
#endif

/// How to start and speak to one MCP server over stdio.
///
/// ```swift
/// let config = try MCPServerConfiguration(json: [
///     "name": "notes", "command": ["python3", "server.py"], "cwd": "/opt/notes",
///     "env": ["NOTES_DB": "/var/lib/notes.db"],
/// ])
/// ```
public struct MCPServerConfiguration: Sendable, Hashable {
    /// A name for reports and logs: `MCP server "notes"`.
    public var name: String
    /// The program and its arguments. A program given by a bare name is
    /// looked up on `PATH`; one with a slash is taken relative to ``workingDirectory``.
    public var command: [String]
    /// Variables the server gets besides the few every program needs
    /// (`PATH`, `HOME`, `LANG`, `LC_*`, `TZ`, `TMPDIR`, `USER`, `LOGNAME`).
    /// Nothing else of the host's environment (tokens, keys) is passed on.
    public var environment: [String: String]
    /// Where the server starts; nil: the host's working directory.
    public var workingDirectory: String?
    /// The tools the server is known to offer, when given: they register
    /// without starting it, and its first start checks it really offers them.
    /// Nil: the server is started and asked for its tools.
    public var declaredTools: [AIToolDefinition]?
    /// The protocol version to speak; nil probes: the modern era first
    /// (`server/discover`), then the `initialize` handshake.
    public var protocolVersion: String?
    /// How long starting (and the first listing) may take.
    public var startTimeoutMs: Int
    /// How long a tool call may take, when the server sets its own limit;
    /// nil leaves it to whoever runs the call.
    public var toolTimeoutMs: Int?
    /// The longest line (one JSON-RPC message) accepted from the server.
    public var maxMessageBytes: Int
    /// How long a stopping server gets after its input closes, and again after SIGTERM.
    public var stopGraceMs: Int
    /// How long a write to a server that doesn't read its input may block
    /// before the request fails (a full socket buffer).
    public var writeTimeoutMs: Int = 10_000

    /// A configuration with the defaults: probe the era, 10 s to start, 16 MiB messages, 2 s to stop.
    public init(name: String, command: [String], environment: [String: String] = [:], workingDirectory: String? = nil,
                declaredTools: [AIToolDefinition]? = nil, protocolVersion: String? = nil, startTimeoutMs: Int = 10_000,
                toolTimeoutMs: Int? = nil, maxMessageBytes: Int = 16 << 20, stopGraceMs: Int = 2_000) {
        self.name = name
        self.command = command
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.declaredTools = declaredTools
        self.protocolVersion = protocolVersion
        self.startTimeoutMs = startTimeoutMs
        self.toolTimeoutMs = toolTimeoutMs
        self.maxMessageBytes = maxMessageBytes
        self.stopGraceMs = stopGraceMs
    }

    /// The settings a configuration reads.
    static let keys = ["name", "command", "env", "cwd", "tools", "protocol_version", "start_timeout_ms", "tool_timeout_ms",
                       "max_message_bytes", "stop_grace_ms", "write_timeout_ms"]

    /// Reads `{"name", "command": [program, args...], "env": {NAME: value},
    /// "cwd", "tools": [MCP Tool], "protocol_version", "start_timeout_ms",
    /// "tool_timeout_ms", "max_message_bytes", "stop_grace_ms", "write_timeout_ms"}`; unknown settings are errors.
    public init(json: JSONValue, at path: String = "$") throws(StreamChatAIError) {
        let settings = try SettingsReader(json, what: "an MCP server config", known: Self.keys, at: path)
        try self.init(settings: settings, name: try settings.requiredString("name"))
    }

    init(settings: SettingsReader, name: String) throws(StreamChatAIError) {
        guard let command = try settings.strings("command"), !command.isEmpty, !command[0].isEmpty else {
            throw .invalid(at: settings.path(of: "command"), "the command is a non-empty array of strings: the program, then its arguments")
        }
        let environment = try settings.members("env") { value, path throws(StreamChatAIError) -> String in
            guard case .string(let s) = value else { throw .invalid(at: path, "expected a string, found \(value.typeName)") }
            return s
        } ?? []
        var variables: [String: String] = [:]
        for (variable, value) in environment {
            guard Self.isVariableName(variable) else {
                throw .invalid(at: JSONPath.appending(key: variable, to: settings.path(of: "env")), "not a variable name")
            }
            variables[variable] = value
        }
        var tools: [AIToolDefinition]?
        if let list = settings["tools"] {
            guard case .array(let items) = list else {
                throw .invalid(at: settings.path(of: "tools"), "expected an array of MCP tools, found \(list.typeName)")
            }
            var read: [AIToolDefinition] = []
            for (i, item) in items.enumerated() {
                do {
                    read.append(try AIToolDefinition(json: item))
                } catch {
                    throw .invalid(at: JSONPath.appending(index: i, to: settings.path(of: "tools")), error.message)
                }
            }
            tools = read
        }
        let version = try settings.string("protocol_version", nonEmpty: true)
        if let version, version != "auto", !MCPProtocol.versions.contains(version) {
            throw .invalid(at: settings.path(of: "protocol_version"),
                           "unknown MCP version \(JSONSerializer.quoted(version)); known: auto, \(MCPProtocol.versions.joined(separator: ", "))")
        }
        self.init(name: name, command: command, environment: variables, workingDirectory: try settings.string("cwd", nonEmpty: true),
                  declaredTools: tools, protocolVersion: version == "auto" ? nil : version,
                  startTimeoutMs: try settings.integer("start_timeout_ms", in: 1...600_000) ?? 10_000,
                  toolTimeoutMs: try settings.integer("tool_timeout_ms", in: 1...3_600_000),
                  maxMessageBytes: try settings.integer("max_message_bytes", in: 1024...(256 << 20)) ?? 16 << 20,
                  stopGraceMs: try settings.integer("stop_grace_ms", in: 0...60_000) ?? 2_000)
        writeTimeoutMs = try settings.integer("write_timeout_ms", in: 1...600_000) ?? 10_000
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == 0x5F || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else { return false }
        return name.utf8.count <= 128 && name.utf8.allSatisfy { $0 == 0x5F || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// The program's path: a bare name found on `PATH`, else the path as
    /// given, relative to the working directory.
    /// - Throws: ``StreamChatAIError`` (not found) when there is no such executable.
    func programPath() throws(StreamChatAIError) -> String {
        let program = command[0]
        if program.contains("/") {
            let path = program.hasPrefix("/") ? program : (workingDirectory.map { $0 + "/" } ?? "") + program
            guard access(path, X_OK) == 0 else {
                throw StreamChatAIError(.notFound, POSIX.errnoText("the MCP server \(JSONSerializer.quoted(name)) cannot run \(path)"))
            }
            return path
        }
        let search = POSIX.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in search.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + program
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        throw StreamChatAIError(.notFound, "the MCP server \(JSONSerializer.quoted(name)): no program \(JSONSerializer.quoted(program)) on PATH")
    }

    /// The child's environment: the common variables, then ``environment``.
    var childEnvironment: [String] {
        let passed = ChildProcess.environment(passing: []).filter { entry in
            !environment.keys.contains(String(entry.prefix { $0 != "=" }))
        }
        return passed + environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }
    }
}
