import Testing
import StreamChatAI

@Suite struct StepsDecodingTests {
    func parts(_ json: String) throws -> [AIMessagePart] {
        try AIMessagePart.parts(fromJSON: json)
    }

    func part(_ json: String) throws -> AIMessagePart {
        let all = try parts("[\(json)]")
        try #require(all.count == 1)
        return all[0]
    }

    @Test func `only types starting with exactly ai_ become parts, in order`() throws {
        let all = try parts("""
            [{"type": "image"}, {"type": "ai_tool_call", "id": "a"}, "text", 42, null,
             {"type": "AI_reasoning"}, {"type": "ai"}, {"type": "xai_thing"}, {"type": 7}, {"id": "x"},
             {"type": "ai_reasoning", "id": "b"}, {"type": "ai_citation", "id": "c"}]
            """)
        #expect(all.map(\.id) == ["a", "b", "c"])
        #expect(all.map(\.kind) == [.toolCall, .reasoning, "ai_citation"])
    }

    @Test func `a missing id is the type and the index in the attachment list`() throws {
        let all = try parts(#"[{"type": "image"}, {"type": "ai_reasoning"}, {"type": "ai_tool_call", "id": ""}, {"type": "ai_tool_call", "id": 5}]"#)
        #expect(all.map(\.id) == ["ai_reasoning-1", "ai_tool_call-2", "ai_tool_call-3"])
        #expect(all.allSatisfy { !$0.hasOwnID })
        #expect(all[1].toolCall?.hasOwnID == false)
    }

    @Test func `v defaults to 1 and a newer v has no typed view`() throws {
        #expect(try part(#"{"type": "ai_reasoning"}"#).version == 1)
        let newer = try part(#"{"type": "ai_tool_call", "id": "t", "v": 2, "name": "x", "extra": [1]}"#)
        #expect(newer.version == 2)
        #expect(newer.toolCall == nil)
        #expect(newer.reasoning == nil)
        #expect(!newer.isSupported)
        #expect(newer.kind == .toolCall)
        #expect(newer.id == "t")
        #expect(newer.payload["extra"] == .array([.integer(1)]))
    }

    @Test func `v of the wrong type reads as missing; a fraction counts as newer`() throws {
        #expect(try part(#"{"type": "ai_reasoning", "v": "2"}"#).reasoning != nil)
        #expect(try part(#"{"type": "ai_reasoning", "v": true}"#).version == 1)
        #expect(try part(#"{"type": "ai_reasoning", "v": 0}"#).reasoning != nil)
        #expect(try part(#"{"type": "ai_reasoning", "v": -3}"#).isSupported)
        #expect(try part(#"{"type": "ai_reasoning", "v": 1.0}"#).reasoning != nil)
        #expect(try part(#"{"type": "ai_reasoning", "v": 1.5}"#).reasoning == nil)
        #expect(try part(#"{"type": "ai_reasoning", "v": 1e300}"#).version == Int.max)
    }

    @Test func `reasoning status defaults to completed and unknown values are kept`() throws {
        #expect(try part(#"{"type": "ai_reasoning"}"#).reasoning?.status == .completed)
        #expect(try part(#"{"type": "ai_reasoning", "status": ""}"#).reasoning?.status == .completed)
        #expect(try part(#"{"type": "ai_reasoning", "status": 3}"#).reasoning?.status == .completed)
        #expect(try part(#"{"type": "ai_reasoning", "status": "streaming"}"#).reasoning?.isStreaming == true)
        #expect(try part(#"{"type": "ai_reasoning", "status": "pondering"}"#).reasoning?.status.rawValue == "pondering")
    }

    @Test func `reasoning fields read leniently`() throws {
        let r = try #require(try part(#"{"type": "ai_reasoning", "summary": "S", "preview": "P", "duration_ms": 1200}"#).reasoning)
        #expect(r.summary == "S")
        #expect(r.preview == "P")
        #expect(r.durationMs == 1200)
        let wrong = try #require(try part(#"{"type": "ai_reasoning", "summary": 1, "preview": "", "duration_ms": "1200"}"#).reasoning)
        #expect(wrong.summary == nil)
        #expect(wrong.preview == nil)
        #expect(wrong.durationMs == nil)
        #expect(try part(#"{"type": "ai_reasoning", "duration_ms": 12.9}"#).reasoning?.durationMs == 12)
        #expect(try part(#"{"type": "ai_reasoning", "duration_ms": true}"#).reasoning?.durationMs == nil)
    }

    @Test func `tool call status defaults to running and executor to server`() throws {
        let call = try #require(try part(#"{"type": "ai_tool_call", "id": "c"}"#).toolCall)
        #expect(call.status == .running)
        #expect(call.executor == .server)
        let odd = try #require(try part(#"{"type": "ai_tool_call", "status": "queued", "executor": "edge"}"#).toolCall)
        #expect(odd.status.rawValue == "queued")
        #expect(odd.executor.rawValue == "edge")
        #expect(!odd.status.isFinished)
    }

    @Test func `tool call fields read leniently`() throws {
        let call = try #require(try part("""
            {"type": "ai_tool_call", "id": "c", "name": "get_weather", "display_title": "Checking",
             "status": "awaiting_client", "executor": "client", "target_user_id": "u", "target_client_id": "i",
             "arguments": {"city": "Oslo"}, "summary": "Done", "duration_ms": 20}
            """).toolCall)
        #expect(call.name == "get_weather")
        #expect(call.displayTitle == "Checking")
        #expect(call.title == "Checking")
        #expect(call.targetUserID == "u")
        #expect(call.targetClientID == "i")
        #expect(call.arguments?["city"] == .string("Oslo"))
        #expect(call.summary == "Done")
        #expect(call.durationMs == 20)
        let wrong = try #require(try part(#"{"type": "ai_tool_call", "name": 1, "target_user_id": "", "arguments": [1]}"#).toolCall)
        #expect(wrong.name == nil)
        #expect(wrong.targetUserID == nil)
        #expect(wrong.arguments == nil)
        #expect(wrong.title == nil)
    }

    @Test func `arguments decode into the caller's types`() throws {
        struct Args: Decodable, Equatable { let city: String; let days: Int; let unitSystem: String? }
        let call = try #require(try part(#"{"type": "ai_tool_call", "arguments": {"city": "Oslo", "days": 3, "unit_system": "metric"}}"#).toolCall)
        #expect(try call.decodeArguments(as: Args.self, keys: .convertFromSnakeCase) == Args(city: "Oslo", days: 3, unitSystem: "metric"))
        #expect(throws: DecodingError.self) { try call.decodeArguments(as: [String: Bool].self) }
    }

    @Test func `approval without a title is no question`() throws {
        #expect(try part(#"{"type": "ai_tool_call", "approval": {"message": "m"}}"#).toolCall?.approval == nil)
        #expect(try part(#"{"type": "ai_tool_call", "approval": {"title": ""}}"#).toolCall?.approval == nil)
        #expect(try part(#"{"type": "ai_tool_call", "approval": "yes"}"#).toolCall?.approval == nil)
        let approval = try #require(try part("""
            {"type": "ai_tool_call", "approval": {"title": "T", "message": "M", "reason": "R",
             "allow_title": "A", "decline_title": "D", "decision": "maybe"}}
            """).toolCall?.approval)
        #expect(approval.title == "T")
        #expect(approval.message == "M")
        #expect(approval.reason == "R")
        #expect(approval.allowTitle == "A")
        #expect(approval.declineTitle == "D")
        #expect(approval.decision?.rawValue == "maybe")
    }

    @Test func `authorization fields and type default`() throws {
        let auth = try #require(try part("""
            {"type": "ai_tool_call", "authorization": {"provider": "linear", "provider_name": "Linear", "title": "Connect",
             "message": "M", "url": "https://a.example/x", "handoff_token": "h_1", "expires_at": "2026-10-21T21:42:19Z",
             "status": "connected"}}
            """).toolCall?.authorization)
        #expect(auth.type == "oauth")
        #expect(auth.provider == "linear")
        #expect(auth.providerName == "Linear")
        #expect(auth.title == "Connect")
        #expect(auth.message == "M")
        #expect(auth.expiresAt == "2026-10-21T21:42:19Z")
        #expect(auth.status == .connected)
        #expect(auth.launchURL == "https://a.example/x#h_1")
        #expect(try part(#"{"type": "ai_tool_call", "authorization": 1}"#).toolCall?.authorization == nil)
    }

    @Test func `launch URL only for http or https with a host`() throws {
        func launch(_ url: String, token: String? = "tok") throws -> String? {
            let tokenField = token.map { #", "handoff_token": "\#($0)""# } ?? ""
            return try part(#"{"type": "ai_tool_call", "authorization": {"url": "\#(url)"\#(tokenField)}}"#).toolCall?.authorization?.launchURL
        }
        #expect(try launch("https://agent.example.com/launch") == "https://agent.example.com/launch#tok")
        #expect(try launch("HTTP://agent.example.com:8080/x?y=1") == "HTTP://agent.example.com:8080/x?y=1#tok")
        #expect(try launch("https://agent.example.com/x#old") == "https://agent.example.com/x#tok")
        #expect(try launch("http://127.0.0.1/cb", token: nil) == "http://127.0.0.1/cb")
        #expect(try launch("https://[::1]:9/x") == "https://[::1]:9/x#tok")
        #expect(try launch("https://a.example/x", token: "a b#c") == "https://a.example/x#a%20b%23c")
        #expect(try launch("https://a.example/x#old", token: nil) == "https://a.example/x")
        #expect(try launch("hTtPs://a.example") == "hTtPs://a.example#tok")
        #expect(try launch("https://u:p@a.example:443/x") == "https://u:p@a.example:443/x#tok")
        #expect(try launch("https://a.example/x", token: "é/?") == "https://a.example/x#%C3%A9/?")
        #expect(WebURL.scheme(of: "HTTPS://a") == "https" && WebURL.scheme(of: "1http://a") == nil && WebURL.scheme(of: "a") == nil)
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "https:///nohost", "https://", "ftp://host/x",
                    "https://user@/x", "https://host:port/x", "https://ho st/x", "mailto:a@b.c", "//host/x",
                    "httpx://host/x", "http:/host", "https://[]/x", "https://[::1/x", "https://host:/x\u{7F}", ":x"] {
            #expect(try launch(bad) == nil, "\(bad) must not launch")
        }
    }

    @Test func `is_declined: cancelled with a declined approval or sign-in`() throws {
        #expect(try part(#"{"type": "ai_tool_call", "status": "cancelled", "approval": {"title": "T", "decision": "declined"}}"#).toolCall?.isDeclined == true)
        #expect(try part(#"{"type": "ai_tool_call", "status": "cancelled", "authorization": {"status": "declined"}}"#).toolCall?.isDeclined == true)
        #expect(try part(#"{"type": "ai_tool_call", "status": "cancelled", "authorization": {"status": "expired"}}"#).toolCall?.isDeclined == false)
        #expect(try part(#"{"type": "ai_tool_call", "status": "cancelled"}"#).toolCall?.isDeclined == false)
        #expect(try part(#"{"type": "ai_tool_call", "status": "failed", "approval": {"title": "T", "decision": "declined"}}"#).toolCall?.isDeclined == false)
    }

    @Test func `own kinds keep their payload for the app to decode`() throws {
        struct Citation: Decodable, Equatable { let url: String; let sourceTitle: String }
        let p = try part(#"{"type": "ai_citation", "id": "c1", "url": "https://e.x", "source_title": "E"}"#)
        #expect(p.reasoning == nil && p.toolCall == nil)
        #expect(p.isSupported)
        #expect(try p.decode(Citation.self, keys: .convertFromSnakeCase) == Citation(url: "https://e.x", sourceTitle: "E"))
    }

    @Test func `decoded parts re-read as parts keep their positional ids`() throws {
        let original = try parts(#"[{"type": "image"}, {"type": "ai_reasoning", "preview": "p"}]"#)
        let reread = AIMessagePart.parts(fromPartsOrAttachments: original.map(\.jsonValue))
        #expect(reread == original)
    }

    @Test func `JSON form has every field, absent ones as null`() throws {
        let value = try part(#"{"type": "ai_tool_call", "id": "c", "authorization": {"url": "https://h/x"}}"#).jsonValue
        let call = try #require(value["tool_call"]?.objectValue)
        #expect(call.keys == ["id", "has_own_id", "name", "display_title", "status", "executor", "target_user_id",
                              "target_client_id", "arguments", "summary", "duration_ms", "approval", "authorization", "is_declined"])
        #expect(call["name"] == .null)
        #expect(call["authorization"]?["launch_url"] == .string("https://h/x"))
        #expect(value["reasoning"] == .null)
        #expect(value.objectValue?.keys == ["kind", "id", "has_own_id", "v", "supported", "payload", "reasoning", "tool_call"])
    }

    @Test func `a non-array document is refused with a reason`() {
        #expect(throws: JSONError.self) { try AIMessagePart.parts(fromJSON: #"{"type": "ai_reasoning"}"#) }
    }
}
