import TestSupport
import Dispatch
import Synchronization
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary folder.
func temporaryDirectory() -> String {
    temporaryDirectory(in: "/tmp")
}

/// A new folder in memory (tmpfs) when there is one: for tests that sync
/// thousands of writes, which test the library's logic, not the disk.
func memoryTemporaryDirectory() -> String {
    temporaryDirectory(in: access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")
}

private func temporaryDirectory(in base: String) -> String {
    var template = Array("\(base)/sca-test-XXXXXX".utf8CString)
    let path = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    let isFirst = madeFolders.withLock { made in
        made.append(path)
        return made.count == 1
    }
    if isFirst { atexit { removeMadeFolders() } }
    return path
}

/// The folders this test process made: removed, with what the tests left in them, when it exits, so that runs
/// leave nothing behind in /tmp or in memory (/dev/shm).
private let madeFolders = Mutex<[String]>([])

private func removeMadeFolders() {
    for path in madeFolders.withLock({ $0 }) { removeTree(path) }
}

/// Removes a folder with what it holds, depth first; a link is removed, not followed out of the folder.
private func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR, let folder = opendir(path) {
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(folder)
        for name in names { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
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

    /// Waits (up to 120 s, never in a passing run) for one more send.
    /// A whole parallel run on two cores can hold every thread of the cooperative pool for a while (a tool that
    /// completes in a Task waits for one), so the bound is generous; it only matters when something hangs.
    func waitForSend() -> Bool { signal.wait(timeout: .now() + 120) == .success }

    /// The same, waiting on a thread of its own: a test whose tool completes in a Task must not hold one of the
    /// few threads of the cooperative pool (two on a 2-core machine) while the Task waits for one.
    func waitForSendOffPool() async -> Bool {
        await withCheckedContinuation { continuation in Thread.detach { continuation.resume(returning: self.waitForSend()) } }
    }

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


/// A random JSON value of at most `depth` levels, with the strings and numbers that trip writers.
func randomJSON(_ g: inout SeededRandom, depth: Int = 4) -> JSONValue {
    let strings = ["", "plain", "quote \" and \\ slash", "tab\tnew\nline\r", "\u{0}\u{1F}", "café naïve 😀", "</script>", String(repeating: "x", count: 40)]
    switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &g) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &g))
    case 2:
        let edges: [Int64] = [0, 1, -1, Int64.max, Int64.min, 42]
        return .integer(Bool.random(using: &g) ? edges[Int.random(in: 0..<edges.count, using: &g)] : Int64.random(in: .min ... .max, using: &g))
    case 3:
        let edges = [0.5, -1e-7, 1e300, 3.0, -0.0]
        return .number(Bool.random(using: &g) ? edges[Int.random(in: 0..<edges.count, using: &g)] : Double.random(in: -1e12...1e12, using: &g))
    case 4, 5: return .string(strings[Int.random(in: 0..<strings.count, using: &g)])
    case 6: return .array((0..<Int.random(in: 0..<4, using: &g)).map { _ in randomJSON(&g, depth: depth - 1) })
    default:
        return .object(JSONObject((0..<Int.random(in: 0..<4, using: &g)).map { i in
            (strings[Int.random(in: 0..<strings.count, using: &g)] + "\(i)", randomJSON(&g, depth: depth - 1))
        }))
    }
}
