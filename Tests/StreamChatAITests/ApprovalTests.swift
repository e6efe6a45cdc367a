import Synchronization
import Testing
import StreamChatAI

@Suite struct ApprovalTests {
    let viewer = AIToolViewer(userID: "u1", clientID: "i1", nowMs: 1_000)

    func call(_ json: String) throws -> AIToolCallPart {
        try #require(try AIMessagePart.parts(fromJSON: "[\(json)]").first?.toolCall)
    }

    func approvalCall(status: String = "awaiting_approval", user: String = "u1", client: String? = "i1",
                      executor: String = "client", approval: String = #"{"title": "Share your location?", "reason": "to check the weather", "message": "Only the city."}"#) -> String {
        let clientField = client.map { #", "target_client_id": "\#($0)""# } ?? ""
        return #"{"type": "ai_tool_call", "id": "c1", "status": "\#(status)", "executor": "\#(executor)", "target_user_id": "\#(user)"\#(clientField), "approval": \#(approval)}"#
    }

    @Test func `the question shows to the targeted user on the targeted install while awaiting approval`() throws {
        let prompts = AIToolPrompts(call: try call(approvalCall()), viewer: viewer)
        #expect(prompts.approval?.title == "Share your location?")
        #expect(prompts.approval?.lines == ["To check the weather.", "Only the city."])
        #expect(prompts.approval?.allowTitle == "Allow")
        #expect(prompts.approval?.declineTitle == "Don't Allow")
    }

    @Test func `the question hides from others, after it was answered, and without a title`() throws {
        #expect(AIToolPrompts(call: try call(approvalCall(user: "u2")), viewer: viewer).approval == nil)
        #expect(AIToolPrompts(call: try call(approvalCall(client: "i2")), viewer: viewer).approval == nil)
        #expect(AIToolPrompts(call: try call(approvalCall(client: nil)), viewer: viewer).approval == nil)
        #expect(AIToolPrompts(call: try call(approvalCall(status: "awaiting_client")), viewer: viewer).approval == nil)
        #expect(AIToolPrompts(call: try call(approvalCall(approval: #"{"message": "m"}"#)), viewer: viewer).approval == nil)
    }

    @Test func `a server tool's question shows on any of the user's installs`() throws {
        #expect(AIToolPrompts(call: try call(approvalCall(client: "i2", executor: "server")), viewer: viewer).approval != nil)
        #expect(AIToolPrompts(call: try call(approvalCall(client: nil, executor: "server")), viewer: viewer).approval != nil)
    }

    @Test func `answering is sending, then sent; a failed send can be answered again`() async throws {
        let attempts = Mutex(0)
        let approver = AIToolApprover(viewer: viewer) { _, _ in
            let n = attempts.withLock { $0 += 1; return $0 }
            if n == 1 { throw StreamChatAIError(.internal, "offline") }
        }
        let c = try call(approvalCall())
        #expect(await approver.answer(c, allowed: true) == false)
        #expect(approver.answerState("c1") == .failed("offline"))
        #expect(await approver.answer(c, allowed: true))
        #expect(approver.answerState("c1") == .sent)
        #expect(await approver.answer(c, allowed: false) == false)
        #expect(attempts.withLock { $0 } == 2)
        approver.update(try AIMessagePart.parts(fromJSON: "[\(approvalCall(status: "awaiting_client"))]"))
        #expect(approver.answerState("c1") == .idle)
    }

    func signInCall(status: String = "awaiting_authorization", user: String = "u1", type: String = "oauth",
                    url: String = "https://agent.example.com/launch", expires: String = "2100-01-01T00:00:00Z") -> String {
        #"{"type": "ai_tool_call", "id": "s1", "status": "\#(status)", "target_user_id": "\#(user)", "authorization": {"type": "\#(type)", "provider": "linear", "provider_name": "Linear", "url": "\#(url)", "handoff_token": "h1", "expires_at": "\#(expires)"}}"#
    }

    @Test func `a sign-in shows only to the targeted user, while awaiting, for oauth, with a launch URL`() throws {
        let shown = AIToolPrompts(call: try call(signInCall()), viewer: viewer).signIn
        #expect(shown?.launchURL == "https://agent.example.com/launch#h1")
        #expect(shown?.title == "Connect Linear")
        #expect(shown?.isExpired == false)
        #expect(AIToolPrompts(call: try call(signInCall(user: "u2")), viewer: viewer).signIn == nil)
        #expect(AIToolPrompts(call: try call(signInCall(status: "running")), viewer: viewer).signIn == nil)
        #expect(AIToolPrompts(call: try call(signInCall(type: "api_key")), viewer: viewer).signIn == nil)
        #expect(AIToolPrompts(call: try call(signInCall(url: "javascript:alert(1)")), viewer: viewer).signIn == nil)
        #expect(AIToolPrompts(call: try call(signInCall(expires: "1970-01-01T00:00:00.5Z")), viewer: viewer).signIn?.isExpired == true)
    }

    @Test func `connect yields the launch URL; the return decides connecting or connect again`() async throws {
        let declines = Mutex(0)
        let approver = AIToolApprover(viewer: viewer, callbackScheme: "com.example.app",
                                      declineSignIn: { _ in declines.withLock { $0 += 1 } }, decide: { _, _ in })
        let c = try call(signInCall())
        #expect(approver.connect(c) == "https://agent.example.com/launch#h1")
        #expect(approver.signInState("s1") == .awaitingReturn)
        #expect(!approver.handleReturn(c, url: "com.example.app://signin?status=cancelled"))
        #expect(approver.signInState("s1") == .idle)
        #expect(approver.handleReturn(c, url: "com.example.app://signin?status=connected"))
        #expect(approver.signInState("s1") == .connecting)
        #expect(await approver.decline(c))
        #expect(declines.withLock { $0 } == 1)
        let noAuthorizer = AIToolApprover(viewer: viewer) { _, _ in }
        #expect(noAuthorizer.prompts(for: c).signIn == nil)
    }

    @Test func `sign-in returns are parsed`() {
        #expect(AIToolSignInReturn(url: "com.example.app://cb?x=1&status=connected", callbackScheme: "com.example.app").isConnected)
        #expect(!AIToolSignInReturn(url: "other://cb?status=connected", callbackScheme: "com.example.app").isConnected)
        #expect(AIToolSignInReturn(url: "com.example.app://cb?status=failed", callbackScheme: "com.example.app").status == "failed")
        #expect(AIToolSignInReturn(url: "com.example.app://cb", callbackScheme: "com.example.app").status == nil)
    }

    @Test func `RFC 3339 times convert to epoch milliseconds`() {
        #expect(RFC3339.epochMilliseconds("1970-01-01T00:00:00Z") == 0)
        #expect(RFC3339.epochMilliseconds("2026-10-21T21:42:19.834Z") == 1_792_618_939_834)
        #expect(RFC3339.epochMilliseconds("1970-01-01T01:00:00+01:00") == 0)
        #expect(RFC3339.epochMilliseconds("yesterday") == nil)
    }
}
