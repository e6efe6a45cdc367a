import Testing
import StreamChatAI

@Suite struct CallTransitionTests {
    func step(_ json: String) throws -> JSONObject { try #require(try JSONValue(parsing: json).objectValue) }

    let clientApproval = #"{"type": "ai_tool_call", "id": "c", "status": "awaiting_approval", "executor": "client", "target_user_id": "u1", "target_client_id": "i1", "approval": {"title": "Share?"}, "extra": 1}"#
    let serverApproval = #"{"type": "ai_tool_call", "id": "c", "status": "awaiting_approval", "target_user_id": "u1", "approval": {"title": "Send?"}}"#

    func refusal(_ event: AIToolCallTransition.Event, _ json: String) throws -> String? {
        let s = try step(json)
        let error = #expect(throws: StreamChatAIError.self) { try AIToolCallTransition.apply(event, to: s) }
        #expect(error?.kind == .refused)
        return error?.message
    }

    @Test func `allowed moves a client tool to awaiting_client and a server tool to running`() throws {
        let client = try AIToolCallTransition.apply(.approval(allowed: true, userID: "u1", clientID: "i1"), to: try step(clientApproval))
        #expect(client["status"] == .string("awaiting_client"))
        #expect(client["approval"]?["decision"] == .string("allowed"))
        #expect(client["extra"] == .integer(1))
        let server = try AIToolCallTransition.apply(.approval(allowed: true, userID: "u1", clientID: nil), to: try step(serverApproval))
        #expect(server["status"] == .string("running"))
    }

    @Test func `declined cancels the call with decision declined`() throws {
        let next = try AIToolCallTransition.apply(.approval(allowed: false, userID: "u1", clientID: "i9"), to: try step(serverApproval))
        #expect(next["status"] == .string("cancelled"))
        #expect(next["approval"]?["decision"] == .string("declined"))
        let part = try #require(AIMessagePart(attachment: .object(next), index: 0)?.toolCall)
        #expect(part.isDeclined)
    }

    @Test func `an approval answer is refused from others, off the install, out of state, and twice`() throws {
        #expect(try refusal(.approval(allowed: true, userID: "u2", clientID: "i1"), clientApproval)?.contains("targeted user") == true)
        #expect(try refusal(.approval(allowed: true, userID: "u1", clientID: "i2"), clientApproval)?.contains("targeted install") == true)
        let answered = try AIToolCallTransition.apply(.approval(allowed: true, userID: "u1", clientID: "i1"), to: try step(clientApproval))
        let again = #expect(throws: StreamChatAIError.self) {
            try AIToolCallTransition.apply(.approval(allowed: false, userID: "u1", clientID: "i1"), to: answered)
        }
        #expect(again?.message.contains("not awaiting approval") == true)
        #expect(try refusal(.approval(allowed: true, userID: "u1", clientID: "i1"),
                            #"{"type": "ai_tool_call", "status": "awaiting_approval", "target_user_id": "u1"}"#)?.contains("no approval question") == true)
    }

    let awaitingClient = #"{"type": "ai_tool_call", "id": "c", "status": "awaiting_client", "executor": "client", "target_user_id": "u1", "target_client_id": "i1"}"#

    @Test func `a result is accepted once, from the targeted user and install, while awaiting_client`() throws {
        let done = try AIToolCallTransition.apply(.result(.completed(output: ["a": 1], summary: "Done"), userID: "u1", clientID: "i1"), to: try step(awaitingClient))
        #expect(done["status"] == .string("completed"))
        #expect(done["summary"] == .string("Done"))
        let failed = try AIToolCallTransition.apply(.result(.failed(reason: "No GPS"), userID: "u1", clientID: "i1"), to: try step(awaitingClient))
        #expect(failed["status"] == .string("failed"))
        #expect(failed["summary"] == .string("No GPS"))
        #expect(try refusal(.result(.failed(reason: "x"), userID: "u1", clientID: "i2"), awaitingClient) != nil)
        #expect(try refusal(.result(.failed(reason: "x"), userID: "u2", clientID: "i1"), awaitingClient) != nil)
        let twice = #expect(throws: StreamChatAIError.self) {
            try AIToolCallTransition.apply(.result(.failed(reason: "x"), userID: "u1", clientID: "i1"), to: done)
        }
        #expect(twice?.kind == .refused)
        let big = JSONObject([("x", .string(String(repeating: "y", count: 30_000)))])
        #expect(try refusal(.result(.completed(output: big, summary: nil), userID: "u1", clientID: "i1"), awaitingClient)?.contains("20480") == true)
    }

    let signIn = #"{"type": "ai_tool_call", "id": "c", "status": "awaiting_authorization", "target_user_id": "u1", "authorization": {"type": "oauth", "url": "https://a.x"}}"#

    @Test func `a sign-in update moves the call on`() throws {
        let connected = try AIToolCallTransition.apply(.authorization(status: "connected", userID: "u1"), to: try step(signIn))
        #expect(connected["status"] == .string("running"))
        #expect(connected["authorization"]?["status"] == .string("connected"))
        for ending in ["declined", "expired", "failed"] {
            let next = try AIToolCallTransition.apply(.authorization(status: ending, userID: "u1"), to: try step(signIn))
            #expect(next["status"] == .string("cancelled"))
            #expect(next["authorization"]?["status"] == .string(.init(ending)))
        }
        #expect(try refusal(.authorization(status: "connected", userID: "u2"), signIn) != nil)
        #expect(try refusal(.authorization(status: "maybe", userID: "u1"), signIn)?.contains("unknown sign-in status") == true)
        #expect(try refusal(.authorization(status: "connected", userID: "u1"), awaitingClient) != nil)
    }

    @Test func `events read from JSON`() throws {
        #expect(try AIToolCallTransition.Event(json: ["type": "approval", "allowed": true, "user_id": "u", "client_id": "c"]) == .approval(allowed: true, userID: "u", clientID: "c"))
        #expect(try AIToolCallTransition.Event(json: ["type": "result", "result": ["status": "failed", "error": "e"], "user_id": "u", "client_id": "c"]) == .result(.failed(reason: "e"), userID: "u", clientID: "c"))
        #expect(try AIToolCallTransition.Event(json: ["type": "authorization", "status": "connected", "user_id": "u"]) == .authorization(status: "connected", userID: "u"))
        for bad: JSONValue in [["type": "approval", "user_id": "u"], ["type": "vote"], ["type": "result", "user_id": "u", "client_id": "c"], [1]] {
            #expect(throws: StreamChatAIError.self) { try AIToolCallTransition.Event(json: bad) }
        }
    }
}

@Suite struct RegisterToolsCheckTests {
    func check(_ json: String) throws -> RegisterToolsCheck { RegisterToolsCheck(request: try JSONValue(parsing: json)) }

    @Test func `channel id and tools array are required`() throws {
        #expect(try check(#"{"tools": []}"#).response == ["error": "Missing or invalid channel_id"])
        #expect(try check(#"{"channel_id": "  ", "tools": []}"#).httpStatus == 400)
        #expect(try check(#"{"channel_id": 5, "tools": []}"#).httpStatus == 400)
        #expect(try check(#"{"channel_id": "c1"}"#).response == ["error": "Missing or invalid tools array"])
        #expect(try check(#"{"channel_id": "c1", "tools": {}}"#).httpStatus == 400)
        #expect(try check(#"{"channel_id": "bad id", "tools": []}"#).response == ["error": "Invalid channel_id"])
        #expect(try check("null").httpStatus == 400)
    }

    @Test func `valid tools are sanitized and invalid ones listed`() throws {
        let result = try check("""
            {"channel_id": "  messaging-42 ", "tools": [
              {"name": " greet ", "description": " Say hi ", "instructions": "  ", "parameters": {"type": "object"}, "show_external_sources_indicator": true},
              {"name": "noDescription"},
              {"description": "no name"},
              "junk",
              {"name": "web", "description": "Search", "instructions": " Use for news ", "parameters": [1], "showExternalSourcesIndicator": false, "show_external_sources_indicator": true}
            ]}
            """)
        #expect(result.httpStatus == 200)
        #expect(result.channelID == "messaging-42")
        #expect(result.response == ["message": "Client tools registered", "channel_id": "messaging-42", "count": 2,
                                    "invalid_tools": ["noDescription", "tool_02", "tool_03"]])
        #expect(result.tools == [
            ["name": "greet", "description": "Say hi", "parameters": ["type": "object"], "showExternalSourcesIndicator": true],
            ["name": "web", "description": "Search", "instructions": "Use for news", "showExternalSourcesIndicator": false],
        ])
    }

    @Test func `no valid tool is an error listing them, an empty list is fine`() throws {
        let none = try check(#"{"channel_id": "c", "tools": [{"name": "a"}, null]}"#)
        #expect(none.httpStatus == 400)
        #expect(none.response == ["error": "No valid tools provided", "invalid_tools": ["a", "tool_01"]])
        let empty = try check(#"{"channel_id": "c", "tools": []}"#)
        #expect(empty.httpStatus == 200)
        #expect(empty.response == ["message": "Client tools registered", "channel_id": "c", "count": 0])
    }
}
