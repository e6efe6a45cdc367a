import Dispatch
import Testing
@testable import StreamChatAI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ClientToolRunnerTests {
    @Test func `runs only calls for this user and install, from the client, awaiting it, with their own id`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()])
        runner.run(try parts(
            clientCall("ok"),
            clientCall("other-user", user: "u2"),
            clientCall("other-install", client: "i2"),
            clientCall("server", executor: "server"),
            clientCall("running", status: "running"),
            clientCall("approval", status: "awaiting_approval"),
            clientCall(nil)
        ), send: r.sender())
        #expect(r.runs == ["ok"])
        #expect(r.sent.map(\.0) == ["ok"])
    }

    @Test func `a call runs at most once across later updates of the reply`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()])
        for _ in 0..<5 { runner.run(try parts(clientCall("c1"), clientCall("c2")), send: r.sender()) }
        #expect(r.runs == ["c1", "c2"])
        #expect(r.sent.count == 2)
    }

    @Test func `a call runs at most once when eight threads run the same reply`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()])
        let reply = try parts(clientCall("a"), clientCall("b"), clientCall("c"))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 { runner.run(reply, send: r.sender()) }
        }
        #expect(r.runs.sorted() == ["a", "b", "c"])
        #expect(r.sent.count == 3)
    }

    @Test func `a call for a tool this install lacks gets a failed result naming it`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()])
        runner.run(try parts(clientCall("c", tool: "teleport")), send: r.sender())
        #expect(r.sent.count == 1)
        #expect(r.sent.first?.1 == .failed(reason: #"This install has no tool named "teleport"."#))
    }

    @Test func `invalid arguments fail the call without running the tool`() throws {
        let r = Recorder()
        let tool = try r.echoTool(schema: #"{"type": "object", "properties": {"screen": {"enum": ["settings"]}}, "required": ["screen"]}"#)
        let runner = try runner([tool])
        runner.run(try parts(clientCall("c", arguments: #"{"screen": "home"}"#)), send: r.sender())
        #expect(r.runs.isEmpty)
        guard case .failed(let reason)? = r.sent.first?.1 else {
            Issue.record("expected a failed result")
            return
        }
        #expect(reason.contains(#"$.screen: "home" is not one of ["settings"] (enum)"#))
    }

    @Test func `a failed send is offered again on a later run without running the tool again`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()])
        let reply = try parts(clientCall("c"))
        runner.run(reply, send: r.sender(delivered: false))
        let report = runner.run(reply, send: r.sender(delivered: true))
        runner.run(reply, send: r.sender(delivered: true))
        #expect(r.runs == ["c"])
        #expect(r.sent.count == 2)
        #expect(report.resent == ["c"])
        #expect(runner.ledger[0].state == .delivered)
    }

    @Test func `delivery gives up after maxAttempts`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool()], maxAttempts: 2)
        let reply = try parts(clientCall("c"))
        var gaveUp: [String] = []
        for _ in 0..<4 { gaveUp += runner.run(reply, send: r.sender(delivered: false)).gaveUp }
        #expect(r.runs == ["c"])
        #expect(r.sent.count == 2)
        #expect(gaveUp == ["c"])
        #expect(runner.ledger[0].state == .gaveUp)
        #expect(runner.ledger[0].attempts == 2)
    }

    @Test func `maxAttempts must be at least 1`() {
        #expect(throws: StreamChatAIError.self) { try runner([], maxAttempts: 0) }
    }

    @Test func `a tool may finish later, from another thread`() throws {
        let r = Recorder()
        let tool = AIClientTool(definition: try definition("later")) { call, completion in
            r.ran(call.id)
            Thread.detach { completion.complete(.completed(output: ["done": true], summary: "later")) }
        }
        let runner = try runner([tool])
        runner.run(try parts(clientCall("c", tool: "later")), send: r.sender())
        #expect(r.waitForSend())
        #expect(r.sent.first?.1 == .completed(output: ["done": true], summary: "later"))
    }

    @Test func `an async tool completes through a task`() async throws {
        let r = Recorder()
        let tool = AIClientTool(definition: try definition("async")) { call in
            .completed(output: ["id": .string(call.id)], summary: nil)
        }
        let runner = try runner([tool])
        runner.run(try parts(clientCall("c", tool: "async")), send: r.sender())
        #expect(await r.waitForSendOffPool())
        #expect(r.sent.first?.1.isCompleted == true)
    }

    @Test func `a tool that never completes fails after its timeout, and a late result is refused`() throws {
        let r = Recorder()
        let held = Mutex<AIToolCompletion?>(nil)
        let tool = AIClientTool(definition: try definition("stuck")) { _, completion in held.withLock { $0 = completion } }
        let runner = try runner([tool], timeoutMs: 30)
        runner.run(try parts(clientCall("c", tool: "stuck")), send: r.sender())
        #expect(r.waitForSend())
        #expect(r.sent.first?.1 == .failed(reason: #"The tool "stuck" did not finish within 30 ms."#))
        #expect(held.withLock { $0 }?.complete(.completed(output: JSONObject(), summary: nil)) == false)
    }

    @Test func `a tool that fails gives a failed result`() throws {
        let r = Recorder()
        let tool = AIClientTool(definition: try definition("broken")) { _, completion in
            completion.complete(.failed(reason: "Location not shared"))
        }
        let runner = try runner([tool])
        runner.run(try parts(clientCall("c", tool: "broken")), send: r.sender())
        #expect(r.sent.first?.1 == .failed(reason: "Location not shared"))
    }

    @Test func `a result completed twice keeps the first`() throws {
        let r = Recorder()
        let tool = AIClientTool(definition: try definition("twice")) { _, completion in
            #expect(completion.complete(.failed(reason: "first")))
            #expect(!completion.complete(.failed(reason: "second")))
        }
        let runner = try runner([tool])
        runner.run(try parts(clientCall("c", tool: "twice")), send: r.sender())
        #expect(r.sent.map(\.1) == [.failed(reason: "first")])
    }

    @Test func `a released runner still delivers a late result`() throws {
        let r = Recorder()
        let held = Mutex<AIToolCompletion?>(nil)
        let tool = AIClientTool(definition: try definition("later")) { _, completion in held.withLock { $0 = completion } }
        do {
            let runner = try runner([tool])
            runner.run(try parts(clientCall("c", tool: "later")), send: r.sender())
        }
        held.withLock { $0 }?.complete(.completed(output: JSONObject(), summary: "after release"))
        #expect(r.sent.count == 1)
    }

    @Test func `registrations are sorted by name and the first tool of a name wins`() throws {
        let first = try AIClientTool(definition: AIToolDefinition(jsonText: #"{"name": "b", "description": "first", "inputSchema": {"type": "object"}}"#)) { _, c in c.complete(.failed(reason: "x")) }
        let second = try AIClientTool(definition: AIToolDefinition(jsonText: #"{"name": "b", "description": "second", "inputSchema": {"type": "object"}}"#)) { _, c in c.complete(.failed(reason: "x")) }
        let a = try AIClientTool(definition: definition("a")) { _, c in c.complete(.failed(reason: "x")) }
        let runner = try runner([first, a])
        #expect(!runner.add(second))
        #expect(runner.toolNames == ["a", "b"])
        #expect(runner.registrations.map { $0["name"] } == ["a", "b"])
        #expect(runner.registrations[1]["description"] == .string("first"))
    }

    @Test func `an invocation event runs the named tool with its args`() throws {
        let r = Recorder()
        let runner = try runner([try r.echoTool("greetUser")])
        let got = Mutex<AIToolResult?>(nil)
        let event = try JSONValue(parsing: #"{"type": "custom_client_tool_invocation", "message_id": "m1", "tool": {"name": "greetUser"}, "args": {"who": "Ann"}}"#)
        let call = try runner.handle(invocation: event) { result in got.withLock { $0 = result } }
        #expect(call.arguments?["who"] == .string("Ann"))
        #expect(r.runs.count == 1)
        #expect(got.withLock { $0 } == .completed(output: ["who": "Ann"], summary: "echoed"))
        #expect(r.sent.isEmpty)
        let missing = #expect(throws: StreamChatAIError.self) {
            try runner.handle(invocation: ["tool": ["name": "nope"]])
        }
        #expect(missing?.kind == .notFound)
        #expect(throws: StreamChatAIError.self) { try runner.handle(invocation: ["tool": "greetUser"]) }
    }

    @Test func `configuration reads JSON and refuses unknown settings`() throws {
        let c = try AIClientToolRunner.Configuration(json: try JSONValue(parsing: #"{"user_id": "u", "client_id": "c", "max_attempts": 5, "ledger_path": "/tmp/x", "tool_timeout_ms": 100}"#))
        #expect(c.maxAttempts == 5 && c.ledgerPath == "/tmp/x" && c.toolTimeoutMs == 100)
        for bad in [#"{"client_id": "c"}"#, #"{"user_id": "u", "client_id": "c", "max_attempts": 0}"#,
                    #"{"user_id": "u", "client_id": "c", "retries": 1}"#, #"{"user_id": "u", "client_id": ""}"#] {
            #expect(throws: StreamChatAIError.self) { try AIClientToolRunner.Configuration(json: try JSONValue(parsing: bad)) }
        }
    }
}

extension Thread {
    /// Runs `body` on a new detached thread.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        pthread_detach(thread)
    }
}

enum Thread {}
