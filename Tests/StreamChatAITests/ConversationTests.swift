import Testing
@testable import StreamChatAI

/// The conversation model: messages in arrival order, each with its text,
/// steps, this viewer's prompts and generative UI, as one tree with diffs.
@Suite struct ConversationTests {
    func conversation(now: Int64? = nil) -> AIConversation {
        AIConversation(configuration: .init(viewer: AIToolViewer(userID: "u1", clientID: "i1", nowMs: now)),
                       host: AIUIHost(renderers: [ListRenderer()]))
    }

    func message(_ json: String) throws -> JSONValue { try JSONValue(parsing: json) }

    static let approval = #"{"type": "ai_tool_call", "id": "c1", "name": "share_location", "status": "awaiting_approval", "executor": "client", "target_user_id": "u1", "target_client_id": "i1", "approval": {"title": "Share your location?", "reason": "to check the weather"}}"#

    @Test func `messages keep the order they first arrived in; a later update changes one in place`() throws {
        let c = conversation()
        try c.update(message(#"{"id": "a", "text": "Hi", "user": {"id": "u1"}}"#))
        try c.update(message(#"{"id": "b", "text": "Hel"}"#))
        try c.update(message(#"{"id": "b", "text": "Hello there"}"#))
        let (root, _) = c.render()
        #expect(root.type == "conversation" && root.children.map(\.id) == ["a", "b"])
        #expect(root.children[0].props["mine"] == true && root.children[0].props["author"] == "u1")
        #expect(root.children[1].props["mine"] == false && root.children[1].props["author"] == .null)
        #expect(root.find("b/text")?.props["text"] == "Hello there")
    }

    @Test func `the first render's ops build it from nothing; later ones say only what changed`() throws {
        let c = conversation()
        try c.update(message(#"{"id": "a", "text": "Hi"}"#))
        let first = c.render()
        #expect(first.ops.count == 1)
        guard case .insert(let parent, 0, let node)? = first.ops.first else { Issue.record("expected an insert"); return }
        #expect(parent == "conversation" && node.id == "a")
        try c.update(message(#"{"id": "a", "text": "Hi!"}"#))
        let second = c.render()
        #expect(second.ops == [.update(id: "a/text", props: ["text": "Hi!"], state: .ready, events: [], bindings: [:], entrance: 0)])
        #expect(c.render().ops.isEmpty)
    }

    @Test func `steps render under the message with ids made unique by the message's`() throws {
        let c = conversation()
        let reasoning = #"{"type": "ai_reasoning", "id": "r1", "status": "completed", "duration_ms": 7600, "preview": "Planning"}"#
        try c.update(message(#"{"id": "m1", "attachments": [\#(reasoning)]}"#))
        try c.update(message(#"{"id": "m2", "attachments": [\#(reasoning)]}"#))
        let (root, _) = c.render()
        #expect(root.find("m1/steps")?.type == "steps" && root.find("m2/steps")?.type == "steps")
        #expect(root.find("m1/r1")?.type == "reasoning" && root.find("m2/r1")?.type == "reasoning")
        var ids: [String] = []
        root.walk { node, _ in ids.append(node.id) }
        #expect(Set(ids).count == ids.count)
    }

    @Test func `an approval shows only to the targeted user and install`() throws {
        let mine = conversation()
        try mine.update(message(#"{"id": "m", "attachments": [\#(Self.approval)]}"#))
        let node = try #require(mine.render().root.find("m/approval/c1"))
        #expect(node.props["title"] == "Share your location?" && node.props["lines"] == ["To check the weather."])
        #expect(node.events == ["allow", "decline"] && node.props["call_id"] == "c1")
        let other = AIConversation(configuration: .init(viewer: AIToolViewer(userID: "u1", clientID: "another-install")))
        try other.update(message(#"{"id": "m", "attachments": [\#(Self.approval)]}"#))
        #expect(other.render().root.find("m/approval/c1") == nil)
        #expect(other.render().root.find("m/c1")?.type == "tool_call")
    }

    @Test func `a sign-in past its expiry offers only Not now`() throws {
        let signIn = #"{"type": "ai_tool_call", "id": "c2", "status": "awaiting_authorization", "executor": "server", "target_user_id": "u1", "authorization": {"type": "oauth", "provider": "github", "url": "https://auth.example/start", "handoff_token": "h1", "expires_at": "2026-01-01T00:00:00Z"}}"#
        let before = conversation(now: 1_700_000_000_000)
        try before.update(message(#"{"id": "m", "attachments": [\#(signIn)]}"#))
        #expect(before.render().root.find("m/sign_in/c2")?.events == ["connect", "dismiss"])
        let after = conversation(now: 1_800_000_000_000)
        try after.update(message(#"{"id": "m", "attachments": [\#(signIn)]}"#))
        let node = try #require(after.render().root.find("m/sign_in/c2"))
        #expect(node.events == ["dismiss"] && node.props["is_expired"] == true && node.props["title"] == "Connect github")
    }

    @Test func `generative UI from custom data or from a fence in the text renders under the message`() throws {
        let c = conversation()
        try c.update(message(#"{"id": "m1", "text": "Pick one", "custom": \#(JSONSerializer.string(try uiData(#"[{"id": "x", "title": "X"}]"#)))}"#))
        try c.update(message(#"{"id": "m2", "text": "Before\n```list-json\n[{\"id\": \"y\", \"title\": \"Y\"}]\n```\nAfter"}"#))
        let (root, _) = c.render()
        #expect(root.find("m1/ui")?.props["format"] == "list")
        #expect(root.find("m1/x")?.props["title"] == "X")
        #expect(root.find("m2/y")?.props["title"] == "Y")
        #expect(root.find("m2/text")?.props["text"]?.stringValue?.contains("```") == false)
        #expect(root.find("m2/text")?.props["text"]?.stringValue?.contains("After") == true)
    }

    @Test func `a deleted message leaves the tree`() throws {
        let c = conversation()
        try c.update(message(#"{"id": "a", "text": "Hi"}"#))
        try c.update(message(#"{"id": "b", "text": "Bye"}"#))
        _ = c.render()
        try c.update(message(#"{"id": "a", "deleted": true}"#))
        let (root, ops) = c.render()
        #expect(root.children.map(\.id) == ["b"] && ops == [.remove(id: "a")])
        #expect(c.messageIDs == ["b"])
    }

    @Test func `a bad update is an error that names its path, and changes nothing`() throws {
        let c = conversation()
        try c.update(message(#"{"id": "a", "text": "Hi"}"#))
        let bad: [(String, String)] = [
            ("[]", "$"), (#"{"text": "x"}"#, "$.id"), (#"{"id": ""}"#, "$.id"), (#"{"id": "a", "text": 5}"#, "$.text"),
            (#"{"id": "a", "attachments": {}}"#, "$.attachments"), (#"{"id": "a", "custom": "x"}"#, "$.custom"),
        ]
        for (json, path) in bad {
            #expect { try c.update(message(json)) } throws: { error in (error as! StreamChatAIError).message.hasPrefix(path) }
        }
        #expect(c.render().root.find("a/text")?.props["text"] == "Hi")
    }

    @Test func `a config names a bad setting by its path`() throws {
        #expect { try AIConversation.Configuration(json: ["user_id": "u"]) } throws: { ($0 as! StreamChatAIError).message.hasPrefix("$.client_id") }
        #expect { try AIConversation.Configuration(json: ["user_id": "u", "client_id": "i", "colour": 1]) } throws: {
            ($0 as! StreamChatAIError).message.hasPrefix("$.colour")
        }
        #expect { try AIConversation.Configuration(json: ["user_id": "u", "client_id": "i", "strings": ["no.such": "x"]]) } throws: {
            ($0 as! StreamChatAIError).message.contains("no.such")
        }
        let read = try AIConversation.Configuration(json: ["user_id": "u", "client_id": "i", "now_ms": 5, "ui": ["renderers": []]])
        #expect(read.viewer == AIToolViewer(userID: "u", clientID: "i", nowMs: 5) && read.steps.nowMs == 5)
    }
}
