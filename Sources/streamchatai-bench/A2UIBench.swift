import StreamChatA2UI
import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// A2UI streaming: `messages` JSONL messages streamed a line at a time into a
/// UI host, the reply rendered to IR after each, against the same messages
/// applied in one batch and rendered once.
enum A2UIBench {
    struct Result {
        var messages: Int
        /// Through a UI host (what an app calls): applied in one batch and rendered once, and streamed.
        var batchMillis: Double
        var streamedMillis: Double
        /// The renderer alone (its engine, with no host): the same two.
        var engineBatchMillis: Double
        var engineStreamedMillis: Double
        var nodes: Int
    }

    /// How the stream builds its UI.
    enum Shape: String {
        /// As agents write long UIs: a skeleton of sections, each section's cards, each card's lines
        /// (placeholders first, then each component on its own message, then data); as many sections
        /// as the messages fill, so every message adds to the UI.
        case tree
        /// The same, over ten sections only: after its first hundred cards the agent sends the same cards
        /// again (the same components, the same values), as agents that re-send what they sent do.
        case resend
        /// A list template over the data: each message adds one item to a list of hundreds.
        case flat
    }

    static func line(_ json: JSONValue) -> String { JSONSerializer.string(json) + "\n" }

    static func component(_ id: String, _ type: String, _ props: JSONObject) -> JSONValue {
        var o: JSONObject = ["id": .string(id), "component": .string(type)]
        for (k, v) in props { o[k] = v }
        return .object(o)
    }

    static func update(_ components: [JSONValue]) -> String {
        line(["version": "v1.0", "updateComponents": ["surfaceId": "s", "components": .array(components)]])
    }

    static func data(_ path: String, _ value: JSONValue) -> String {
        line(["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": .string(path), "value": value]])
    }

    /// The stream's lines.
    static func stream(messages: Int, shape: Shape) -> [String] {
        var lines = [line(["version": "v1.0", "createSurface": ["surfaceId": "s", "catalogId": .string(A2UICatalog.basicCatalogID)]])]
        switch shape {
        case .flat:
            lines.append(update([
                component("root", "List", ["children": ["componentId": "row", "path": "/items"]]),
                component("row", "Row", ["children": ["name", "price"]]),
                component("name", "Text", ["text": ["path": "name"]]),
                component("price", "Text", ["text": ["call": "formatCurrency", "args": ["value": ["path": "price"], "currency": "EUR"]]]),
            ]))
            var i = 0
            while lines.count < messages {
                lines.append(data("/items/\(i)", ["name": .string("Item \(i)"), "price": .number(Double(i) * 1.25)]))
                i += 1
            }
        case .tree, .resend:
            let cards = 10
            // A section takes one message for itself and three for each card.
            let sections = shape == .resend ? 10 : max(1, (messages - lines.count - 1 + 3 * cards) / (1 + 3 * cards))
            lines.append(update([component("root", "Column", ["children": .array((0..<sections).map { .string("sec\($0)") })])]))
            var s = 0, c = 0
            while lines.count < messages {
                if c == 0 {
                    // The last section lists only the cards the messages left fill (none waits for a card never sent).
                    let listed = shape == .resend ? cards : max(1, min(cards, (messages - lines.count - 1) / 3))
                    lines.append(update([component("sec\(s)", "Column", ["children": .array((0..<listed).map { .string("card\(s)_\($0)") })])]))
                }
                let card = "card\(s)_\(c)"
                lines.append(update([component(card, "Card", ["child": .string(card + "_col")]),
                                     component(card + "_col", "Column", ["children": [.string(card + "_t"), .string(card + "_v")]])]))
                lines.append(update([component(card + "_t", "Text", ["text": .string("Card \(s).\(c)")]),
                                     component(card + "_v", "Text", ["text": ["path": .string("/v/\(s)/\(c)")]])]))
                lines.append(data("/v/\(s)/\(c)", .string("value \(s * cards + c)")))
                c += 1
                if c == cards { c = 0; s = (s + 1) % sections }
            }
        }
        return Array(lines.prefix(messages))
    }

    static func document(_ text: String, streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: streaming, content: .string(text))
    }

    static func run(messages: Int, rounds: Int, shape: Shape) -> Result {
        let lines = stream(messages: messages, shape: shape)
        var texts: [String] = []
        var so = ""
        for l in lines { so += l; texts.append(so) }
        var batch = Double.infinity, streamed = Double.infinity
        var engineBatch = Double.infinity, engineStreamed = Double.infinity
        var nodes = 0
        for _ in 0..<rounds {
            var begin = now()
            let alone = A2UIRenderer().makeEngine()
            let last = AIUIContext(messageID: "m", isStreaming: false)
            alone.receive(document(so, streaming: false), context: last)
            let received = now()
            sink &+= alone.view(for: document(so, streaming: false), context: last)?.children.count ?? 0
            engineBatch = min(engineBatch, now() - begin)
            if getenv("A2UI_PHASES") != nil { print("batch: receive \((received - begin) * 1000) ms, view \((now() - received) * 1000) ms") }
            // Under a profiler, A2UI_BATCH_ONLY=1 leaves the streamed runs out.
            let batchOnly = getenv("A2UI_BATCH_ONLY") != nil
            begin = now()
            let engine = A2UIRenderer().makeEngine()
            let streaming = AIUIContext(messageID: "m", isStreaming: true)
            var receiving = 0.0, viewing = 0.0
            for (i, t) in texts.enumerated() where !batchOnly {
                let d = document(t, streaming: i < texts.count - 1)
                let context = i < texts.count - 1 ? streaming : last
                let a = now()
                engine.receive(d, context: context)
                let b = now()
                sink &+= engine.view(for: d, context: context)?.children.count ?? 0
                receiving += b - a
                viewing += now() - b
            }
            engineStreamed = min(engineStreamed, now() - begin)
            if getenv("A2UI_PHASES") != nil { print("receive \(receiving * 1000) ms, view \(viewing * 1000) ms") }

            // Under a profiler, A2UI_RENDERER_ONLY=1 leaves the host out.
            if getenv("A2UI_RENDERER_ONLY") != nil { (batch, streamed) = (1, 1); continue }
            var start = now()
            let whole = AIUIHost(renderers: [A2UIRenderer()])
            _ = whole.receive(messageID: "m", document: document(so, streaming: false))
            let root = whole.render(messageID: "m")?.root
            batch = min(batch, now() - start)
            var count = 0
            root?.walk { _, _ in count += 1 }
            nodes = count
            start = now()
            let host = AIUIHost(renderers: [A2UIRenderer()])
            for (i, t) in texts.enumerated() where !batchOnly {
                _ = host.receive(messageID: "m", document: document(t, streaming: i < texts.count - 1))
                sink &+= host.render(messageID: "m")?.root.children.count ?? 0
            }
            streamed = min(streamed, now() - start)
        }
        return Result(messages: lines.count, batchMillis: batch * 1000, streamedMillis: streamed * 1000,
                      engineBatchMillis: engineBatch * 1000, engineStreamedMillis: engineStreamed * 1000, nodes: nodes)
    }
}

extension A2UIBench {
    /// Under a profiler: the cost of one view after one kind of change, on the tree stream applied whole.
    static func micro() {
        let lines = stream(messages: 1000, shape: .tree)
        var text = lines.joined()
        let engine = A2UIRenderer().makeEngine()
        let context = AIUIContext(messageID: "m", isStreaming: true)
        engine.receive(document(text, streaming: true), context: context)
        _ = engine.view(for: document(text, streaming: true), context: context)
        func time(_ what: String, _ n: Int, _ step: (Int) -> Void) {
            let start = now()
            for i in 0..<n { step(i) }
            print("\(what): \(fmt((now() - start) / Double(n) * 1e6)) µs each")
        }
        if getenv("A2UI_MICRO_UNREAD") != nil {
            // Under a profiler: only views after a line no node reads (the fixed cost of a view).
            time("receive a data line no node reads + view", 4000) { i in
                text += data("/unread", .string("u\(i)"))
                engine.receive(document(text, streaming: true), context: context)
                sink &+= engine.view(for: document(text, streaming: true), context: context)?.children.count ?? 0
            }
            return
        }
        time("view, nothing changed", 2000) { _ in sink &+= engine.view(for: document(text, streaming: true), context: context)?.children.count ?? 0 }
        time("receive one data line", 2000) { i in
            text += data("/v/0/0", .string("v\(i)"))
            engine.receive(document(text, streaming: true), context: context)
        }
        time("receive a data line no node reads + view", 2000) { i in
            text += data("/unread", .string("u\(i)"))
            engine.receive(document(text, streaming: true), context: context)
            sink &+= engine.view(for: document(text, streaming: true), context: context)?.children.count ?? 0
        }
        time("receive a data line + view", 2000) { i in
            text += data("/v/0/1", .string("w\(i)"))
            engine.receive(document(text, streaming: true), context: context)
            sink &+= engine.view(for: document(text, streaming: true), context: context)?.children.count ?? 0
        }
        time("receive a component line + view", 2000) { i in
            text += update([component("card0_2_t", "Text", ["text": .string("t\(i)")])])
            engine.receive(document(text, streaming: true), context: context)
            sink &+= engine.view(for: document(text, streaming: true), context: context)?.children.count ?? 0
        }
    }
}
