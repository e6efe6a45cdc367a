import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI
import TestSupport

@Suite struct AIUIHostTests {
    @Test func `renderers are asked in order; the first that reads the format and version wins`() throws {
        let strict = ListRenderer(versions: ["2.0"])
        let open = ListRenderer()
        let host = AIUIHost(renderers: [strict, open])
        #expect(host.receive(messageID: "m1", customData: try uiData(#"[{"title": "A"}]"#, version: "1.0")) == nil)
        #expect(open.log.all == ["receive m1"])
        #expect(strict.log.all.isEmpty)
        #expect(host.receive(messageID: "m2", customData: try uiData("[]", format: "other"))?.reason.contains("no renderer reads other") == true)
        #expect(host.render(messageID: "m2")?.jsonValue == nil)
    }

    @Test func `a reply from history enters at once; streamed parts enter together, in order`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "old", customData: try uiData(#"[{"id": "a"}, {"id": "b"}]"#))
        let history = try #require(host.render(messageID: "old")?.jsonValue)
        #expect(history["root"]?["children"]?.arrayValue?.map { $0["entrance"] } == [0, 0])
        host.receive(messageID: "new", customData: try uiData(#"[{"id": "a"}]"#, status: "streaming"))
        _ = host.render(messageID: "new")?.jsonValue
        host.receive(messageID: "new", customData: try uiData(#"[{"id": "a"}, {"id": "b"}, {"id": "c"}]"#, status: "streaming"))
        let later = try #require(host.render(messageID: "new")?.jsonValue)
        #expect(later["root"]?["children"]?.arrayValue?.map { $0["entrance"] } == [0, 1, 1])
        #expect(later["streaming"] == true)
    }

    @Test func `node ids stay stable while a document streams, and the diff touches only what changed`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A"}]"#, status: "streaming"))
        let first = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A!"}, {"id": "b", "title": "B"}]"#))
        let second = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        let ops = UIDiff.ops(from: first, to: second).map(\.jsonValue)
        #expect(ops.map { $0["op"] } == ["update", "insert"])
        #expect(ops[0]["id"] == "a" && ops[0]["props"]?["title"] == "A!")
        #expect(ops[1]["parent"] == "list" && ops[1]["index"] == 1)
    }

    @Test func `forgetting a reply tells the engines and drops its state`() throws {
        let renderer = ListRenderer()
        let host = AIUIHost(renderers: [renderer])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "f", "input": "email"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "a@b.c"), messageID: "m")
        #expect(host.state("m")["email"] == "a@b.c")
        host.forget(messageID: "m")
        #expect(renderer.log.all.contains("remove m"))
        #expect(host.state("m").isEmpty)
    }

    @Test func `each reply keeps its own UI state`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        for id in ["m1", "m2"] {
            host.receive(messageID: id, customData: try uiData(#"[{"id": "f", "input": "name"}]"#))
            _ = host.render(messageID: id)?.jsonValue
        }
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "Ann"), messageID: "m1")
        _ = try host.handle(AIUIEvent(nodeID: "f", name: "change", value: "Bo"), messageID: "m2")
        #expect(host.state("m1")["name"] == "Ann" && host.state("m2")["name"] == "Bo")
    }

    @Test func `actions are sent one after another, in order; a failed send keeps them waiting`() throws {
        let sent = Mutex<[String]>([])
        let online = Mutex(false)
        let host = AIUIHost(renderers: [ListRenderer()], send: { action in
            guard online.withLock({ $0 }) else { return false }
            sent.withLock { $0.append(action.label) }
            return true
        })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "First"}, {"id": "b", "title": "Second"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(try host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m").unsent == 1)
        #expect(try host.handle(AIUIEvent(nodeID: "b", name: "tap"), messageID: "m").unsent == 2)
        online.withLock { $0 = true }
        #expect(host.retryActions(messageID: "m").unsent == 0)
        #expect(sent.withLock { $0 } == ["First", "Second"])
    }

    @Test func `action forms: custom data and JSON`() {
        let action = AIUIAction(messageID: "m", format: "list", name: "chosen", label: "Lake Ohrid", payload: ["i": 1])
        #expect(action.jsonValue == ["message_id": "m", "format": "list", "name": "chosen", "label": "Lake Ohrid", "payload": ["i": 1]])
        #expect(action.customData == ["ai_ui_action": action.jsonValue])
    }

    @Test func `password values never leave in an action`() throws {
        let sent = Mutex<[AIUIAction]>([])
        let host = AIUIHost(renderers: [ListRenderer()], send: { a in sent.withLock { $0.append(a) }; return true })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "u", "input": "user"}, {"id": "p", "input": "pass", "password": true}, {"id": "go", "title": "Sign in"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        _ = try host.handle(AIUIEvent(nodeID: "u", name: "change", value: "ann"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "p", name: "change", value: "hunter2"), messageID: "m")
        let outcome = try host.handle(AIUIEvent(nodeID: "go", name: "tap"), messageID: "m")
        #expect(outcome.actions[0].payload == ["form": ["user": "ann"]])
        #expect(sent.withLock { $0 }.first?.payload == ["form": ["user": "ann"]])
        #expect(host.formValues(messageID: "m") == ["user": "ann"])
        #expect(!JSONSerializer.string(outcome.jsonValue).contains("hunter2"))
    }

    @Test func `events for unknown nodes or events are refused`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a"}]"#))
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "a", name: "tap"), messageID: "m") }  // not rendered yet
        _ = host.render(messageID: "m")?.jsonValue
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "zz", name: "tap"), messageID: "m") }
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "a", name: "swipe"), messageID: "m") }
    }

    @Test func `an event a node does not raise is refused with the events it does raise, or none`() throws {
        let host = AIUIHost(renderers: [ListRenderer()])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a"}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        let item = #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "a", name: "swipe"), messageID: "m") }
        #expect(item?.message == "the node a raises no swipe event (it raises: tap)")
        let list = #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "list", name: "tap"), messageID: "m") }
        #expect(list?.message == "the node list raises no tap event (it raises none)")
    }

    @Test func `links open only for allowed schemes; media load only over http(s)`() {
        let opened = Mutex<[String]>([])
        let host = AIUIHost(open: { url in opened.withLock { $0.append(url) }; return true })
        #expect(host.open("https://example.com/a"))
        #expect(host.open("mailto:ann@example.com"))
        #expect(!host.open("javascript:alert(1)"))
        #expect(!host.open("tel:+123"))
        #expect(!host.open("https://exa mple.com"))
        #expect(opened.withLock { $0 } == ["https://example.com/a", "mailto:ann@example.com"])
        #expect(host.mediaURL("https://cdn.example.com/x.png") == "https://cdn.example.com/x.png")
        #expect(host.mediaURL("file:///etc/passwd") == nil)
        #expect(host.mediaURL("data:image/png;base64,xx") == nil)
        let custom = AIUIHost(mediaURL: { $0.hasPrefix("https://cdn.example.com/") ? $0 : nil })
        #expect(custom.mediaURL("https://other.example.com/x.png") == nil)
    }

    @Test func `an unchanged document is not rendered again`() throws {
        let renderer = CountingRenderer()
        let host = AIUIHost(renderers: [renderer])
        host.receive(messageID: "m", customData: try uiData("[1]", format: "count"))
        let first = host.render(messageID: "m")?.jsonValue
        #expect(host.render(messageID: "m")?.jsonValue == first)
        host.receive(messageID: "m", customData: try uiData("[1, 2]", format: "count"))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(renderer.views.withLock { $0 } == 2)
    }

    @Test func `a text document is new when its text is, whatever its length`() {
        let renderer = CountingRenderer()
        let host = AIUIHost(renderers: [renderer])
        func send(_ text: String, streaming: Bool = true) {
            host.receive(messageID: "m", document: AIUIDocument(format: "count", isStreaming: streaming, content: .string(text)))
            _ = host.render(messageID: "m")
        }
        send("abc")
        // The same text in another string: no new view.
        send(String("xabc".dropFirst()))
        #expect(renderer.views.withLock { $0 } == 1)
        // As long, but other text; longer; shorter; then the same text complete.
        send("abd")
        send("abde")
        send("ab")
        send("ab", streaming: false)
        #expect(renderer.views.withLock { $0 } == 5)
        let a = AIUIDocument(format: "count", content: .string("abc")), b = AIUIDocument(format: "count", content: .string("abd"))
        #expect(a.differs(from: b) && !a.differs(from: a) && a.differs(from: AIUIDocument(format: "count", version: "2", content: .string("abc"))))
    }
}

@Suite struct AIUIConcurrencyTests {
    @Test func `an event that comes while a render makes the next tree lands on that tree`() throws {
        let renderer = GatedFinishingRenderer()
        let host = AIUIHost(renderers: [renderer])
        let document = { (label: String) in AIUIDocument(format: "gated", version: nil, isStreaming: true, content: .string(label)) }
        host.receive(messageID: "m", document: document("one"))
        #expect(host.render(messageID: "m")?.root.find("b")?.props["label"] == "one")
        // The next render lets go of the last tree and is held inside its view.
        host.receive(messageID: "m", document: document("two"))
        renderer.holdNext.withLock { $0 = true }
        let rendered = Mutex<UINode?>(nil)
        let done = DispatchSemaphore(value: 0)
        onOwnThread {
            rendered.withLock { $0 = host.render(messageID: "m")?.root }
            done.signal()
        }
        renderer.entered.wait()
        // The tap waits for no lock the held render holds: it is handled on the tree a render makes now.
        let outcome = try host.handle(AIUIEvent(nodeID: "b", name: "tap"), messageID: "m")
        #expect(outcome.actions.isEmpty && renderer.taps.withLock { $0 } == 1)
        renderer.release.signal()
        done.wait()
        #expect(rendered.withLock { $0 }?.find("b")?.props["label"] == "two")
        #expect(host.render(messageID: "m")?.root.find("b")?.props["label"] == "two")
        // With no render under way, a node that isn't there is still an error, not a render.
        #expect(throws: StreamChatAIError.self) { try host.handle(AIUIEvent(nodeID: "nowhere", name: "tap"), messageID: "m") }
    }

    @Test func `eight threads receiving, rendering and tapping keep each reply's state apart`() throws {
        let sent = Mutex<[String: Int]>([:])
        let host = AIUIHost(renderers: [ListRenderer()], send: { action in
            sent.withLock { $0[action.messageID, default: 0] += 1 }
            return true
        })
        let documents = try (0..<8).map { i in try uiData(#"[{"id": "f", "input": "name"}, {"id": "go", "title": "Go \#(i)"}]"#) }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let id = "m\(i)"
            for round in 0..<25 {
                host.receive(messageID: id, customData: documents[i])
                _ = host.render(messageID: id)?.jsonValue
                _ = try? host.handle(AIUIEvent(nodeID: "f", name: "change", value: .integer(Int64(round))), messageID: id)
                _ = try? host.handle(AIUIEvent(nodeID: "go", name: "tap"), messageID: id)
            }
        }
        for i in 0..<8 {
            #expect(host.state("m\(i)")["name"] == 24)
            #expect(sent.withLock { $0["m\(i)"] } == 25)
        }
    }
}
