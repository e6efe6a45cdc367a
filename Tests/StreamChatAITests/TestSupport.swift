import Dispatch
import Synchronization
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary folder.
func temporaryDirectory() -> String {
    var template = Array("/tmp/sca-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!
    return String(cString: path)
}

/// A call step addressed to `user`/`client` (defaults: u1 / i1).
func clientCall(_ id: String?, tool: String = "echo", user: String = "u1", client: String = "i1",
                status: String = "awaiting_client", executor: String = "client", arguments: String = "{}") -> String {
    let idField = id.map { #""id": "\#($0)", "# } ?? ""
    return #"{"type": "ai_tool_call", \#(idField)"name": "\#(tool)", "status": "\#(status)", "executor": "\#(executor)", "target_user_id": "\#(user)", "target_client_id": "\#(client)", "arguments": \#(arguments)}"#
}

func parts(_ attachments: String...) throws -> [AIMessagePart] {
    try AIMessagePart.parts(fromJSON: "[" + attachments.joined(separator: ",") + "]")
}

func definition(_ name: String, schema: String = #"{"type": "object"}"#, extra: String = "") throws -> AIToolDefinition {
    try AIToolDefinition(jsonText: #"{"name": "\#(name)", "description": "the \#(name) tool", "inputSchema": \#(schema)\#(extra)}"#)
}

/// Counts and records what happens, safely across threads.
final class Recorder: Sendable {
    private let state = Mutex<(runs: [String], sent: [(String, AIToolResult)])>(([], []))
    private let signal = DispatchSemaphore(value: 0)

    func ran(_ id: String) { state.withLock { $0.runs.append(id) } }
    func sent(_ id: String, _ result: AIToolResult) {
        state.withLock { $0.sent.append((id, result)) }
        signal.signal()
    }
    var runs: [String] { state.withLock { $0.runs } }
    var sent: [(String, AIToolResult)] { state.withLock { $0.sent } }

    /// Waits (up to 10 s, never in a passing run) for one more send.
    func waitForSend() -> Bool { signal.wait(timeout: .now() + 10) == .success }

    /// A tool that records its runs and answers with its arguments.
    func echoTool(_ name: String = "echo", schema: String = #"{"type": "object"}"#) throws -> AIClientTool {
        try AIClientTool(definition: definition(name, schema: schema)) { call, completion in
            self.ran(call.id)
            completion.complete(.completed(output: call.arguments ?? JSONObject(), summary: "echoed"))
        }
    }

    /// A sender that records and answers `delivered`.
    func sender(delivered: Bool = true) -> AIClientToolRunner.Sender {
        { call, result in
            self.sent(call.id, result)
            return delivered
        }
    }
}

func runner(_ tools: [AIClientTool], maxAttempts: Int = 3, ledger: String? = nil, timeoutMs: Int = 60_000) throws -> AIClientToolRunner {
    try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1", maxAttempts: maxAttempts,
                                                ledgerPath: ledger, toolTimeoutMs: timeoutMs), tools: tools)
}
