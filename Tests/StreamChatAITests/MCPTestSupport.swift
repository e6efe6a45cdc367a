import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The MCP suites, one at a time: their tests block a thread while servers start
/// (an SDK server takes about a second), and run side by side they could take
/// every thread of the pool that async tests elsewhere need.
@Suite(.serialized) enum MCPTests {}

/// The servers of the test suite: Tests/Peers.
let peersFolder = repositoryRoot + "/Tests/Peers"

/// The Python with the real MCP SDKs (`make test-deps` makes it).
func sdkPython() throws -> String {
    let path = repositoryRoot + "/build/venv/bin/python"
    try #require(access(path, X_OK) == 0, "\(path) is missing: run `make test-deps` first (make test does)")
    return path
}

/// A Python for the standard-library scripted server: the project's venv, else the system's.
func anyPython() -> String {
    let venv = repositoryRoot + "/build/venv/bin/python"
    return access(venv, X_OK) == 0 ? venv : "/usr/bin/python3"
}

/// The scripted server in `modes` (see Tests/Peers/mcp_scripted_server.py).
func scriptedServer(_ modes: String = "", protocolVersion: String? = nil, startTimeoutMs: Int = 10_000,
                    toolTimeoutMs: Int? = nil, maxMessageBytes: Int = 16 << 20) -> MCPServer {
    MCPServer(configuration: MCPServerConfiguration(
        name: "scripted", command: [anyPython(), peersFolder + "/mcp_scripted_server.py", modes], protocolVersion: protocolVersion,
        startTimeoutMs: startTimeoutMs, toolTimeoutMs: toolTimeoutMs, maxMessageBytes: maxMessageBytes, stopGraceMs: 1_000))
}

/// The notes server built on `sdk` ("mcp" or "fastmcp"), speaking `protocolVersion` (nil: probe).
func notesServer(_ sdk: String, protocolVersion: String? = nil, environment: [String: String] = [:]) throws -> MCPServer {
    MCPServer(configuration: MCPServerConfiguration(
        name: "notes-\(sdk)", command: [try sdkPython(), peersFolder + "/mcp_notes_server.py", sdk], environment: environment,
        protocolVersion: protocolVersion, startTimeoutMs: 30_000))
}

/// Runs one call of `tool` from `source` to its end (the tool's or `timeoutMs`'s limit).
func call(_ source: any AIToolSource, _ tool: String, _ arguments: JSONObject = [:], timeoutMs: Int = 20_000,
          onProgress: (@Sendable (AIToolProgress) -> Void)? = nil) -> AIToolResult {
    let found = source.tools.first { $0.name == tool }
    let part = AIToolCallPart(id: "call-\(tool)", name: tool, arguments: arguments)
    return ToolCallExecution.start(found, call: part, defaultTimeoutMs: timeoutMs, onProgress: onProgress).wait()
}

/// The output of a completed result, else a recorded issue.
func output(_ result: AIToolResult, sourceLocation: SourceLocation = #_sourceLocation) -> JSONObject {
    guard case .completed(let output, _) = result else {
        Issue.record("expected a completed result, got \(result)", sourceLocation: sourceLocation)
        return [:]
    }
    return output
}

/// The reason of a failed result, else a recorded issue.
func reason(_ result: AIToolResult, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard case .failed(let reason) = result else {
        Issue.record("expected a failed result, got \(result)", sourceLocation: sourceLocation)
        return ""
    }
    return reason
}

/// Whether process `pid` is gone and reaped (a zombie still answers signal 0).
func processIsGone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }
