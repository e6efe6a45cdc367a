import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct FenceExtractorTests {
    let reply = "Here is your weekend:\n```openui-lang\nroot = Card([title])\ntitle = CardHeader(\"Ohrid\")\n```\nEnjoy!\n```python\nprint(1)\n```\n"

    @Test func `a fenced UI block moves into ai_ui, the words around it stay`() {
        var e = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        e.feed(reply)
        e.finish()
        #expect(e.text == "Here is your weekend:\nEnjoy!\n```python\nprint(1)\n```\n")
        #expect(e.ui == ["v": 1, "format": "openui", "status": "complete", "content": "root = Card([title])\ntitle = CardHeader(\"Ohrid\")\n"])
    }

    @Test func `a closing fence on the last line closes the block without its newline`() {
        var e = AIUIFenceExtractor(fences: ["openui-lang": "openui"])
        e.feed("Look:\n```openui-lang\nroot = Card([])\n```")
        #expect(e.ui?["status"] == "streaming", "the line may still grow until the reply ends")
        e.finish()
        #expect(e.ui?["status"] == "complete")
        #expect(e.ui?["content"] == "root = Card([])\n")
        #expect(e.text == "Look:\n")
    }

    @Test func `streaming until the fence closes, with fences split across chunks`() {
        for size in 1...9 {
            var e = AIUIFenceExtractor(fences: ["openui-lang": "openui"])
            var sawStreaming = false
            var i = reply.startIndex
            while i < reply.endIndex {
                let j = reply.index(i, offsetBy: size, limitedBy: reply.endIndex) ?? reply.endIndex
                e.feed(String(reply[i..<j]))
                if e.ui?["status"] == "streaming" { sawStreaming = true }
                #expect(!e.text.contains("CardHeader"), "UI text leaked into the reply at chunk size \(size)")
                i = j
            }
            e.finish()
            #expect(sawStreaming)
            #expect(e.text == "Here is your weekend:\nEnjoy!\n```python\nprint(1)\n```\n", "chunk size \(size)")
            #expect(e.ui?["status"] == "complete")
        }
    }

    @Test func `a closed block that is JSON is given as JSON`() {
        var e = AIUIFenceExtractor(fences: ["cards-json": "cards"])
        e.feed("Cards:\n```cards-json\n[{\"title\": \"A\"}]\n")
        #expect(e.ui?["content"] == .string("[{\"title\": \"A\"}]\n"))
        e.feed("```\n")
        #expect(e.ui?["content"] == [["title": "A"]])
    }

    @Test func `UI over the custom data limit is left out`() {
        var e = AIUIFenceExtractor(fences: ["a2ui": "a2ui"], maxCustomDataBytes: 200, otherCustomDataBytes: 50)
        e.feed("Look:\n```a2ui\n" + String(repeating: "{\"x\": 1}\n", count: 40) + "```\nDone.\n")
        e.finish()
        #expect(e.ui == nil && e.droppedForSize)
        #expect(e.text == "Look:\nDone.\n")
    }
}
