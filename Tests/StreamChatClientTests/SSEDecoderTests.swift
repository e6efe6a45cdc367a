import Testing
@testable import StreamChatClient

@Suite struct SSEDecoderTests {
    private func events(_ pieces: [String]) -> [String] {
        var sse = SSEDecoder()
        var out: [String] = []
        for piece in pieces {
            Array(piece.utf8).withUnsafeBytes { sse.feed($0) { out.append(String(decoding: $0, as: UTF8.self)) } }
        }
        sse.finish { out.append(String(decoding: $0, as: UTF8.self)) }
        return out
    }

    @Test func dataLinesOfOneEventJoinWithLineFeeds() {
        #expect(events(["data: a\ndata: b\n\ndata: c\n\n"]) == ["a\nb", "c"])
    }

    @Test func lineEndsAreLFCRLFOrCRAndMaySplitAcrossPieces() {
        #expect(events(["data: 1\r", "\n\r", "\ndata: 2\r\rdata:3\n", "\n"]) == ["1", "2", "3"])
    }

    @Test func commentsAndOtherFieldsAreSkipped() {
        #expect(events([": keep-alive\nevent: x\nid: 7\nretry: 10\ndata:{}\n\n"]) == ["{}"])
    }

    @Test func anEventWithoutItsBlankLineCountsAtTheEnd() {
        #expect(events(["data: last"]) == ["last"])
    }

    @Test func oneByteAtATimeGivesTheSameEvents() {
        let text = "data: {\"type\":\"start\"}\r\n\r\ndata: [DONE]\n\n"
        #expect(events(text.map { String($0) }) == events([text]))
    }

    @Test func anEventOverTheLimitIsDroppedAndCounted() {
        var sse = SSEDecoder(maxEventBytes: 8)
        var out: [String] = []
        Array("data: 0123456789\n\ndata: ok\n\n".utf8).withUnsafeBytes { sse.feed($0) { out.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(out == ["ok"] && sse.droppedEvents == 1)
    }
}

