import TestSupport
import Testing
@testable import StreamChatAI
@testable import StreamChatOpenUI

/// The host's pass (entrances, the media policy) run by the OpenUI engine on each node as it makes it: a node kept
/// from an earlier render went through it then, and a node made without the pass is never shown through the host.
@Suite struct OpenUIHostPassTests {
    func document(_ text: String, streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(text))
    }

    @Test func `media an OpenUI reply shows goes through the media policy as its node is made, told once`() throws {
        let log = UIHostLog()
        let host = log.host(renderers: [OpenUIRenderer(library: .chat)])
        host.receive(messageID: "m", document: document("root = Card([bad, good, text])\n", streaming: true))
        try host.append(messageID: "m", text: "bad = ImageBlock(\"file:///etc/passwd\", \"secret\")\n", isStreaming: true)
        try host.append(messageID: "m", text: "good = ImageBlock(\"https://cdn.example.com/a.jpg\", \"ok\")\n", isStreaming: true)
        let first = try #require(host.render(messageID: "m")?.root)
        #expect(first.find("bad")?.props["src"] == nil && first.find("bad")?.props["alt"] == "secret")
        #expect(first.find("good")?.props["src"] == "https://cdn.example.com/a.jpg")
        #expect(log.allErrors.filter { $0.contains("the media policy refused") }.count == 1)
        // The statement being written changes on each chunk; the kept image stays as the pass left it, not told again.
        try host.append(messageID: "m", text: "text = TextContent(\"Hel", isStreaming: true)
        _ = host.render(messageID: "m")
        try host.append(messageID: "m", text: "lo\")\n", isStreaming: false)
        let last = try #require(host.render(messageID: "m")?.root)
        #expect(last.find("bad")?.props["src"] == nil && last.find("text")?.props["text"] == "Hello")
        #expect(log.allErrors.filter { $0.contains("the media policy refused") }.count == 1)
    }

    @Test func `nodes keep the entrance their id was first given, and a render's new nodes enter together after the others`() throws {
        let host = UIHostLog().host(renderers: [OpenUIRenderer(library: .chat)])
        host.receive(messageID: "m", document: document("root = Card([a, b, c])\na = TextContent(\"one\")\n", streaming: true))
        let first = try #require(host.render(messageID: "m")?.root)
        #expect(first.entrance == 0 && first.find("a")?.entrance == 0)
        try host.append(messageID: "m", text: "b = TextContent(\"two\")\nc = TextContent(\"thr", isStreaming: true)
        let second = try #require(host.render(messageID: "m")?.root)
        #expect(second.entrance == 0 && second.find("a")?.entrance == 0)
        #expect(second.find("b")?.entrance == 1 && second.find("c")?.entrance == 1)
        // `c` is made again as it is written: it keeps the entrance its id was given.
        try host.append(messageID: "m", text: "ee\")\n", isStreaming: false)
        let third = try #require(host.render(messageID: "m")?.root)
        #expect(third.find("c")?.props["text"] == "three" && third.find("c")?.entrance == 1 && third.find("b")?.entrance == 1)
    }

    @Test func `nodes a reply made without the host's pass are made again under it`() throws {
        let reply = OpenUIReply(library: .chat)
        _ = reply.update(text: "root = Card([img])\nimg = ImageBlock(\"file:///etc/passwd\", \"x\")\n", isStreaming: false)
        let bare = try #require(reply.render().root)
        #expect(bare.find("img")?.props["src"] == "file:///etc/passwd")
        let policy = AIUIPolicy(linkSchemes: ["https"], mediaSchemes: ["https"])
        let pass = AIUIRenderPass(finisher: AIUINodeFinisher(), policy: policy)
        let passed = try #require(reply.render(appNode: nil, pass: pass).root)
        #expect(passed.find("img")?.props["src"] == nil && pass.refused.count == 1)
        // Under another reply's pass (another host), they are made again too.
        let other = AIUIRenderPass(finisher: AIUINodeFinisher(), policy: AIUIPolicy(linkSchemes: [], mediaSchemes: ["file"]))
        let again = try #require(reply.render(appNode: nil, pass: other).root)
        #expect(again.find("img")?.props["src"] == "file:///etc/passwd" && other.refused.isEmpty)
    }

    /// Every media member in `root`'s nodes, at any depth of their props.
    func media(_ root: UINode?) -> [String] {
        var out: [String] = []
        func scan(_ value: JSONValue, key: String?) {
            switch value {
            case .string(let text) where key.map(AIUIPolicy.mediaProps.contains) == true: out.append(text)
            case .object(let inner): for (k, v) in inner { scan(v, key: k) }
            case .array(let list): for item in list { scan(item, key: key) }
            default: break
            }
        }
        root?.walk { node, _ in scan(.object(node.props), key: nil) }
        return out
    }

    /// `root` with every entrance 0 (they tell the order nodes arrived in, which a stream and one text differ in).
    func withoutEntrances(_ root: UINode?) -> UINode? {
        guard var root else { return nil }
        root.transform { $0.entrance = 0 }
        return root
    }

    @Test func `every medium a streamed reply shows went through the media rule once, whichever render made its node`() throws {
        var programs = OpenUIIncrementalRenderTests.programs().filter { $0.name.hasPrefix("benchmarks/") }
        // Media in statements, inline in lists, in a statement written over several chunks, and refused.
        programs.append(("generated/media", """
        root = Card([header, hero, gallery, Image("inline", "https://cdn.example.com/i.jpg"), TextContent("between"), Image("second", "https://cdn.example.com/j.jpg"), bad])
        header = CardHeader("Photos", "three")
        hero = ImageBlock("https://cdn.example.com/hero-with-a-long-name-that-takes-several-chunks-to-arrive.jpg", "hero")
        gallery = ImageGallery([{src: "https://cdn.example.com/1.jpg", alt: "one"}, {src: "https://cdn.example.com/2.jpg", alt: "two"}])
        bad = Image("refused", "file:///etc/passwd")

        """, .chat))
        let proxy = "https://proxy.test/?u="
        for (name, text, library) in programs {
            for size in [3, 17, 64] {
                let log = UIHostLog()
                let host = log.host(renderers: [OpenUIRenderer(library: library)],
                                    mediaURL: { $0.hasPrefix("https://") ? proxy + $0 : nil })
                host.receive(messageID: "m", document: document("", streaming: true))
                let bytes = Array(text.utf8)
                var end = 0
                while end < bytes.count {
                    let start = end
                    end = min(bytes.count, end + size)
                    while end < bytes.count && (bytes[end] & 0xC0) == 0x80 { end += 1 }
                    try host.append(messageID: "m", text: String(decoding: bytes[start..<end], as: UTF8.self), isStreaming: end < bytes.count)
                    let shown = media(host.render(messageID: "m")?.root)
                    // Through the rule once: proxied, and not twice.
                    #expect(shown.allSatisfy { $0.hasPrefix(proxy) && !$0.dropFirst(proxy.count).hasPrefix(proxy) },
                            "\(name) in chunks of \(size), at byte \(end): \(shown)")
                }
                let streamed = host.render(messageID: "m")?.root
                if text.contains("src: \"https://") || text.contains("\"https://cdn") { #expect(media(streamed).count >= 4, "\(name)") }
                let whole = UIHostLog().host(renderers: [OpenUIRenderer(library: library)], mediaURL: { $0.hasPrefix("https://") ? proxy + $0 : nil })
                whole.receive(messageID: "m", document: document(text, streaming: false))
                #expect(withoutEntrances(streamed) == withoutEntrances(whole.render(messageID: "m")?.root), "\(name) in chunks of \(size)")
            }
        }
    }
}
