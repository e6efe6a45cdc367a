import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI
@testable import StreamChatClient
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One scripted server for the whole run (it exits with the test process).
let scriptedPeer: PeerProcess = try! PeerProcess("chat_scripted_server.py")

/// A send, off the cooperative pool (it blocks for the whole round trip).
private func send(_ client: AIChatClient, _ text: String, events: EventLog? = nil) async throws -> AIChatResponse {
    if let events { client.onEvent = { events.take($0) } }
    return try await offPool { try client.send(message: ["text": .string(text)]) }
}

private func requests(to suffix: String, conversation: String) throws -> [JSONValue] {
    try scriptedPeer.log().filter { ($0["path"]?.stringValue ?? "").hasSuffix(suffix) && ($0["path"]?.stringValue ?? "").contains("/\(conversation)/") }
}

@Suite struct ChatbaseLoopTests {
    /// The peer starts off the pool (the first test to get here waits for it).
    init() async throws { _ = try await offPool { scriptedPeer.port } }

    @Test func textFromTheStreamAndTheFinishMetadataMakeTheResponse() async throws {
        let events = EventLog()
        let response = try await send(try chatbaseClient(scriptedPeer), "hello", events: events)
        #expect(response.text == "Hello, world.")
        #expect(events.text == "Hello, world.")
        #expect(response.conversationID?.hasPrefix("c") == true)
        #expect(response.messageID == "m-\(response.conversationID!)")
        #expect(response.userMessageID == "um-\(response.conversationID!)" && response.userID == "user-9")
        #expect(response.finishReason == "stop" && response.credits == 2 && response.rounds == 1)
    }

    @Test func sendCarriesTheDeviceIDIdentityTokenAndConfiguredHeaders() async throws {
        let client = try chatbaseClient(scriptedPeer, ["headers": ["X-Extra": "yes"]])
        // A text of its own ("hello" picks the script), so the request found is this test's, not a parallel one's.
        let response = try await send(client, "hello from the headers test")
        let sent = try scriptedPeer.log().last { $0["path"] == "/agents/agent-1/chat" && $0["body"]?["message"] == "hello from the headers test" }
        #expect(sent?["headers"]?["x-device-id"] == "linux-test" && sent?["headers"]?["x-user-token"] == "tok-1")
        #expect(sent?["headers"]?["x-extra"] == "yes" && sent?["body"]?["stream"] == true)
        #expect(response.text == "Hello, world.")
    }

    @Test func aClientToolRunsOnceItsResultIsPostedAndTheConversationContinues() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let runs = Counter()
        client.register(tool("get_location", counter: runs) { args in .completed(output: ["city": "Lyon", "precision": args["precision"] ?? .null], summary: "Shared the city") })
        let events = EventLog()
        let response = try await send(client, "tool", events: events)
        let cid = try #require(response.conversationID)
        #expect(runs.count == 1)
        #expect(response.text == #"You are in {"city": "Lyon", "precision": "city"}"#)
        #expect(response.rounds == 2)
        let posted = try requests(to: "/tool-result", conversation: cid)
        #expect(posted.count == 1 && posted[0]["body"]?["toolCallId"] == .string("call_loc_\(cid)"))
        #expect(posted[0]["body"]?["output"] == ["city": "Lyon", "precision": "city"])
        #expect(events.toolCalls.map(\.1) == ["client"])
        #expect(events.toolResults.first?.1 == ["city": "Lyon", "precision": "city"])
        let call = try #require(response.toolCalls.first)
        #expect(call.executor == "client" && call.state == "output-available")
        // The steps name this user and install as who ran it, so the runner's rules hold.
        let step = try #require(events.lastSteps.first)
        #expect(step["type"] == "ai_tool_call" && step["status"] == "completed" && step["executor"] == "client")
        #expect(step["target_user_id"] == "u-1" && step["target_client_id"] == "linux-test" && step["summary"] == "Shared the city")
    }

    @Test func aToolNobodyRegisteredSendsTheNoHandlerError() async throws {
        let response = try await send(try chatbaseClient(scriptedPeer), "tool")
        let cid = try #require(response.conversationID)
        let posted = try requests(to: "/tool-result", conversation: cid)
        #expect(posted.first?["body"]?["output"] == ["error": "No handler registered for tool 'get_location'"])
        #expect(response.text.contains("No handler registered"))
    }

    @Test func aFailingHandlerSendsItsErrorAndTheLoopGoesOn() async throws {
        let client = try chatbaseClient(scriptedPeer)
        client.register(tool("get_location") { _ in .failed(reason: "boom") })
        let response = try await send(client, "tool")
        let posted = try requests(to: "/tool-result", conversation: try #require(response.conversationID))
        #expect(posted.first?["body"]?["output"] == ["error": "boom"])
        #expect(response.text == #"You are in {"error": "boom"}"#)
    }

    @Test func severalToolsOfOneStepRunOneByOneInOrder() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let order = Mutex<[String]>([])
        client.register(tool("get_location") { _ in order.withLock { $0.append("loc") }; return .completed(output: ["city": "Lyon"], summary: nil) })
        client.register(tool("get_time") { _ in order.withLock { $0.append("time") }; return .completed(output: ["t": "12:00"], summary: nil) })
        let response = try await send(client, "two")
        #expect(order.withLock { $0 } == ["loc", "time"])
        #expect(response.text == "Got call_a,call_b")
    }

    @Test func registeringTheSameNameReplacesTheHandler() async throws {
        let client = try chatbaseClient(scriptedPeer)
        client.register(tool("get_location") { _ in .completed(output: ["v": 1], summary: nil) })
        client.register(tool("get_location") { _ in .completed(output: ["v": 2], summary: nil) })
        #expect(try await send(client, "tool").text == #"You are in {"v": 2}"#)
    }

    @Test func aResultPostAnswered404IsRetriedUntilTheServerIsReady() async throws {
        let client = try chatbaseClient(scriptedPeer, ["retry_delays_ms": [1, 2, 3]])
        client.register(tool("get_location") { _ in .completed(output: ["city": "Lyon"], summary: nil) })
        let events = EventLog()
        let response = try await send(client, "notready", events: events)
        #expect(response.text == #"You are in {"city": "Lyon"}"#)
        #expect(events.warnings.filter { $0.contains("HTTP 404") }.count == 2)
    }

    @Test func aResultThatCantBeDeliveredAfterEveryRetryFailsTheSendWithIO() async throws {
        let client = try chatbaseClient(scriptedPeer, ["retry_delays_ms": [1, 1, 1]])
        client.register(tool("get_location") { _ in .completed(output: ["city": "Lyon"], summary: nil) })
        await #expect {
            _ = try await send(client, "neverready")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.contains("after 4 attempts") && e.message.contains("HTTP 500") && e.message.contains("result store down")
        }
    }

    @Test func moreToolRoundsThanTheLimitStopWithLimitNamingIt() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let runs = Counter()
        client.register(tool("get_time", counter: runs) { _ in .completed(output: [:], summary: nil) })
        await #expect {
            _ = try await send(client, "loop")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .limitExceeded && e.message.contains("max_tool_loop_steps 10")
        }
        #expect(runs.count == 10)
    }

    @Test func anOutputOver20KBIsSentAsAnErrorResult() async throws {
        let client = try chatbaseClient(scriptedPeer)
        client.register(tool("get_location") { _ in .completed(output: ["blob": .string(String(repeating: "x", count: 30_000))], summary: nil) })
        let response = try await send(client, "tool")
        let posted = try requests(to: "/tool-result", conversation: try #require(response.conversationID))
        let error = try #require(posted.first?["body"]?["output"]?["error"]?.stringValue)
        #expect(error.contains("over the limit of 20480 bytes"))
    }

    @Test func toolsTheServerRunsAreReportedAsServerCallsWithTheirResults() async throws {
        let events = EventLog()
        let response = try await send(try chatbaseClient(scriptedPeer), "servertool", events: events)
        #expect(events.toolCalls.map(\.0) == ["call_srv"] && events.toolCalls.map(\.1) == ["server"])
        #expect(events.toolResults.first?.1 == ["found": 3])
        #expect(response.toolCalls.first?.executor == "server" && response.text == "Found three.")
    }

    @Test func unknownAndMalformedChunksAreSkippedWithWarningsAndTheReplyGoesOn() async throws {
        let events = EventLog()
        let response = try await send(try chatbaseClient(scriptedPeer), "malformed", events: events)
        #expect(response.text == "Still here.")
        // Not JSON, not an object, no type, and a known chunk missing its field: four warnings; the unknown type is silent.
        #expect(response.warnings.count == 4)
        #expect(response.warnings.contains { $0.contains("\"text-delta\" chunk without a string \"delta\"") })
        #expect(!response.warnings.contains { $0.contains("future-chunk") })
    }

    @Test func slowChunksArriveAsTheyCome() async throws {
        let events = EventLog()
        let response = try await send(try chatbaseClient(scriptedPeer), "slow", events: events)
        #expect(response.text == "one two three")
        #expect(events.all.filter { if case .textDelta = $0 { return true } else { return false } }.count == 3)
    }

    @Test func aDisconnectMidStreamIsAnIOError() async throws {
        await #expect {
            _ = try await send(try chatbaseClient(scriptedPeer), "disconnect")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.contains("POST http://127.0.0.1")
        }
    }

    @Test func anHTTPErrorNamesItsStatusAndABodyExcerpt() async throws {
        await #expect {
            _ = try await send(try chatbaseClient(scriptedPeer), "http500")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.hasPrefix("HTTP 500 from POST") && e.message.contains("the model is down")
        }
    }

    @Test func aReplyWithNothingReadableIsAnError() async throws {
        await #expect {
            _ = try await send(try chatbaseClient(scriptedPeer), "nothing")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.contains("nothing readable")
        }
    }

    @Test func anErrorChunkFailsTheSendWithItsText() async throws {
        await #expect {
            _ = try await send(try chatbaseClient(scriptedPeer), "errorchunk")
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.contains("the model crashed")
        }
    }

    @Test func anAbortChunkEndsTheReplyWithWhatCame() async throws {
        let response = try await send(try chatbaseClient(scriptedPeer), "abort")
        #expect(response.text == "Stopped early" && response.finishReason == "abort")
    }

    @Test func cancelFromAnotherThreadEndsASendMidStream() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let started = DispatchSemaphore(value: 0)
        client.onEvent = { if case .textDelta = $0 { started.signal() } }
        onOwnThread {
            started.wait()
            client.cancel()
        }
        let began = ContinuousClock.now
        await #expect {
            _ = try await offPool { try client.send(message: ["text": "hang"]) }
        } throws: { error in (error as! StreamChatAIError).kind == .cancelled }
        // The server would keep the stream open for 30 s: the cancel, not the server, ended it.
        #expect(ContinuousClock.now - began < .seconds(20))
    }

    @Test func cancelEndsAToolThatWaitsForTheUser() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let definition = try AIToolDefinition(json: ["name": "get_location", "inputSchema": ["type": "object"]])
        let asked = DispatchSemaphore(value: 0)
        client.register(AIClientTool(definition: definition) { _, completion in
            asked.signal()  // and never answers: the user walked away
            _ = completion
        })
        onOwnThread {
            asked.wait()
            client.cancel()
        }
        await #expect {
            _ = try await offPool { try client.send(message: ["text": "tool"]) }
        } throws: { error in (error as! StreamChatAIError).kind == .cancelled }
    }

    @Test func aHandlerMayAnswerLaterFromAnotherThread() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let definition = try AIToolDefinition(json: ["name": "get_location", "inputSchema": ["type": "object"]])
        client.register(AIClientTool(definition: definition) { _, completion in
            DispatchQueue.global().async { _ = completion.complete(.completed(output: ["picked": "blue"], summary: nil)) }
        })
        #expect(try await send(client, "tool").text == #"You are in {"picked": "blue"}"#)
    }

    @Test func approvalRequestsAreDeclinedOnChatbaseWithAWarning() async throws {
        let response = try await send(try chatbaseClient(scriptedPeer), "approval")
        #expect(response.warnings.contains { $0.contains("can't answer") })
    }

    @Test func retryStreamsTheRetriedReply() async throws {
        let client = try chatbaseClient(scriptedPeer)
        let first = try await send(client, "hello")
        let conversation = try #require(first.conversationID)
        let again = try await offPool { try client.retry(conversationID: conversation, messageID: first.messageID) }
        #expect(again.text == "Retried." && again.messageID == "m-\(first.conversationID!)")
    }

    @Test func aCallTheLedgerKnowsIsNeverRunAgainAfterARestart() async throws {
        let path = "/tmp/sca-chat-ledger-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        defer { unlink(path); unlink(path + ".lock") }
        let runs = Counter()
        var cid = ""
        do {
            let client = try chatbaseClient(scriptedPeer, ["ledger_path": .string(path)])
            client.register(tool("get_location", counter: runs) { _ in .completed(output: ["city": "Lyon"], summary: nil) })
            cid = try #require(try await send(client, "tool").conversationID)
            client.close()
        }
        // A new client on the same ledger meets the same call id (the server repeats the round).
        let client = try chatbaseClient(scriptedPeer, ["ledger_path": .string(path)])
        client.register(tool("get_location", counter: runs) { _ in .completed(output: ["city": "Paris"], summary: nil) })
        let conversation = cid
        let again = try await offPool { try client.send(conversationID: conversation, message: ["text": "tool"]) }
        #expect(runs.count == 1)
        #expect(again.text.contains("ran the call call_loc_\(cid) before") && again.text.contains("not run again"))
    }
}
