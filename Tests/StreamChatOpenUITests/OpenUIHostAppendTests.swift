import Dispatch
@testable import StreamChatAI
import Synchronization
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// A reply's program handed to the UI host a piece at a time (`AIUIHost.append`) and rendered as ops
/// (`AIUIHost.renderOps`): the way a C or Python client streams a reply without resending it or rereading the IR.
@Suite struct OpenUIHostAppendTests {
    let program = """
    root = Card([header, form, days])
    header = CardHeader("Lisbon", "Three days")
    form = Form("trip", buttons, [FormControl("Name", Input("name", "Your name", "text", {required: true}))])
    buttons = Buttons([Button("Plan it", Action([@ToAssistant("Plan")]))])
    days = Tabs([d1, d2])
    d1 = TabItem("d1", "Day 1", [TextContent("Walk through Alfama, then lunch by the river."), s1])
    s1 = Table([Col("Place", ["Alfama", "Baixa", "Belém"]), Col("Hours", [2, 1.5, 3], "number")])
    d2 = TabItem("d2", "Day 2", [Steps([StepsItem("Castle", "views"), StepsItem("Tram 28", "ride")])])

    """

    func host() -> AIUIHost { UIHostLog().host(renderers: [OpenUIRenderer(library: .chat)]) }

    func document(_ text: String, streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(text))
    }

    /// The program cut every `size` characters.
    func pieces(_ size: Int) -> [String] {
        var out: [String] = []
        var rest = Substring(program)
        while !rest.isEmpty {
            out.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return out
    }

    @Test(arguments: [1, 7, 64])
    func `pieces appended render as the whole text so far does, and each render's ops turn the last tree into it`(size: Int) throws {
        let appended = host()
        let whole = host()
        appended.receive(messageID: "m", document: document("", streaming: true))
        var tree: UINode?
        var text = ""
        let cut = pieces(size)
        for (i, piece) in cut.enumerated() {
            let streaming = i < cut.count - 1
            text += piece
            try appended.append(messageID: "m", text: piece, isStreaming: streaming)
            whole.receive(messageID: "m", document: document(text, streaming: streaming))
            let expected = whole.render(messageID: "m")
            // Before the root's first component arrives there is nothing to show, either way.
            guard let got = appended.renderOps(messageID: "m") else {
                #expect(expected == nil, "after \(text.utf8.count) bytes")
                tree = nil
                continue
            }
            #expect(got.render == expected, "after \(text.utf8.count) bytes")
            #expect(got.render.isStreaming == streaming)
            if let last = tree {
                #expect(try UIDiff.apply(got.ops, to: last) == got.render.root, "after \(text.utf8.count) bytes")
            } else {
                #expect(got.ops == [.replace(node: got.render.root)])
            }
            tree = got.render.root
        }
        #expect(try #require(appended.renderOps(messageID: "m")).ops.isEmpty)
        #expect(tree?.children.map(\.id) == ["header", "form", "days"])
    }

    @Test func `an append names what is wrong and changes nothing`() throws {
        let host = host()
        #expect(throws: StreamChatAIError.self) { try host.append(messageID: "none", text: "x", isStreaming: true) }
        do {
            try host.append(messageID: "none", text: "x", isStreaming: true)
        } catch {
            #expect(error.kind == .notFound && error.message.contains("receive its custom data first"))
        }

        host.receive(messageID: "json", document: AIUIDocument(format: "openui", version: "1.0", isStreaming: true, content: ["a": 1]))
        do {
            try host.append(messageID: "json", text: "x", isStreaming: true)
            Issue.record("appended to JSON content")
        } catch {
            #expect(error.kind == .invalidArgument && error.message.contains("not text"))
        }

        host.receive(messageID: "done", document: document("root = Card([TextContent(\"Hi\")])\n", streaming: false))
        let before = host.render(messageID: "done")
        do {
            try host.append(messageID: "done", text: "x = 1\n", isStreaming: true)
            Issue.record("appended to an ended document")
        } catch {
            #expect(error.kind == .invalidArgument && error.message.contains("ended"))
        }
        #expect(host.render(messageID: "done") == before)

        host.receive(messageID: "big", document: document("root = Card([TextContent(\"", streaming: true))
        let shown = host.render(messageID: "big")
        do {
            try host.append(messageID: "big", text: String(repeating: "a", count: 100), isStreaming: true,
                            limits: JSONLimits(maxBytes: 64))
            Issue.record("appended past the limit")
        } catch {
            #expect(error.kind == .limitExceeded && error.message.contains("over the limit of 64"))
        }
        #expect(host.render(messageID: "big") == shown)
        // Still streaming, and the text is as it was: a piece within the limit goes on from it.
        try host.append(messageID: "big", text: "Hi\")])\n", isStreaming: false)
        #expect(host.render(messageID: "big")?.root.children.first?.props["text"] == "Hi")
    }

    @Test func `render ops start again with a replace after the reply showed its text`() throws {
        let host = host()
        host.receive(messageID: "m", document: document("root = Card([TextContent(\"A\")])\n", streaming: false))
        #expect(try #require(host.renderOps(messageID: "m")).ops.map { $0.jsonValue["op"] } == ["replace"])
        #expect(try #require(host.renderOps(messageID: "m")).ops.isEmpty)
        host.receive(messageID: "m", customData: ["text": "no UI now"])
        #expect(host.renderOps(messageID: "m") == nil)
        host.receive(messageID: "m", document: document("root = Card([TextContent(\"B\")])\n", streaming: false))
        #expect(try #require(host.renderOps(messageID: "m")).ops.map { $0.jsonValue["op"] } == ["replace"])
    }

    @Test func `pieces appended from several threads at once show the document they made, in its order`() throws {
        let head = "root = Card([", tail = "TextContent(\"end\")])\n"
        @Sendable func piece(_ thread: Int, _ k: Int) -> String { "TextContent(\"t\(thread)_\(k)\"), " }
        let size = head.utf8.count + tail.utf8.count + (0..<4).reduce(0) { sum, t in sum + (0..<25).reduce(0) { $0 + piece(t, $1).utf8.count } }
        for round in 0..<20 {
            let host = host()
            host.receive(messageID: "m", document: document(head, streaming: true))
            // Each thread adds its components in order; the document holds them in the order the host took them,
            // and so must the render.
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for k in 0..<25 { try? host.append(messageID: "m", text: piece(thread, k), isStreaming: true) }
            }
            try host.append(messageID: "m", text: tail, isStreaming: false)
            let made = try #require(host.renderOps(messageID: "m"))
            let text = try #require(host.document(messageID: "m")?.content.stringValue)
            #expect(text.utf8.count == size)
            let fresh = self.host()
            fresh.receive(messageID: "m", document: document(text, streaming: false))
            #expect(made.render.root == fresh.render(messageID: "m")?.root, "round \(round)")
            #expect(made.render.root.children.count == 101)
        }
    }

    @Test func `a document older than the one the engine read, reaching it later, is left`() throws {
        let host = host()
        let engine = OpenUIRenderer(library: .chat).makeEngine()
        func context(_ order: Int?) -> AIUIContext {
            AIUIContext(host: host, messageID: "m", components: [], isStreaming: true, documentOrder: order)
        }
        func text() -> String? {
            engine.view(for: document("", streaming: true), context: context(nil))?.children.first?.props["text"]?.stringValue
        }
        let newer = "root = Card([TextContent(\"newer\")])\n", older = "root = Card([TextContent(\"older\")])\n"
        engine.receive(document(newer, streaming: true), context: context(5))
        engine.receive(document(older, streaming: true), context: context(4))
        #expect(text() == "newer")
        // A piece appended to an older document, too.
        engine.receive(appended: "x = 1\n", to: document(older + "x = 1\n", streaming: true), context: context(3))
        #expect(text() == "newer")
        // The same order is the same document; a later one is read; without a host, calls are read as they come.
        engine.receive(document(older, streaming: true), context: context(6))
        #expect(text() == "older")
        engine.receive(document(newer, streaming: true), context: context(nil))
        #expect(text() == "newer")
    }
}
