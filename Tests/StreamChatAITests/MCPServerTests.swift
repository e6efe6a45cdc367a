import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

extension MCPTests {
    /// The MCP client against the scripted server: eras, listing, calls, and the
    /// faults a real SDK server can't be made to show.
    @Suite struct MCPServerTests {
        @Test func `a server that answers server/discover is spoken to in the modern era`() throws {
            let server = scriptedServer()
            try server.start()
            #expect(server.era == .modern)
            #expect(server.tools.map(\.name) == ["echo", "wipe", "crash", "hang", "pid", "cancelled"])
            #expect(output(call(server, "echo", ["text": "hi"])) == ["text": "hi"])
        }

        @Test func `a server that doesn't know server/discover gets the initialize handshake`() throws {
            let server = scriptedServer("legacy-only")
            try server.start()
            #expect(server.era == .handshake(version: "2025-11-25"))
            #expect(output(call(server, "echo", ["text": "old"])) == ["text": "old"])
        }

        @Test func `a configured protocol version is the one spoken`() throws {
            let server = scriptedServer(protocolVersion: "2024-11-05")
            try server.start()
            #expect(server.era == .handshake(version: "2024-11-05"))
            let modern = scriptedServer(protocolVersion: MCPProtocol.modernVersion)
            try modern.start()
            #expect(modern.era == .modern)
        }

        @Test func `a server that speaks only versions this library doesn't is refused, naming them`() {
            #expect { try scriptedServer("future-only").start() } throws: { error in
                let error = error as! StreamChatAIError
                return error.kind == .refused && error.message.contains("2099-01-01")
            }
        }

        @Test func `a counter-offer of an unknown version is refused`() {
            #expect { try scriptedServer("legacy-only,counter-offer").start() } throws: { error in
                (error as! StreamChatAIError).message.contains("offered protocol \"1999-01-01\"")
            }
        }

        @Test func `tools are listed page by page through nextCursor`() throws {
            let server = scriptedServer("paged")
            #expect(server.tools.map(\.name) == ["echo", "wipe", "crash", "hang", "pid", "cancelled"])
        }

        @Test func `a cursor that repeats is an error, not an endless listing`() {
            #expect { try scriptedServer("endless-pages").start() } throws: { error in
                (error as! StreamChatAIError).message.contains("pages its tools without end")
            }
        }

        @Test func `a server that exits at once fails to start with how it ended and what it said`() {
            #expect { try scriptedServer("exit-at-once").start() } throws: { error in
                let message = (error as! StreamChatAIError).message
                return message.contains("exited with status 3") && message.contains("cannot start: no database")
            }
        }

        @Test func `a silent server fails to start within its start timeout`() {
            #expect { try scriptedServer("silent", startTimeoutMs: 300).start() } throws: { error in
                (error as! StreamChatAIError).message.contains("did not answer initialize within 300 ms")
            }
        }

        @Test func `lines on standard output that are not JSON-RPC are skipped and logged`() throws {
            let server = scriptedServer("garbage")
            #expect(output(call(server, "echo", ["text": "through"])) == ["text": "through"])
            #expect(server.log.contains { $0.contains("not JSON-RPC") && $0.contains("this is not JSON-RPC") })
        }

        @Test func `a message over the size limit stops the server and says why`() {
            #expect { try scriptedServer("huge-line", maxMessageBytes: 1 << 20).start() } throws: { error in
                (error as! StreamChatAIError).message.contains("over 1048576 bytes")
            }
        }

        @Test func `the server's own requests are answered so listing goes on`() throws {
            let server = scriptedServer("ask")
            #expect(server.tools.count == 6)
        }

        @Test func `a tool the server describes badly is left out and reported; the others stay`() throws {
            let server = scriptedServer("bad-tool")
            #expect(server.tools.map(\.name) == ["echo", "wipe", "crash", "hang", "pid", "cancelled"])
            #expect(server.log.contains { $0.contains("skipped tool \"broken\"") && $0.contains("inputSchema") })
        }

        @Test func `annotations and structured content come through`() throws {
            let server = scriptedServer()
            let tools = Dictionary(uniqueKeysWithValues: server.tools.map { ($0.name, $0.definition) })
            #expect(tools["echo"]?.isReadOnly == true)
            #expect(tools["wipe"]?.isReadOnly == false && tools["wipe"]?.annotations.destructiveHint == true)
            #expect(output(call(server, "wipe")) == ["wiped": true])
        }

        @Test func `a JSON-RPC error fails the call and names the server and the code`() throws {
            let server = scriptedServer()
            try server.start()
            let completion = Mutex<AIToolResult?>(nil)
            let done = DispatchSemaphore(value: 0)
            server.call(tool: "missing", arguments: [:], completion: AIToolCompletion(deliver: { result in
                completion.withLock { $0 = result }
                done.signal()
                return true
            }))
            done.wait()
            let why = reason(completion.withLock { $0 }!)
            #expect(why.contains("MCP server \"scripted\" refused the call of \"missing\"") && why.contains("-32602"))
        }

        @Test func `a crash fails the call in flight and the next call starts the server again`() throws {
            let server = scriptedServer()
            guard case .integer(let first)? = output(call(server, "pid"))["pid"] else { Issue.record("no pid"); return }
            let crashed = reason(call(server, "crash"))
            #expect(crashed.contains("exited with status 7") && crashed.contains("\"crash\""))
            #expect(processIsGone(Int32(first)))
            guard case .integer(let second)? = output(call(server, "pid"))["pid"] else { Issue.record("no pid after the restart"); return }
            #expect(second != first)
            #expect(server.startCount == 2)
        }

        @Test func `a call that times out tells the server it is cancelled`() throws {
            let server = scriptedServer(toolTimeoutMs: 200)
            let why = reason(call(server, "hang"))
            #expect(why.contains("did not finish within 200 ms") && why.contains("told to cancel"))
            // The server reads its input in order: by the time it answers this, it has read the notification.
            guard case .array(let ids)? = output(call(server, "cancelled"))["ids"] else { Issue.record("no ids"); return }
            #expect(ids.count == 1)
        }

        @Test func `list_changed makes the source list again and tell its observers`() throws {
            let server = scriptedServer("list-changed")
            #expect(!server.tools.contains { $0.name == "late" })
            let changed = DispatchSemaphore(value: 0)
            server.observeChanges { changed.signal() }
            #expect(output(call(server, "echo", ["text": "x"])) == ["text": "x"])
            #expect(changed.wait(timeout: .now() + 20) == .success)
            #expect(server.tools.contains { $0.name == "late" })
        }

        @Test func `concurrent calls share one process and each gets its own answer`() throws {
            let server = scriptedServer()
            try server.start()
            let answers = Mutex<[Int: JSONObject]>([:])
            DispatchQueue.concurrentPerform(iterations: 16) { i in
                let result = call(server, "echo", ["text": .string("n\(i)")])
                answers.withLock { $0[i] = output(result) }
            }
            for i in 0..<16 { #expect(answers.withLock { $0[i] } == ["text": .string("n\(i)")]) }
            #expect(server.startCount == 1)
        }

        @Test func `a server that stops reading its input fails calls instead of blocking the host`() throws {
            var configuration = scriptedServer("deaf").configuration
            configuration.writeTimeoutMs = 200
            let server = MCPServer(configuration: configuration)
            try server.start()
            let big = JSONValue.string(String(repeating: "x", count: 1 << 20))
            var failed: String?
            for _ in 0..<16 where failed == nil {
                if case .failed(let why) = call(server, "echo", ["text": big], timeoutMs: 2_000), why.contains("stopped reading") { failed = why }
            }
            #expect(failed?.contains("a write waited 200 ms") == true)
        }

        @Test func `stop ends the process and waits for it, leaving no zombie`() throws {
            let server = scriptedServer()
            try server.start()
            let pid = try #require(server.processID)
            server.stop()
            #expect(processIsGone(pid))
            #expect(server.processID == nil)
        }

        @Test func `freeing the source stops its server`() throws {
            var pid: Int32 = 0
            do {
                let server = scriptedServer()
                try server.start()
                pid = try #require(server.processID)
            }
            #expect(processIsGone(pid))
        }

        @Test func `starting and stopping servers leaks no descriptor`() throws {
            // Descriptors by identity (device and inode): other tests running meanwhile may reuse the numbers.
            func identity(_ fd: Int32) -> String? {
                var info = stat()
                return fstat(fd, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : nil
            }
            var held: [(Int32, String)] = []
            for _ in 0..<3 {
                let server = scriptedServer()
                #expect(output(call(server, "echo", ["text": "x"])) == ["text": "x"])
                held += server.descriptors.compactMap { fd in identity(fd).map { (fd, $0) } }
                _ = call(server, "crash")
                server.stop()
            }
            #expect(held.count >= 6)
            // The readers let go of their descriptors as their threads end: wait for that, bounded.
            let deadline = DispatchTime.now() + 5
            func stillOpen() -> [(Int32, String)] { held.filter { identity($0.0) == $0.1 } }
            while !stillOpen().isEmpty && DispatchTime.now() < deadline { sched_yield() }
            #expect(stillOpen().isEmpty)
        }

        @Test func `a program that isn't on PATH is reported by name`() {
            let server = MCPServer(configuration: MCPServerConfiguration(name: "gone", command: ["no-such-mcp-server-anywhere"]))
            #expect { try server.start() } throws: { error in
                (error as! StreamChatAIError).message.contains("no program \"no-such-mcp-server-anywhere\" on PATH")
            }
            #expect(reason(call(server, "x")).contains("This install has no tool named \"x\""))
        }

        @Test func `a config is read with every setting checked`() throws {
            let config = try MCPServerConfiguration(json: [
                "name": "n", "command": ["python3", "s.py"], "env": ["A_B": "1"], "cwd": "/tmp", "protocol_version": "auto",
                "tools": [["name": "t", "inputSchema": ["type": "object"]]], "tool_timeout_ms": 5,
            ])
            #expect(config.command == ["python3", "s.py"] && config.environment == ["A_B": "1"] && config.protocolVersion == nil)
            #expect(config.declaredTools?.map(\.name) == ["t"] && config.toolTimeoutMs == 5)
            let bad: [(JSONValue, String)] = [
                (["name": "n", "command": []], "$.command"),
                (["name": "n", "command": ["x"], "colour": 1], "$.colour"),
                (["name": "n", "command": ["x"], "env": ["1X": "y"]], #"$.env["1X"]"#),
                (["name": "n", "command": ["x"], "env": ["X": 1]], "$.env.X"),
                (["name": "n", "command": ["x"], "protocol_version": "2099-01-01"], "$.protocol_version"),
                (["name": "n", "command": ["x"], "tools": [["name": "t"]]], "$.tools[0]"),
                (["command": ["x"]], "$.name"),
            ]
            for (json, path) in bad {
                #expect { try MCPServerConfiguration(json: json) } throws: { error in
                    (error as! StreamChatAIError).message.hasPrefix(path)
                }
            }
        }

        @Test func `the server's standard error goes to its log`() throws {
            let server = scriptedServer()
            _ = call(server, "crash")
            #expect(server.log.contains("stderr: crashing on purpose"))
        }
    }
}
