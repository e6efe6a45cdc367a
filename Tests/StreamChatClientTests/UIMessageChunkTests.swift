import Testing
@testable import StreamChatAI
@testable import StreamChatClient

private func read(_ text: String) -> UIMessageChunk.Reading {
    UIMessageChunk.read(Array(text.utf8))
}

/// The chunk reader reads members from the bytes; these pin what the JSON says, however it is spelled.
@Suite struct UIMessageChunkTests {
    @Test func keysAndTypesWithEscapesReadAsTheirDecodedText() {
        #expect(read(#"{"ty\u0070e":"text\u002ddelta","\u0069d":"t","delta":"a\nb \u00e9"}"#)
            == .chunk(.textDelta(id: "t", delta: "a\nb é")))
    }

    @Test func theLastMemberOfANameWinsAndAnotherJSONTypeReadsAsMissing() {
        #expect(read(#"{"type":"nope","type":"text-end","id":"a","id":"b"}"#) == .chunk(.textEnd(id: "b")))
        #expect(read(#"{"type":"text-delta","id":"t","delta":"x","delta":5}"#)
            == .warning(#"a "text-delta" chunk without a string "delta" was skipped"#))
        #expect(read(#"{"type":"text-end","type":1,"id":"t"}"#) == .warning(#"an event without a string "type" was skipped"#))
        #expect(read(#"{"type":"tool-input-start","toolCallId":"c","toolName":"x","dynamic":true,"dynamic":"yes"}"#)
            == .chunk(.toolInputStart(callID: "c", toolName: "x", providerExecuted: false, dynamic: false)))
    }

    @Test func aBrokenMemberTheChunkDoesNotUseStillMakesTheEventNotJSON() {
        guard case .warning(let text) = read(#"{"type":"text-delta","id":"t","delta":"x","extra":[1,}"#) else {
            Issue.record("a broken event was read")
            return
        }
        #expect(text.hasPrefix("an event that is not JSON was skipped: "))
        #expect(text.contains("$.extra[1]"))
        #expect(read(#"{"type":"text-delta","id":"t","delta":"x"} trailing"#) != .chunk(.textDelta(id: "t", delta: "x")))
    }

    @Test func anEventThatIsNotAnObjectNamesWhatItIs() {
        #expect(read("[1]") == .warning("an event that is not a JSON object (array) was skipped"))
        #expect(read(#""text""#) == .warning("an event that is not a JSON object (string) was skipped"))
        #expect(read("[DONE]") == .done)
        guard case .warning(let text) = read("[DONE") else {
            Issue.record("a broken array was read")
            return
        }
        #expect(text.hasPrefix("an event that is not JSON was skipped: "))
    }

    @Test func valuesKeepTheirJSONAndFlagsDefaultToFalse() {
        #expect(read(#"{"type":"tool-input-available","toolCallId":"c","toolName":"x","input":{"q":[1,2.5,null]}}"#)
            == .chunk(.toolInputAvailable(callID: "c", toolName: "x", input: ["q": [1, 2.5, nil]], providerExecuted: false, dynamic: false)))
        #expect(read(#"{"type":"tool-input-available","toolCallId":"c","toolName":"x"}"#)
            == .chunk(.toolInputAvailable(callID: "c", toolName: "x", input: .object([:]), providerExecuted: false, dynamic: false)))
        #expect(read(#"{"type":"data-weather","id":"w","data":{"t":1},"transient":true}"#)
            == .chunk(.data(name: "weather", id: "w", data: ["t": 1], transient: true)))
        #expect(read(#"{"type":"data-","data":1}"#) == .skipped)
        #expect(read(#"{"type":"source-url","url":"https://x"}"#) == .chunk(.ignored("source-url")))
        #expect(read(#"{"type":"finish","finishReason":"stop","messageMetadata":{"u":1}}"#)
            == .chunk(.finish(reason: "stop", metadata: ["u": 1])))
    }
}
