import Testing
import StreamChatAI

@Suite struct StepsPresenterTests {
    func node(_ attachment: String, options: StepsPresentationOptions = .init()) throws -> UINode {
        let parts = try AIMessagePart.parts(fromJSON: "[\(attachment)]")
        let tree = StepsPresenter.tree(for: parts, options: options)
        try #require(tree.root.children.count == 1)
        return tree.root.children[0]
    }

    @Test func `thinking header counts seconds from when reasoning started`() throws {
        let options = StepsPresentationOptions(nowMs: 1_000_007_900, reasoningStartedMs: ["r": 1_000_000_000])
        let n = try node(#"{"type": "ai_reasoning", "id": "r", "status": "streaming"}"#, options: options)
        #expect(n.props["header"] == .string("Thinking… 7s"))
        #expect(n.props["is_thinking"] == .bool(true))
        #expect(n.props["seconds"] == .integer(7))
        #expect(try node(#"{"type": "ai_reasoning", "id": "r", "status": "streaming"}"#).props["header"] == .string("Thinking…"))
    }

    @Test func `thought header once done`() throws {
        let n = try node(#"{"type": "ai_reasoning", "id": "r", "duration_ms": 12400, "summary": "Planned"}"#)
        #expect(n.props["header"] == .string("Thought for 12s"))
        #expect(n.props["summary"] == .string("Planned"))
        #expect(try node(#"{"type": "ai_reasoning", "duration_ms": 200}"#).props["header"] == .string("Thought for 1s"))
        #expect(try node(#"{"type": "ai_reasoning"}"#).props["header"] == .string("Thought"))
    }

    @Test func `reasoning text shows as paragraphs of runs with stable ids`() throws {
        let n = try node(#"{"type": "ai_reasoning", "id": "r", "preview": "A **b**.\n\nC [d](https://e.x)"}"#)
        #expect(n.children.map(\.id) == ["r/p0", "r/p1"])
        #expect(n.children.map(\.type) == ["paragraph", "paragraph"])
        let runs = try #require(n.children[1].props["runs"]?.arrayValue)
        #expect(runs[1] == ["text": "d", "bold": false, "italic": false, "code": false, "href": "https://e.x"])
        #expect(n.events == ["toggle"])
    }

    @Test func `full reasoning text replaces the preview`() throws {
        let options = StepsPresentationOptions(reasoningDocuments: ["r": ReasoningDocument("Full.\n\nText.")])
        let n = try node(#"{"type": "ai_reasoning", "id": "r", "preview": "Full."}"#, options: options)
        #expect(n.children.count == 2)
    }

    @Test func `tool call status icons`() throws {
        let expected: [(String, String, String)] = [
            ("running", "spinner", "Running"), ("awaiting_approval", "hand", "Waiting for approval"),
            ("awaiting_authorization", "key", "Waiting for sign-in"), ("awaiting_client", "phone", "Waiting for your device"),
            ("completed", "checkmark", "Completed"), ("failed", "exclamation", "Failed"), ("cancelled", "cross", "Cancelled"),
            ("queued", "spinner", "In progress"),
        ]
        for (status, icon, label) in expected {
            let n = try node(#"{"type": "ai_tool_call", "id": "c", "name": "x", "status": "\#(status)"}"#)
            #expect(n.props["icon"] == .string(icon), "\(status)")
            #expect(n.props["status_label"] == .string(label), "\(status)")
        }
    }

    @Test func `declined shows as Declined`() throws {
        let n = try node(#"{"type": "ai_tool_call", "status": "cancelled", "approval": {"title": "T", "decision": "declined"}}"#)
        #expect(n.props["status_label"] == .string("Declined"))
        #expect(n.props["icon"] == .string("cross"))
        #expect(n.props["is_declined"] == .bool(true))
    }

    @Test func `tool title is display_title, else name`() throws {
        #expect(try node(#"{"type": "ai_tool_call", "name": "n", "display_title": "D"}"#).props["title"] == .string("D"))
        #expect(try node(#"{"type": "ai_tool_call", "name": "n"}"#).props["title"] == .string("n"))
        #expect(try node(#"{"type": "ai_tool_call"}"#).props["title"] == .string("Tool call"))
    }

    @Test func `durations`() throws {
        #expect(StepsPresenter.formatSeconds(ms: 2300) == "2.3")
        #expect(StepsPresenter.formatSeconds(ms: 4000) == "4")
        #expect(StepsPresenter.formatSeconds(ms: 9960) == "10")
        #expect(StepsPresenter.formatSeconds(ms: 15300) == "15")
        #expect(StepsPresenter.formatSeconds(ms: -5) == "0")
        let n = try node(#"{"type": "ai_tool_call", "status": "completed", "duration_ms": 2300, "summary": "S"}"#)
        #expect(n.props["duration"] == .string("2.3s"))
        #expect(n.props["summary"] == .string("S"))
    }

    @Test func `unknown kinds and newer versions get a neutral placeholder`() throws {
        let citation = try node(#"{"type": "ai_citation", "id": "c"}"#)
        #expect(citation.type == "unsupported_step")
        #expect(citation.props["text"] == .string("A step this app version can't show"))
        #expect(try node(#"{"type": "ai_tool_call", "v": 3}"#).type == "unsupported_step")
    }

    @Test func `strings go through a replaceable table`() throws {
        let strings = try StepsStrings(overrides: ["reasoning.thought_for": "Dacht {seconds} s na", "step.unsupported": "?"])
        let options = StepsPresentationOptions(strings: strings)
        #expect(try node(#"{"type": "ai_reasoning", "duration_ms": 3000}"#, options: options).props["header"] == .string("Dacht 3 s na"))
        #expect(try node(#"{"type": "ai_x"}"#, options: options).props["text"] == .string("?"))
        #expect(throws: StepsStringsError.self) { try StepsStrings(overrides: ["reasoning.thoght_for": "x"]) }
    }

    @Test func `options read from JSON, refusing unknown names with their path`() throws {
        let options = try StepsPresentationOptions(json: try JSONValue(parsing: """
            {"now_ms": 5000, "reasoning_started_ms": {"r": 1000}, "reasoning_text": {"r": "a\\n\\nb"},
             "strings": {"tool.status.running": "Läuft"}}
            """))
        #expect(options.nowMs == 5000)
        #expect(options.reasoningStartedMs["r"] == 1000)
        #expect(options.reasoningDocuments["r"]?.paragraphs.count == 2)
        #expect(options.strings.text("tool.status.running") == "Läuft")
        for (bad, path) in [(#"{"now": 1}"#, "$.now"), (#"{"now_ms": "1"}"#, "$.now_ms"),
                            (#"{"reasoning_text": {"r": 1}}"#, "$.reasoning_text.r"),
                            (#"{"strings": {"x": "y"}}"#, "$.strings.x"), ("[]", "$")] {
            let error = #expect(throws: StreamChatAIError.self) { try StepsPresentationOptions(json: try JSONValue(parsing: bad)) }
            #expect(error?.message.hasPrefix(path + ":") == true, "\(String(describing: error))")
        }
    }

    @Test func `a string's placeholders are filled by name, from a dictionary or one pair alike`() throws {
        let strings = try StepsStrings(overrides: ["tool.duration": "{seconds}s ({seconds}) {other} {", "reasoning.thought_for": "{x"])
        #expect(strings.text("tool.duration", "seconds", "2.5") == "2.5s (2.5) {other} {")
        #expect(strings.text("tool.duration", ["seconds": "2.5"]) == strings.text("tool.duration", "seconds", "2.5"))
        #expect(strings.text("tool.duration", ["other": "o", "seconds": "1"]) == "1s (1) o {")
        #expect(strings.text("tool.duration") == "{seconds}s ({seconds}) {other} {")
        #expect(strings.text("reasoning.thought_for", "x", "y") == "{x")
        #expect(strings.text("no.such.key", "a", "b") == "no.such.key")
    }

    @Test func `tree JSON has the IR shape`() throws {
        let parts = try AIMessagePart.parts(fromJSON: #"[{"type": "ai_tool_call", "id": "c"}]"#)
        let json = StepsPresenter.tree(for: parts).jsonValue
        #expect(json["ir"] == .integer(1))
        #expect(json["root"]?["id"] == .string("steps"))
        let child = try #require(json["root"]?["children"]?.arrayValue?.first?.objectValue)
        #expect(child.keys == ["id", "type", "props", "children", "events", "state", "bindings", "entrance"])
        #expect(child["state"] == .string("ready"))
    }
}
