import Synchronization
import Testing
@testable import StreamChatAI
@testable import StreamChatClient
import TestSupport

/// pydantic-ai's VercelAIAdapter (Tests/Peers/ui_stream_server.py), one for the whole run.
let uiStreamPeer: PeerProcess = try! PeerProcess("ui_stream_server.py", sdk: true)

private func locationTool(_ output: JSONObject = ["city": "Lyon"]) -> AIClientTool {
    tool("get_location") { _ in .completed(output: output, summary: "Shared the city") }
}

@Suite(.serialized) struct UIMessageStreamPeerTests {
    /// The peer (uvicorn takes a second or two) starts off the pool.
    init() async throws { _ = try await offPool { uiStreamPeer.port } }

    @Test func textReasoningAServerToolAndAClientToolRoundTrip() async throws {
        let client = try uiClient(uiStreamPeer)
        client.register(locationTool())
        let events = EventLog()
        client.onEvent = { events.take($0) }
        let response = try await offPool { try client.send(message: ["text": "weather please"]) }
        #expect(response.text == "Let me check.\n\n" + #"You are in {"city": "Lyon"}. Done."#)
        #expect(events.text == "Let me check." + #"You are in {"city": "Lyon"}. Done."#)
        #expect(response.rounds == 2 && response.finishReason == "stop")
        #expect(response.toolCalls.map(\.id) == ["call_wx_1", "call_loc_1"])
        #expect(response.toolCalls.map(\.executor) == ["server", "client"])
        #expect(response.toolCalls[0].output == ["city": "Paris", "tempC": 21])
        #expect(events.toolCalls.map(\.0) == ["call_wx_1", "call_loc_1"])
        #expect(events.toolResults.map(\.0) == ["call_wx_1", "call_loc_1"])
        // The reasoning and both calls surface as steps the steps view and the runner read.
        let parts = AIMessagePart.parts(from: response.attachments)
        #expect(parts.map(\.kind) == [.reasoning, .toolCall, .toolCall])
        #expect(parts[0].reasoning?.preview == "User wants weather; call get_weather." && parts[0].reasoning?.status == .completed)
        #expect(parts[1].toolCall?.executor == .server && parts[1].toolCall?.status == .completed)
        #expect(parts[2].toolCall?.executor == .client && parts[2].toolCall?.targetClientID == "linux-test")
    }

    @Test func theContinuationCarriesTheToolPartAsOutputAvailable() async throws {
        let client = try uiClient(uiStreamPeer)
        client.register(locationTool())
        let response = try await offPool { try client.send(message: ["text": "weather"]) }
        let conversation = try #require(response.conversationID)
        let history = try #require(client.history(of: conversation))
        #expect(history.count == 2 && history[0]["role"] == "user" && history[1]["role"] == "assistant")
        let parts = try #require(history[1]["parts"]?.arrayValue)
        let location = try #require(parts.first { $0["toolCallId"] == "call_loc_1" })
        #expect(location["type"] == "tool-get_location" && location["state"] == "output-available")
        #expect(location["input"] == ["precision": "city"] && location["output"] == ["city": "Lyon"])
    }

    @Test func aFailedClientToolGoesBackAsOutputError() async throws {
        let client = try uiClient(uiStreamPeer)
        client.register(tool("get_location") { _ in .failed(reason: "permission denied") })
        let response = try await offPool { try client.send(message: ["text": "weather"]) }
        #expect(response.text.hasSuffix("You are in permission denied. Done."))
        #expect(response.toolCalls.last?.state == "output-error" && response.toolCalls.last?.output == ["error": "permission denied"])
    }

    @Test func severalClientToolsInOneStepAllRunBeforeTheContinuation() async throws {
        let client = try uiClient(uiStreamPeer)
        client.register(locationTool())
        client.register(tool("get_time") { _ in .completed(output: ["time": "12:00"], summary: nil) })
        let response = try await offPool { try client.send(message: ["text": "two tools"]) }
        #expect(response.text == #"Got get_location={"city": "Lyon"}; get_time={"time": "12:00"}"#)
        #expect(response.rounds == 2 && response.toolCalls.map(\.executor) == ["client", "client"])
    }

    @Test func anApprovalTheApproverAllowsLetsTheServerRunTheTool() async throws {
        let client = try uiClient(uiStreamPeer)
        let asked = Mutex<[AIChatApprovalRequest]>([])
        client.approver = { request in asked.withLock { $0.append(request) }; return true }
        let response = try await offPool { try client.send(message: ["text": "approve the delete"]) }
        #expect(asked.withLock { $0.map(\.toolName) } == ["delete_file"])
        #expect(asked.withLock { $0.first?.input } == ["path": "/x"])
        #expect(response.text == "Outcome: delete_file=deleted /x")
        #expect(response.toolCalls.first?.state == "output-available" && response.toolCalls.first?.executor == "server")
    }

    @Test func withoutAnApproverTheRequestIsDeclined() async throws {
        let client = try uiClient(uiStreamPeer)
        let response = try await offPool { try client.send(message: ["text": "approve the delete"]) }
        #expect(response.toolCalls.first?.state == "output-denied")
        #expect(!response.text.contains("deleted /x"))
    }

    @Test func aSecondSendContinuesTheSameConversation() async throws {
        let client = try uiClient(uiStreamPeer)
        let first = try await offPool { try client.send(message: ["text": "hello"]) }
        let second = try await offPool { try client.send(conversationID: first.conversationID, message: ["text": "hello again"]) }
        #expect(second.conversationID == first.conversationID && second.text == "Hello there.")
        #expect(client.history(of: first.conversationID!)?.count == 4)
    }

    @Test func retryRegeneratesTheReply() async throws {
        let client = try uiClient(uiStreamPeer)
        let first = try await offPool { try client.send(message: ["text": "hello"]) }
        let again = try await offPool { try client.retry(conversationID: first.conversationID!, messageID: first.messageID) }
        #expect(again.text == "Hello there." && client.history(of: first.conversationID!)?.count == 2)
        await #expect {
            _ = try await offPool { try client.retry(conversationID: first.conversationID!, messageID: "no-such") }
        } throws: { ($0 as! StreamChatAIError).kind == .notFound }
    }

    @Test func aServerRejectionIsAnIOErrorWithTheBodyExcerpt() async throws {
        let client = try AIChatClient(configuration: .init(json: ["url": .string(uiStreamPeer.base + "/nowhere")]))
        await #expect {
            _ = try await offPool { try client.send(message: ["text": "hello"]) }
        } throws: { error in
            let e = error as! StreamChatAIError
            return e.kind == .io && e.message.hasPrefix("HTTP 404 from POST")
        }
    }
}
