import Synchronization
import Testing
@testable import StreamChatAI
@testable import StreamChatClient

#if canImport(Glibc)
import Glibc
#endif

let repositoryRoot: String = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
let peersFolder = repositoryRoot + "/Tests/Peers"

/// A test server in a child process of its own, on 127.0.0.1: it prints its
/// port on its first line; it is stopped by process id when the test ends.
final class PeerProcess: Sendable {
    let pid: pid_t
    let port: Int
    /// The write end of the child's stdin: the child exits when it closes (with this process, at the latest).
    private let lifeline: Int32

    /// Starts `script` (in Tests/Peers) with the project's venv Python
    /// (`sdk`: required, as the real peers need its packages), else the system's.
    init(_ script: String, sdk: Bool = false) throws {
        let venv = repositoryRoot + "/build/venv/bin/python"
        let python: String
        if access(venv, X_OK) == 0 {
            python = venv
        } else {
            try #require(!sdk, "\(venv) is missing: run `make test-deps` first (make test does)")
            python = "/usr/bin/python3"
        }
        var fds: [Int32] = [0, 0]
        var input: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0 && pipe(&input) == 0)
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addclose(&actions, input[1])
        let argv = [python, peersFolder + "/" + script]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, python, &actions, nil, &cArgs, environ)
        close(fds[1])
        close(input[0])
        lifeline = input[1]
        try #require(spawned == 0, "could not start \(script)")
        pid = child
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        close(fds[0])
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(child, SIGKILL)
            close(input[1])
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw PeerError(message: "\(script) printed no port")
        }
        self.port = port
    }

    struct PeerError: Error { let message: String }

    deinit {
        close(lifeline)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// The scripted server's record of the requests it received (GET /log).
    func log() throws -> [JSONValue] {
        var body: [UInt8] = []
        try HTTPClient.perform(HTTPRequest(method: "GET", url: base + "/log"), cancellation: HTTPCancellation()) { bytes, _ in
            body.append(contentsOf: bytes)
            return true
        }
        return try JSONParser.parse(body).arrayValue ?? []
    }
}

/// The events of a send, kept in order.
final class EventLog: Sendable {
    private let events = Mutex<[AIChatEvent]>([])
    var all: [AIChatEvent] { events.withLock { $0 } }
    func take(_ event: AIChatEvent) { events.withLock { $0.append(event) } }
    var text: String {
        all.compactMap { if case .textDelta(let d) = $0 { return d } else { return nil } }.joined()
    }
    var warnings: [String] { all.compactMap { if case .warning(let w) = $0 { return w } else { return nil } } }
    var toolCalls: [(String, String)] { all.compactMap { if case .toolCall(let id, _, _, let ex) = $0 { return (id, ex) } else { return nil } } }
    var toolResults: [(String, JSONValue)] { all.compactMap { if case .toolResult(let id, _, let out) = $0 { return (id, out) } else { return nil } } }
    var lastSteps: [JSONValue] { all.compactMap { if case .steps(let a) = $0 { return a } else { return nil } }.last ?? [] }
}

/// A client tool returning `output` (and counting its calls).
/// Counts calls from any thread.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func add() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

func tool(_ name: String, counter: Counter? = nil, output: @escaping @Sendable (JSONObject) -> AIToolResult) -> AIClientTool {
    let definition = try! AIToolDefinition(json: ["name": .string(name), "inputSchema": ["type": "object"]])
    return AIClientTool(definition: definition) { call, completion in
        counter?.add()
        _ = completion.complete(output(call.arguments ?? [:]))
    }
}

func chatbaseClient(_ peer: PeerProcess, _ extra: JSONObject = [:]) throws -> AIChatClient {
    var config: JSONObject = ["transport": "chatbase", "base_url": .string(peer.base), "agent_id": "agent-1",
                              "client_id": "linux-test", "user_id": "u-1", "identity_token": "tok-1"]
    for (k, v) in extra { config[k] = v }
    return try AIChatClient(configuration: .init(json: .object(config)))
}

func uiClient(_ peer: PeerProcess, _ extra: JSONObject = [:]) throws -> AIChatClient {
    var config: JSONObject = ["url": .string(peer.base + "/api/chat"), "user_id": "u-1", "client_id": "linux-test"]
    for (k, v) in extra { config[k] = v }
    return try AIChatClient(configuration: .init(json: .object(config)))
}
