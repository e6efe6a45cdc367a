import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

extension MCPTests {
    /// The MCP client against real servers: the test suite's notes server built
    /// on the `mcp` 2.3.0 SDK and on `fastmcp` 4.1.6, each in both eras.
    @Suite struct MCPPeerTests {
        static let peers: [(String, String?)] = [
            ("mcp", nil), ("mcp", "2025-11-25"), ("mcp", "2024-11-05"), ("fastmcp", nil), ("fastmcp", "2025-06-18"),
        ]

        @Test(arguments: peers)
        func `a real SDK server's tools list with their annotations and run`(sdk: String, version: String?) throws {
            let server = try notesServer(sdk, protocolVersion: version)
            try server.start()
            #expect(server.era == (version.map { .handshake(version: $0) } ?? .modern))
            let tools = Dictionary(uniqueKeysWithValues: server.tools.map { ($0.name, $0.definition) })
            #expect(Set(tools.keys).isSuperset(of: ["read_note", "delete_note", "fail", "slow", "env", "grow"]))
            #expect(tools["read_note"]?.isReadOnly == true && tools["read_note"]?.title == "Read note")
            #expect(tools["delete_note"]?.isReadOnly == false && tools["delete_note"]?.annotations.destructiveHint == true)
            #expect(tools["delete_note"]?.annotations.openWorldHint == false)
            #expect(output(call(server, "read_note", ["key": "greeting"])) == ["result": "hello"])
            #expect(output(call(server, "delete_note", ["key": "farewell"])) == ["result": "deleted"])
            #expect(reason(call(server, "fail", ["reason": "demo"])).contains("failed on purpose: demo"))
            // The tool's own schema is checked before the call leaves the host.
            #expect(reason(call(server, "read_note", [:])).contains("Invalid arguments for \"read_note\""))
        }

        @Test(arguments: [("mcp", nil), ("fastmcp", "2025-11-25")] as [(String, String?)])
        func `progress notifications reach whoever runs the call`(sdk: String, version: String?) throws {
            let server = try notesServer(sdk, protocolVersion: version)
            let reports = Mutex<[AIToolProgress]>([])
            let result = call(server, "slow", ["seconds": 0.3]) { progress in reports.withLock { $0.append(progress) } }
            #expect(output(result) == ["result": "slept 0.3s"])
            let seen = reports.withLock { $0 }
            #expect(seen.count == 3)
            #expect(seen.last == AIToolProgress(progress: 3, total: 3))
        }

        @Test(arguments: ["mcp", "fastmcp"])
        func `list_changed from a real server adds the new tool`(sdk: String) throws {
            // The SDKs push notifications on a handshake connection only.
            let server = try notesServer(sdk, protocolVersion: "2025-11-25")
            try server.start()
            let changed = DispatchSemaphore(value: 0)
            server.observeChanges { changed.signal() }
            #expect(output(call(server, "grow")) == ["result": "grown"])
            #expect(changed.wait(timeout: .now() + 20) == .success)
            #expect(output(call(server, "extra")) == ["result": "extra"])
        }

        @Test func `the server gets the configured variables and none of the host's secrets`() throws {
            setenv("SCA_TEST_SECRET_TOKEN", "do-not-leak", 1)
            defer { unsetenv("SCA_TEST_SECRET_TOKEN") }
            let server = try notesServer("mcp", environment: ["NOTES_MODE": "test"])
            #expect(output(call(server, "env", ["name": "NOTES_MODE"])) == ["result": "test"])
            #expect(output(call(server, "env", ["name": "SCA_TEST_SECRET_TOKEN"])) == ["result": "(unset)"])
            #expect(output(call(server, "env", ["name": "PATH"]))["result"] != "(unset)")
        }

        @Test func `a runner runs a reply's client call through an MCP tool and sends its result`() throws {
            let runner = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
            let server = try notesServer("mcp")
            #expect(runner.add(source: server).isEmpty)
            #expect(runner.toolNames.contains("read_note"))
            let sent = Mutex<[AIToolResult]>([])
            let done = DispatchSemaphore(value: 0)
            runner.run(try parts(clientCall("c1", tool: "read_note", arguments: #"{"key": "greeting"}"#))) { _, result in
                sent.withLock { $0.append(result) }
                done.signal()
                return true
            }
            #expect(done.wait(timeout: .now() + 30) == .success)
            #expect(sent.withLock { $0 } == [.completed(output: ["result": "hello"], summary: nil)])
        }

        @Test func `a runner sees an MCP tool's progress and shows the last report in its ledger`() throws {
            let runner = try AIClientToolRunner(configuration: .init(userID: "u1", clientID: "i1"))
            runner.add(source: try notesServer("mcp", protocolVersion: "2025-11-25"))
            let reports = Mutex<[String]>([])
            let ledgerShowed = Mutex<AIToolProgress?>(nil)
            runner.observeProgress { [runner] call, progress in
                reports.withLock { $0.append("\(call.id) \(Int(progress.progress))/\(Int(progress.total ?? 0))") }
                if let entry = runner.ledger.first(where: { $0.callID == call.id }), let shown = entry.progress { ledgerShowed.withLock { $0 = shown } }
            }
            let done = DispatchSemaphore(value: 0)
            runner.run(try parts(clientCall("slow1", tool: "slow", arguments: #"{"seconds": 0.2}"#))) { _, _ in done.signal(); return true }
            #expect(done.wait(timeout: .now() + 30) == .success)
            #expect(reports.withLock { $0 } == ["slow1 1/2", "slow1 2/2"])
            #expect(ledgerShowed.withLock { $0 } != nil)
            #expect(runner.ledger.first?.progress == nil)  // delivered: no progress any more
        }

        @Test func `the UI host's Query reaches a read-only MCP tool and is refused a destructive one`() throws {
            let host = AIUIHost()
            host.toolBox.add(source: try notesServer("fastmcp"))
            #expect(output(host.runTool("read_note", arguments: ["key": "greeting"], userInitiated: false)) == ["result": "hello"])
            #expect(reason(host.runTool("delete_note", arguments: ["key": "greeting"], userInitiated: false)).contains("runs only when the user taps"))
            #expect(output(host.runTool("read_note", arguments: ["key": "greeting"], userInitiated: false)) == ["result": "hello"])
        }
    }
}
