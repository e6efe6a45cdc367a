import Testing
@testable import StreamChatAI
@testable import StreamChatClient

/// Reads SSE text into a reply the way a send does.
private func fold(_ events: [String], into reply: inout ChatReply) -> [String] {
    var sse = SSEDecoder()
    var warnings: [String] = []
    let text = events.map { "data: \($0)\n\n" }.joined()
    Array(text.utf8).withUnsafeBytes { bytes in
        sse.feed(bytes) { data in
            switch UIMessageChunk.read(data) {
            case .chunk(let chunk): _ = reply.apply(chunk, atMs: 10)
            case .warning(let w): warnings.append(w)
            case .done, .skipped: break
            }
        }
    }
    return warnings
}

@Suite struct ChatReplyTests {
    @Test func interleavedToolInputsEachGetTheirOwnCall() {
        var reply = ChatReply(messageID: "m")
        _ = fold([
            #"{"type":"tool-input-start","toolCallId":"a","toolName":"flaky"}"#,
            #"{"type":"tool-input-start","toolCallId":"b","toolName":"delete_file"}"#,
            #"{"type":"tool-input-delta","toolCallId":"b","inputTextDelta":"{\"path\":"}"#,
            #"{"type":"tool-input-delta","toolCallId":"a","inputTextDelta":"{}"}"#,
            #"{"type":"tool-input-delta","toolCallId":"b","inputTextDelta":"\"/x\"}"}"#,
            #"{"type":"tool-input-available","toolCallId":"a","toolName":"flaky","input":{}}"#,
            #"{"type":"tool-input-available","toolCallId":"b","toolName":"delete_file","input":{"path":"/x"}}"#,
        ], into: &reply)
        #expect(reply.call("a")?.inputText == "{}" && reply.call("b")?.inputText == #"{"path":"/x"}"#)
        #expect(reply.callsForClient.map(\.id) == ["a", "b"])
    }

    @Test func toolChunksOutsideAStepAreRead() {
        var reply = ChatReply(messageID: "m")
        _ = fold([
            #"{"type":"start"}"#,
            #"{"type":"tool-input-available","toolCallId":"c","toolName":"delete_file","input":{"path":"/x"}}"#,
            #"{"type":"tool-output-available","toolCallId":"c","output":"deleted /x"}"#,
            #"{"type":"start-step"}"#,
        ], into: &reply)
        #expect(reply.call("c")?.state == .outputAvailable && reply.call("c")?.executor == "server")
        #expect(reply.callsForClient.isEmpty)
    }

    @Test func aReasoningDeltaBeforeItsStartOpensThePart() {
        var reply = ChatReply(messageID: "m")
        _ = fold([#"{"type":"reasoning-delta","id":"r","delta":"late start"}"#, #"{"type":"reasoning-end","id":"r"}"#], into: &reply)
        let steps = reply.attachments(target: nil, nowMs: 10)
        #expect(steps.first?["preview"] == "late start" && steps.first?["status"] == "completed")
    }

    @Test func aPreliminaryOutputDoesNotSettleTheCall() {
        var reply = ChatReply(messageID: "m")
        _ = fold([
            #"{"type":"tool-input-available","toolCallId":"c","toolName":"search","input":{},"providerExecuted":true}"#,
            #"{"type":"tool-output-available","toolCallId":"c","output":{"partial":1},"preliminary":true}"#,
        ], into: &reply)
        #expect(reply.call("c")?.isSettled == false && reply.callsForClient.isEmpty)
    }

    @Test func transientDataIsLeftOutAndDataWithAnIDIsUpdatedInPlace() {
        var reply = ChatReply(messageID: "m")
        _ = fold([
            #"{"type":"data-weather","id":"w","data":{"t":1}}"#,
            #"{"type":"data-weather","id":"w","data":{"t":2}}"#,
            #"{"type":"data-status","data":"typing","transient":true}"#,
        ], into: &reply)
        #expect(reply.uiMessage["parts"] == [["type": "data-weather", "id": "w", "data": ["t": 2]]])
    }

    @Test func unknownTypesAreSilentAndBrokenKnownChunksWarn() {
        var reply = ChatReply(messageID: "m")
        let warnings = fold([
            #"{"type":"brand-new","x":1}"#, #"{"type":"tool-input-available","toolName":"x"}"#,
            #"{"type":"text-delta","id":"t","delta":"ok","extra":{"y":2}}"#,
        ], into: &reply)
        #expect(warnings == [#"a "tool-input-available" chunk without a string "toolCallId" was skipped"#])
        #expect(reply.text == "ok")
    }

    @Test func textPartsAreJoinedWithABlankLine() {
        var reply = ChatReply(messageID: "m")
        _ = fold([#"{"type":"text-delta","id":"a","delta":"One."}"#, #"{"type":"text-delta","id":"b","delta":"Two."}"#], into: &reply)
        #expect(reply.text == "One.\n\nTwo.")
    }
}

@Suite struct ChatConfigurationTests {
    private func error(_ json: JSONValue) -> String? {
        do {
            _ = try AIChatClient.Configuration(json: json)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaultsFollowTheReferenceLoop() throws {
        let c = try AIChatClient.Configuration(json: ["url": "http://127.0.0.1:1/api/chat"])
        #expect(c.maxToolLoopSteps == 10 && c.retryDelaysMs == [300, 600, 1200] && c.timeoutMs == 60_000)
        #expect(c.transport == .uiMessageStream(url: "http://127.0.0.1:1/api/chat"))
        let b = try AIChatClient.Configuration(json: ["transport": "chatbase", "agent_id": "a1"])
        #expect(b.transport == .chatbase(baseURL: "https://www.chatbase.co/api/sdk", agentID: "a1", identityToken: nil))
    }

    @Test func badSettingsNameTheirPath() {
        #expect(error(["url": "http://x.example/", "nope": 1])?.hasPrefix("$.nope: unknown setting") == true)
        #expect(error(["url": "ftp://x.example/"])?.hasPrefix("$.url: expected an http") == true)
        #expect(error(["transport": "carrier-pigeon"])?.hasPrefix("$.transport:") == true)
        #expect(error(["url": "http://x.example/", "agent_id": "a"])?.hasPrefix("$.agent_id: belongs to the \"chatbase\" transport") == true)
        #expect(error(["transport": "chatbase", "agent_id": "a/b"])?.hasPrefix("$.agent_id:") == true)
        #expect(error(["url": "http://x.example/", "headers": ["X-A": "line\nbreak"]])?.hasPrefix("$.headers[\"X-A\"]: a header value is a string on one line") == true)
        #expect(error(["url": "http://x.example/", "retry_delays_ms": [300, -1]])?.hasPrefix("$.retry_delays_ms[1]") == true)
        #expect(error(["url": "http://x.example/", "max_tool_loop_steps": 0])?.hasPrefix("$.max_tool_loop_steps") == true)
        #expect(error(["url": "http://x.example/", "ledger_path": "/tmp/l"])?.contains("required with \"ledger_path\"") == true)
    }

    @Test func aUserMessageIsTextOrAUIMessage() throws {
        #expect(try ChatUserMessage(["text": "hi"]).uiMessage["parts"] == [["type": "text", "text": "hi"]])
        let ui = try ChatUserMessage(["id": "u9", "role": "user", "parts": [["type": "text", "text": "a"], ["type": "file", "url": "x"]]])
        #expect(ui.id == "u9" && ui.text == "a")
        #expect(throws: StreamChatAIError.self) { try ChatUserMessage(["parts": [["text": "no type"]]]) }
        #expect(throws: StreamChatAIError.self) { try ChatUserMessage(["text": 5]) }
    }

    @Test func urlPathSegmentsArePercentEncoded() {
        #expect(ChatSend.pathSegment("c 1/../x?y") == "c%201%2F..%2Fx%3Fy")
    }
}
