import Synchronization
import Testing
@testable import StreamChatAI

@Suite(.serialized) struct PluginRendererTests {
    func cardsHost(send: AIUIHost.Send? = nil, onError: AIUIHost.OnError? = nil) throws -> AIUIHost {
        let registry = PluginRegistry()
        _ = try registry.discover(directory: try builtPlugins("plugins"))
        let renderers = PluginRenderer.all(in: registry)
        #expect(renderers.map(\.format) == ["cards"])
        return AIUIHost(renderers: renderers, send: send, onError: onError)
    }

    let cards = #"[{"id": "naum", "title": "St. Naum", "subtitle": "Monastery", "action": "ask_about"}, {"id": "lake", "title": "Lake Ohrid"}]"#

    @Test func `a renderer plugin renders its format to UI IR`() throws {
        let host = try cardsHost()
        #expect(host.receive(messageID: "m1", customData: try uiData(cards, format: "cards", version: "1.0")) == nil)
        let ir = try #require(host.render(messageID: "m1")?.jsonValue)
        let root = try UINode(json: try #require(ir["root"]))
        #expect(root.type == "cards")
        #expect(root.children.map(\.id) == ["card-naum", "card-lake"])
        #expect(root.children[0].props["title"] == "St. Naum" && root.children[0].events == ["tap"])
        #expect(root.children[1].events.isEmpty)
        #expect(ir["format"] == "cards")
    }

    @Test func `a tap becomes an action labelled with the card the user tapped`() throws {
        let sent = Mutex<[AIUIAction]>([])
        let host = try cardsHost(send: { a in sent.withLock { $0.append(a) }; return true })
        host.receive(messageID: "m1", customData: try uiData(cards, format: "cards"))
        _ = host.render(messageID: "m1")?.jsonValue
        let outcome = try host.handle(AIUIEvent(nodeID: "card-naum", name: "tap"), messageID: "m1")
        #expect(outcome.actions == [AIUIAction(messageID: "m1", format: "cards", name: "ask_about", label: "St. Naum",
                                               payload: ["index": 0, "title": "St. Naum"])])
        #expect(sent.withLock { $0 }.count == 1)
    }

    @Test func `an unsupported version or content shows the text`() throws {
        let host = try cardsHost()
        #expect(host.receive(messageID: "m2", customData: try uiData(cards, format: "cards", version: "2.0"))?.reason.contains("no renderer reads cards 2.0") == true)
        host.receive(messageID: "m3", customData: try uiData(#""not cards""#, format: "cards"))
        #expect(host.render(messageID: "m3")?.jsonValue == nil)
    }

    @Test func `a streamed card without its title waits`() throws {
        let host = try cardsHost()
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A"}, {"id": "b"}]"#, status: "streaming", format: "cards"))
        let root = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        #expect(root.children.map(\.state) == [.ready, .pending])
    }

    @Test func `media go through the media policy; a refused URL is removed and reported`() throws {
        let problems = Mutex<[String]>([])
        let host = try cardsHost(onError: { _, p in problems.withLock { $0.append(p) } })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "a", "title": "A", "image": "https://cdn.example.com/a.jpg"}, {"id": "b", "title": "B", "image": "file:///etc/passwd"}]"#, format: "cards"))
        let root = try UINode(json: try #require(host.render(messageID: "m")?.jsonValue["root"]))
        #expect(root.children[0].props["image"] == "https://cdn.example.com/a.jpg")
        #expect(root.children[1].props["image"] == nil)
        #expect(problems.withLock { $0 }.first?.contains("media policy refused") == true)
    }

    @Test func `capabilities carry the plugin's fence and instructions`() throws {
        let host = try cardsHost()
        let renderer = try #require(host.capabilities.jsonValue["renderers"]?[0])
        #expect(renderer["format"] == "cards" && renderer["fence"] == "cards-json")
        #expect(renderer["instructions"]?.stringValue?.hasPrefix("To answer with cards") == true)
    }

    @Test func `a plugin that lists a renderer but lacks the feature is reported, and the reply shows its text`() throws {
        let manifest = #"{"manifest_version": 1, "name": "weather", "version": "1", "library": "libweather.so", "entry": "sca_plugin_entry_v1", "abi": {"major": 1, "minor": 0}, "renderers": [{"format": "fake"}]}"#
        let (dir, _) = makePluginFolder(name: "weather", manifest: manifest, library: (try builtPlugins("plugins") + "/weather/libweather.so", "libweather.so"))
        let registry = PluginRegistry()
        _ = try registry.discover(directory: dir)
        let problems = Mutex<[String]>([])
        let host = AIUIHost(renderers: PluginRenderer.all(in: registry), onError: { _, p in problems.withLock { $0.append(p) } })
        host.receive(messageID: "m", customData: try uiData("[]", format: "fake"))
        #expect(host.render(messageID: "m")?.jsonValue == nil)
        #expect(problems.withLock { $0 }.first?.contains("has no streamchatai.renderer/1 feature") == true)
    }
}

@Suite(.serialized) struct PluginRendererToolTests {
    @Test func `a renderer plugin's tap can run one of the host's tools as user-initiated`() throws {
        let registry = PluginRegistry()
        _ = try registry.discover(directory: try builtPlugins("plugins"))
        let host = AIUIHost(renderers: PluginRenderer.all(in: registry), tools: [try UIToolPolicyTests().tool("book_table", readOnly: false)])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "t", "title": "Book a table", "tool": {"name": "book_table", "arguments": {}}}]"#, format: "cards"))
        _ = host.render(messageID: "m")?.jsonValue
        let outcome = try host.handle(AIUIEvent(nodeID: "card-t", name: "tap"), messageID: "m")
        #expect(outcome.toolRuns.map(\.tool) == ["book_table"])
        #expect(outcome.toolRuns.first?.result.isCompleted == true)
        #expect(outcome.actions.isEmpty)
    }
}
