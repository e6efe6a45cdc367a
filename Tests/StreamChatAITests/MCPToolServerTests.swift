import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

extension MCPTests {
    /// The tool server side of MCP (`streamchatai mcp serve`), spoken to with raw
    /// JSON-RPC lines over a socket, as a client would.
    @Suite struct MCPToolServerTests {
        /// A served tool box with "echo" (read-only), "wait" (finishes when cancelled) and "count" (reports progress).
        final class Session: @unchecked Sendable {  // the reader is used by the test's thread only
            let server: MCPToolServer
            let client: Int32
            let reader: DescriptorReader
            let finished = DispatchSemaphore(value: 0)

            init() throws {
                let box = AIToolBox()
                box.add(AIClientTool(definition: try definition("echo", extra: #", "annotations": {"readOnlyHint": true}"#)) { call, c in
                    c.complete(.completed(output: call.arguments ?? [:], summary: nil))
                })
                box.add(AIClientTool(definition: try definition("wait")) { _, c in
                    c.onCancel { nil }  // never answers by itself
                })
                box.add(AIClientTool(definition: try definition("count")) { _, c in
                    for i in 1...3 { c.report(AIToolProgress(progress: Double(i), total: 3, message: "step \(i)")) }
                    c.complete(.failed(reason: "counted, then failed on purpose"))
                })
                server = MCPToolServer(name: "tests", toolBox: box, toolTimeoutMs: 10_000)
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw StreamChatAIError(.internal, "socketpair") }
                client = fds[0]
                reader = DescriptorReader(fd: fds[0], maxLineBytes: 1 << 20)
                let serverEnd = fds[1]
                DetachedThread(body: { [server, finished] in
                    server.serve(input: serverEnd, output: serverEnd)
                    close(serverEnd)
                    finished.signal()
                }).start()
            }

            deinit { close(client) }

            func send(_ line: String) { _ = Array((line + "\n").utf8).withUnsafeBytes { write(client, $0.baseAddress, $0.count) } }

            func next() throws -> JSONValue {
                try JSONParser.parse(try reader.lineBytes(timeoutMs: 10_000))
            }

            /// Ends the input; the server returns once its calls ended.
            func end() -> Bool {
                shutdown(client, Int32(SHUT_WR))
                return finished.wait(timeout: .now() + 10) == .success
            }
        }

        static let envelope = #"{"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}"#

        @Test func `a first request with the envelope makes the connection modern`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": \#(Self.envelope)}}"#)
            let discovered = try s.next()
            #expect(discovered["result"]?["supportedVersions"] == ["2026-07-28"])
            #expect(discovered["result"]?["resultType"] == "complete")
            #expect(discovered["result"]?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "tests")
            s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": \#(Self.envelope)}}"#)
            let listed = try s.next()
            #expect(listed["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["count", "echo", "wait"])
            #expect(listed["result"]?["ttlMs"] == 0 && listed["result"]?["cacheScope"] == "private")
            #expect(listed["result"]?["tools"]?[1]?["annotations"]?["readOnlyHint"] == true)
            s.send(#"{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {"x": 1}, "_meta": \#(Self.envelope)}}"#)
            let called = try s.next()
            #expect(called["result"]?["structuredContent"] == ["x": 1] && called["result"]?["isError"] == false)
            #expect(called["result"]?["content"]?[0]?["text"] == #"{"x":1}"#)
            // The modern era has no handshake and no ping; a request without the envelope is refused.
            s.send(#"{"jsonrpc": "2.0", "id": 4, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}"#)
            #expect(try s.next()["error"]?["code"] == -32022)
            s.send(#"{"jsonrpc": "2.0", "id": 5, "method": "tools/list"}"#)
            #expect(try s.next()["error"]?["code"] == -32602)
            s.send(#"{"jsonrpc": "2.0", "id": 6, "method": "ping", "params": {"_meta": \#(Self.envelope)}}"#)
            #expect(try s.next()["error"]?["code"] == -32601)
            #expect(s.end())
        }

        @Test func `an unknown modern version is refused with the versions supported`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}}}"#)
            let refused = try s.next()
            #expect(refused["error"]?["code"] == -32022)
            #expect(refused["error"]?["data"] == ["supported": ["2026-07-28"], "requested": "2099-01-01"])
            #expect(s.end())
        }

        @Test func `initialize makes a handshake connection at the version asked, or the latest`() throws {
            for (asked, agreed) in [("2024-11-05", "2024-11-05"), ("2026-07-28", "2025-11-25"), ("1999-01-01", "2025-11-25")] {
                let s = try Session()
                s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "\#(asked)", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}"#)
                let result = try s.next()["result"]
                #expect(result?["protocolVersion"] == .string(agreed))
                #expect(result?["serverInfo"]?["name"] == "tests" && result?["capabilities"]?["tools"]?["listChanged"] == true)
                s.send(#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#)
                s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "ping"}"#)
                #expect(try s.next()["result"] == [:])
                s.send(#"{"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": \#(Self.envelope)}}"#)
                #expect(try s.next()["error"]?["code"] == -32600)
                #expect(s.end())
            }
        }

        @Test func `a failing tool is an isError result; an unknown tool is a JSON-RPC error`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}"#)
            _ = try s.next()
            s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "nope"}}"#)
            let unknown = try s.next()
            #expect(unknown["error"]?["code"] == -32602 && unknown["error"]?["message"] == "Unknown tool: nope")
            s.send(#"{"jsonrpc": "2.0", "id": "s3", "method": "tools/call", "params": {"name": "count", "_meta": {"progressToken": 7}}}"#)
            var progress: [JSONValue] = []
            var answer = try s.next()
            while answer["method"] == "notifications/progress" {
                progress.append(answer["params"]!)
                answer = try s.next()
            }
            #expect(progress.count == 3 && progress.last == ["progressToken": 7, "progress": 3.0, "total": 3.0, "message": "step 3"])
            #expect(answer["id"] == "s3" && answer["result"]?["isError"] == true)
            #expect(answer["result"]?["content"]?[0]?["text"] == "counted, then failed on purpose")
            s.send(#"{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "echo", "arguments": [1]}}"#)
            #expect(try s.next()["error"]?["code"] == -32602)
            #expect(s.end())
        }

        @Test func `a cancelled call is never answered and the connection goes on`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}"#)
            _ = try s.next()
            s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "wait"}}"#)
            s.send(#"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "user"}}"#)
            s.send(#"{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {}}}"#)
            // The next message is the answer to 3: none ever comes for 2.
            #expect(try s.next()["id"] == 3)
            s.send(#"{"jsonrpc": "2.0", "id": 4, "method": "ping"}"#)
            #expect(try s.next()["id"] == 4)
            #expect(s.end())
        }

        @Test func `malformed input gets JSON-RPC errors, never a crash`() throws {
            let s = try Session()
            s.send("{not json")
            #expect(try s.next()["error"]?["code"] == -32700)
            s.send(#"[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]"#)
            #expect(try s.next()["error"]?["code"] == -32600)
            s.send(#"{"jsonrpc": "1.0", "id": 2, "method": "ping"}"#)
            #expect(try s.next()["error"]?["code"] == -32600)
            s.send(#"{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": 5}"#)
            #expect(try s.next()["error"]?["code"] == -32602)
            s.send(String(repeating: "[", count: 100_000))
            #expect(try s.next()["error"]?["code"] == -32700)
            s.send("\u{FF}\u{FE}")
            #expect(try s.next()["error"]?["code"] == -32700)
            #expect(s.end())
        }

        @Test func `a request id other than a string or a number is an Invalid Request answered with a null id`() throws {
            let s = try Session()
            for id in ["null", "[1]", #"{"a": 1}"#, "true"] {
                s.send(#"{"jsonrpc": "2.0", "id": \#(id), "method": "ping"}"#)
                let answer = try s.next()
                #expect(answer["error"]?["code"] == -32600 && answer["id"] == .null, "\(id)")
            }
            s.send(#"{"jsonrpc": "1.0", "id": [2], "method": "ping"}"#)
            #expect(try s.next()["id"] == .null)
            for id in [#""s1""#, "7", "1.5"] {
                s.send(#"{"jsonrpc": "2.0", "id": \#(id), "method": "ping"}"#)
                #expect(try s.next()["id"] == (try JSONParser.parse(id)), "\(id)")
            }
            #expect(s.end())
        }

        @Test func `calls still running when the input ends are cancelled and waited for`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}"#)
            _ = try s.next()
            s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "wait"}}"#)
            s.send(#"{"jsonrpc": "2.0", "id": 3, "method": "ping"}"#)
            _ = try s.next()
            #expect(s.end())
        }

        @Test func `a changed tool list is announced on a handshake connection`() throws {
            let s = try Session()
            s.send(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}"#)
            _ = try s.next()
            s.send(#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#)
            s.send(#"{"jsonrpc": "2.0", "id": 2, "method": "ping"}"#)
            _ = try s.next()  // the notification was read before this answer
            let late = AIToolList(origin: "late")
            s.server.toolBox.add(source: late)
            #expect(try s.next() == ["jsonrpc": "2.0", "method": "notifications/tools/list_changed"])
            #expect(s.end())
        }
    }
}
