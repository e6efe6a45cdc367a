import StreamChatAI
import Synchronization
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// The fetch state a host sees (the reference client's `__openui_loading` and `__openui_refetching`): a render lists
/// the tool of each Query being fetched (``AIUIRender/runningTools``) while the tree shows its defaults, or its last
/// data, and the app is told to render when a fetch starts and when it ends.
@Suite struct OpenUIQueryLoadingTests {
    let program = """
    root = Card([TextContent("Forecast: " + forecast.text), Input("city", "", "text", null, $city)])
    forecast = Query("weather", {city: $city}, {text: "loading"})
    $city = "Ohrid"
    """

    func receive(_ host: AIUIHost, streaming: Bool) {
        host.receive(messageID: "m", document: AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(program)))
    }

    func shown(_ render: AIUIRender?) -> String? { render?.root.children.first?.props["text"]?.stringValue }

    @Test func `a Query's tool is listed while it loads and while it refetches after a $variable changed, with the tree showing the defaults, then the last data`() throws {
        let log = UIHostLog(), weather = try HeldTool("weather", readOnly: true)
        let host = log.host(renderers: [OpenUIRenderer()], tools: [weather.tool])
        receive(host, streaming: true)
        let streaming = host.render(messageID: "m")
        #expect(streaming?.runningTools == [] && shown(streaming) == "Forecast: loading")

        receive(host, streaming: false)
        let loading = host.render(messageID: "m")
        #expect(loading?.runningTools == ["weather"] && shown(loading) == "Forecast: loading")
        #expect(log.renders.withLock { $0 } == ["m"])  // told that the fetch started
        weather.answer("sunny")
        let loaded = host.render(messageID: "m")
        #expect(loaded?.runningTools == [] && shown(loaded) == "Forecast: sunny")
        #expect(log.renders.withLock { $0 } == ["m", "m"])  // and that it ended, once

        let input = try #require(loaded?.root.children.last?.id)
        _ = try host.handle(AIUIEvent(nodeID: input, name: "change", value: "Bitola"), messageID: "m")
        let refetching = host.render(messageID: "m")
        #expect(refetching?.runningTools == ["weather"] && shown(refetching) == "Forecast: sunny")
        weather.answer("rain")
        let refetched = host.render(messageID: "m")
        #expect(refetched?.runningTools == [] && shown(refetched) == "Forecast: rain")
    }

    @Test func `two fetches of one tool are two runs, each listed until its own answer, and a stale answer is not shown`() throws {
        let log = UIHostLog(), weather = try HeldTool("weather", readOnly: true)
        let host = log.host(renderers: [OpenUIRenderer()], tools: [weather.tool])
        receive(host, streaming: false)
        let input = try #require(host.render(messageID: "m")?.root.children.last?.id)
        _ = try host.handle(AIUIEvent(nodeID: input, name: "change", value: "Bitola"), messageID: "m")
        #expect(host.render(messageID: "m")?.runningTools == ["weather", "weather"])
        weather.answer("stale")
        let one = host.render(messageID: "m")
        #expect(one?.runningTools == ["weather"] && shown(one) == "Forecast: loading")
        weather.answer("fresh")
        let none = host.render(messageID: "m")
        #expect(none?.runningTools == [] && shown(none) == "Forecast: fresh")
    }
}
