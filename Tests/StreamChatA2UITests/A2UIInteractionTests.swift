import Dispatch
import Synchronization
import StreamChatAI
import Testing
@testable import StreamChatA2UI

/// What the user does: typing into bound inputs, checks, taps, tabs, modals, links, media, app components.
@Suite struct A2UIInteractionTests {
    static let loginForm: [JSONValue] = [
        create(sendDataModel: true),
        components([
            ["id": "root", "component": "Column", "children": ["email", "password", "submit"]],
            ["id": "email", "component": "TextField", "label": "Email", "value": ["path": "/email"],
             "checks": [["condition": ["call": "email", "args": ["value": ["path": "/email"]]], "message": "Enter a valid email"]]],
            ["id": "password", "component": "TextField", "label": "Password", "variant": "obscured", "value": ["path": "/password"],
             "checks": [["condition": ["call": "length", "args": ["value": ["path": "/password"], "min": 8]], "message": "At least 8 characters"]]],
            ["id": "submit", "component": "Button", "child": "submit_text", "variant": "primary",
             "action": ["event": ["name": "login", "context": ["email": ["path": "/email"], "form": "login"]]],
             "checks": [["condition": ["call": "and", "args": ["values": [
                ["call": "email", "args": ["value": ["path": "/email"]]],
                ["call": "length", "args": ["value": ["path": "/password"], "min": 8]]]]], "message": "Fill in the form"]]],
            ["id": "submit_text", "component": "Text", "text": "Sign in"],
        ]),
    ]

    func node(_ host: AIUIHost, _ id: String) -> UINode? { host.render(messageID: "m")?.root.find(id) }

    @Test func `a login form: typing writes the data model, checks gate the button, the tap sends the context and the data model without the password`() throws {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl(Self.loginForm))
        let email = try #require(node(host, "email"))
        #expect(email.bindings["value"] == "/email" && email.events == ["change"] && email.props["value"] == "")
        #expect(node(host, "password")?.props["secure"] == true)
        #expect(node(host, "submit")?.props["disabled"] == true && node(host, "submit")?.props["label"] == "Sign in")
        #expect(node(host, "email")?.props["validation"]?["errors"]?[0]?["message"] == "Enter a valid email")
        // A tap on a disabled button sends nothing.
        #expect(try host.handle(AIUIEvent(nodeID: "submit", name: "tap"), messageID: "m").actions.isEmpty)

        _ = try host.handle(AIUIEvent(nodeID: "email", name: "change", value: "ada@example.com"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "password", name: "change", value: "correct horse"), messageID: "m")
        #expect(node(host, "email")?.props["value"] == "ada@example.com")
        #expect(node(host, "email")?.props["validation"]?["valid"] == true)
        #expect(node(host, "submit")?.props["disabled"] == false)

        let outcome = try host.handle(AIUIEvent(nodeID: "submit", name: "tap"), messageID: "m")
        let action = try #require(outcome.actions.first)
        #expect(action.name == "login" && action.label == "Sign in" && action.format == "a2ui")
        #expect(action.payload["email"] == "ada@example.com" && action.payload["form"] == "login")
        let model = try #require(action.payload["a2uiRendererDataModel"])
        #expect(model["version"] == "v1.0" && model["surfaces"]?["s"]?["email"] == "ada@example.com")
        #expect(!JSONSerializer.string(action.payload).contains("correct horse"))
        #expect(log.actions.withLock { $0.count } == 1)
    }

    @Test func `a template list grows while the reply streams, keeping the ids it had`() throws {
        let host = a2uiHost(Log())
        var lines = [create(), components([["id": "root", "component": "List", "children": ["componentId": "item", "path": "/items"]],
                                           ["id": "item", "component": "Text", "text": ["path": "title"]]])]
        var seen: [[String]] = []
        for i in 0..<4 {
            lines.append(data("/items/\(i)", ["title": .string("item \(i)")]))
            receive(host, jsonl(lines), streaming: true)
            seen.append(host.render(messageID: "m")?.root.children.first?.children.map(\.id) ?? [])
        }
        #expect(seen.map(\.count) == [1, 2, 3, 4])
        for (a, b) in zip(seen, seen.dropFirst()) { #expect(Array(b.prefix(a.count)) == a) }
        #expect(node(host, "item@/items/3")?.props["text"] == "item 3")
    }

    @Test func `after every message, a streamed template list shows what the same text rendered afresh shows`() throws {
        let streamed = a2uiHost(Log())
        var lines = [create(), components([["id": "root", "component": "Column", "children": ["list", "count"]],
                                           ["id": "list", "component": "List", "children": ["componentId": "row", "path": "/items"]],
                                           ["id": "row", "component": "Row", "children": ["name", "price"]],
                                           ["id": "name", "component": "Text", "text": ["path": "name"]],
                                           ["id": "price", "component": "Text", "text": ["path": "price"]],
                                           ["id": "count", "component": "Text", "text": ["path": "/total"]]])]
        for i in 0..<5 { lines.append(data("/items/\(i)", ["name": .string("n\(i)"), "price": .number(Double(i))])) }
        lines += [data("/items/2/name", "changed"), data("/total", "5 items"),
                  components([["id": "price", "component": "Text", "text": ["path": "name"]]]),
                  data("/items/5", ["name": "n5", "price": 5]), data("/items", [["name": "only"]]),
                  data("/items/1", ["name": "again"]), data("/items/0", ["name": "only"])]
        var kept: [UINode] = []
        func shown(_ root: UINode?) -> [String] {
            (root?.all ?? []).map { "\($0.id) \($0.type) \(JSONSerializer.string(.object($0.props)))" }
        }
        for end in 1...lines.count {
            let text = jsonl(Array(lines.prefix(end)))
            receive(streamed, text, streaming: end < lines.count)
            let root = streamed.render(messageID: "m")?.root
            if let root { kept.append(root) }
            let fresh = a2uiHost(Log())
            receive(fresh, text, streaming: end < lines.count)
            #expect(shown(root) == shown(fresh.render(messageID: "m")?.root), "after message \(end)")
        }
        // The trees handed out before are the app's: later renders did not change them.
        #expect(shown(kept[6]).contains { $0.hasPrefix("row@/items/4 Row") })
        #expect(!shown(kept[6]).contains { $0.contains("changed") })
    }

    @Test func `tabs switch and a modal opens and closes as local state only, with no action`() throws {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "Column", "children": ["tabs", "modal"]],
            ["id": "tabs", "component": "Tabs", "tabs": [["title": "One", "child": "one"], ["title": ["path": "/t2"], "child": "two"]]],
            ["id": "one", "component": "Text", "text": "first"], ["id": "two", "component": "Text", "text": "second"],
            ["id": "modal", "component": "Modal", "trigger": "open_text", "content": "body"],
            ["id": "open_text", "component": "Text", "text": "Details"], ["id": "body", "component": "Text", "text": "More"],
        ]), data("/t2", "Two")]))
        let tabs = try #require(node(host, "tabs"))
        #expect(tabs.props["tabs"]?[1]?["title"] == "Two" && tabs.children.map(\.id) == ["one"] && tabs.events == ["select"])
        let switched = try host.handle(AIUIEvent(nodeID: "tabs", name: "select", value: 1), messageID: "m")
        #expect(switched.actions.isEmpty && node(host, "tabs")?.children.map(\.id) == ["two"] && node(host, "tabs")?.props["selected"] == 1)
        #expect(node(host, "modal")?.children.map(\.id) == ["open_text"] && node(host, "modal")?.events == ["open"])
        #expect(try host.handle(AIUIEvent(nodeID: "modal", name: "open"), messageID: "m").actions.isEmpty)
        #expect(node(host, "modal")?.children.map(\.id) == ["open_text", "body"] && node(host, "modal")?.props["open"] == true)
        _ = try host.handle(AIUIEvent(nodeID: "modal", name: "close"), messageID: "m")
        #expect(node(host, "modal")?.children.count == 1)
        #expect(log.actions.withLock { $0 }.isEmpty)
    }

    @Test func `choice pickers select one or toggle many, check boxes and sliders write their types`() throws {
        let host = a2uiHost(Log())
        let options: JSONValue = [["label": "Red", "value": "r"], ["label": "Blue", "value": "b"]]
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "Column", "children": ["one", "many", "ok", "level"]],
            ["id": "one", "component": "ChoicePicker", "options": options, "value": ["path": "/one"]],
            ["id": "many", "component": "ChoicePicker", "options": options, "value": ["path": "/many"], "variant": "multipleSelection"],
            ["id": "ok", "component": "CheckBox", "label": "OK", "value": ["path": "/ok"]],
            ["id": "level", "component": "Slider", "max": 10, "value": ["path": "/level"]],
        ])]))
        #expect(node(host, "one")?.events == ["select", "change"])
        for (id, value) in [("one", "r"), ("one", "b"), ("many", "r"), ("many", "b"), ("many", "r")] {
            _ = try host.handle(AIUIEvent(nodeID: id, name: "select", value: .string(value)), messageID: "m")
        }
        _ = try host.handle(AIUIEvent(nodeID: "ok", name: "change", value: "true"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: "level", name: "change", value: 7.5), messageID: "m")
        #expect(node(host, "one")?.props["value"] == ["b"] && node(host, "many")?.props["value"] == ["b"])
        #expect(node(host, "ok")?.props["value"] == true && node(host, "level")?.props["value"] == 7.5)
    }

    @Test func `an openUrl action opens through the link policy and sends nothing`() throws {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "Button", "child": "t", "action": ["functionCall": ["call": "openUrl", "args": ["url": ["path": "/url"]]]]],
            ["id": "t", "component": "Text", "text": "Open"]]), data("/url", "https://example.com/a")]))
        _ = node(host, "root")
        #expect(try host.handle(AIUIEvent(nodeID: "root", name: "tap"), messageID: "m").actions.isEmpty)
        #expect(log.opened.withLock { $0 } == ["https://example.com/a"])
    }

    static let unknownFunctionActions: [JSONValue] = [
        ["event": ["name": "submit", "context": ["value": ["call": "noSuchFunction"], "kept": "literal"]]],
        ["functionCall": ["call": "noSuchFunction"]],
    ]

    @Test(arguments: unknownFunctionActions)
    func `a tap calling a function neither the catalog nor a tool has reports one EXPRESSION_ERROR and runs nothing`(action: JSONValue) throws {
        // (As the protocol's action conformance cases have it: the event still goes, the failed value as null.)
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "Button", "child": "t", "action": action], ["id": "t", "component": "Text", "text": "Go"]])]))
        _ = node(host, "root")
        #expect(log.allErrors.isEmpty)
        let outcome = try host.handle(AIUIEvent(nodeID: "root", name: "tap"), messageID: "m")
        #expect(outcome.toolRuns.isEmpty)
        #expect(log.allErrors == ["a2ui EXPRESSION_ERROR (surface s): the function noSuchFunction is not in the catalog and no tool of the app provides it"])
        if action["event"] != nil {
            #expect(outcome.actions.map(\.payload) == [["value": nil, "kept": "literal"]])
        } else {
            #expect(outcome.actions.isEmpty)
        }
    }

    @Test func `media URLs pass the media policy and a withheld one is not in the IR`() throws {
        let host = a2uiHost(Log(), mediaURL: { $0.hasPrefix("https://cdn.example/") ? $0 : nil })
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "Column", "children": ["ok", "other", "local", "video"]],
            ["id": "ok", "component": "Image", "url": "https://cdn.example/a.png"],
            ["id": "other", "component": "Image", "url": "https://tracker.example/p.gif"],
            ["id": "local", "component": "AudioPlayer", "url": "file:///etc/passwd"],
            ["id": "video", "component": "Video", "url": "https://cdn.example/v.mp4", "posterUrl": "javascript:alert(1)"],
        ])]))
        #expect(node(host, "ok")?.props["url"] == "https://cdn.example/a.png")
        #expect(node(host, "other")?.props["url"] == nil && node(host, "local")?.props["url"] == nil)
        #expect(node(host, "video")?.props["url"] != nil && node(host, "video")?.props["posterUrl"] == nil)
        let ir = JSONSerializer.string(try #require(host.render(messageID: "m")).jsonValue)
        #expect(!ir.contains("tracker.example") && !ir.contains("passwd") && !ir.contains("javascript"))
    }

    @Test func `eight threads streaming, rendering and typing into one reply: every event lands, the last tree is whole`() throws {
        let log = Log()
        let host = a2uiHost(log)
        let lines = Self.loginForm + (0..<40).map { data("/note/\($0)", .string("n\($0)")) }
        let landed = Mutex(0)
        // Each thread streams the reply a line further, renders it, and types into the email field. A render that lets
        // go of the last tree may meet an event, which must land on the next tree (the host's gated test makes
        // that meeting certain; here it is left to the threads).
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for round in 0..<25 {
                let count = min(lines.count, 2 + (t * 25 + round) % lines.count)
                receive(host, jsonl(Array(lines.prefix(count))), streaming: true)
                _ = host.render(messageID: "m")
                if (try? host.handle(AIUIEvent(nodeID: "email", name: "change", value: .string("a\(t)@b.example")), messageID: "m")) != nil {
                    landed.withLock { $0 += 1 }
                }
            }
        }
        #expect(landed.withLock { $0 } == 8 * 25)
        receive(host, jsonl(lines))
        let root = try #require(host.render(messageID: "m")?.root)
        #expect(root.find("email") != nil && root.find("password") != nil && root.find("submit_text") != nil)
        // What was typed is in the surface's data model, which the field shows.
        #expect(root.find("email")?.props["value"]?.stringValue?.hasSuffix("@b.example") == true)
    }

    @Test func `nodes the engine makes go through the host's pass as they are made: media props by name, one report, stable entrances`() throws {
        let log = Log()
        let place = try AIUIComponentDefinition(json: ["name": "place_card", "parameters": ["type": "object"]])
        let host = a2uiHost(log, components: [place])
        var lines = [create(), components([["id": "root", "component": "Column", "children": ["card", "t"]],
                                            ["id": "card", "component": "place_card", "title": "Café", "image_url": "javascript:alert(1)",
                                             "photo": "https://example.com/ok.png"]])]
        receive(host, jsonl(lines), streaming: true)
        let first = try #require(host.render(messageID: "m")?.root)
        let card = try #require(first.find("card"))
        #expect(card.props["image_url"] == nil && card.props["photo"] == "https://example.com/ok.png")
        #expect(log.allErrors.filter { $0.contains("image_url") }.count == 1)
        // A later message brings a node: it enters after the others, which keep theirs; the refused media is not told again.
        lines.append(components([["id": "root", "component": "Column", "children": ["card", "t", "u"]],
                                 ["id": "t", "component": "Text", "text": "hi"], ["id": "u", "component": "Text", "text": "new"]]))
        receive(host, jsonl(lines), streaming: true)
        let second = try #require(host.render(messageID: "m")?.root)
        #expect(second.find("card")?.entrance == card.entrance && second.find("root")?.entrance == first.find("root")?.entrance)
        // `t` was there, waiting for its component: it keeps its place's entrance; `u` is new.
        #expect(second.find("t")?.entrance == first.find("t")?.entrance)
        #expect(try #require(second.find("u")?.entrance) > card.entrance)
        #expect(log.allErrors.filter { $0.contains("image_url") }.count == 1)
        // The whole view made again (the reply completes): every node keeps its entrance.
        receive(host, jsonl(lines), streaming: false)
        let last = try #require(host.render(messageID: "m")?.root)
        last.walk { node, _ in
            if let before = second.find(node.id) { #expect(node.entrance == before.entrance, "\(node.id)") }
        }
    }

    @Test func `app components join by name with resolved arguments, and one named like a basic component is left out`() throws {
        let place = try AIUIComponentDefinition(json: ["name": "place_card", "parameters": ["type": "object", "properties": ["title": ["type": "string"]], "required": ["title"]]])
        let card = try AIUIComponentDefinition(json: ["name": "card", "parameters": ["type": "object"]])
        let log = Log()
        let host = a2uiHost(log, components: [place, card])
        receive(host, jsonl([create(catalog: A2UICatalog.defaultAppCatalogID), components([
            ["id": "root", "component": "Column", "children": ["p", "c"]],
            ["id": "p", "component": "PlaceCard", "title": ["path": "/name"], "weight": 1],
            ["id": "c", "component": "Card", "child": "t"], ["id": "t", "component": "Text", "text": "basic card"],
        ]), data("/name", "Louvre")]))
        let p = try #require(node(host, "p"))
        #expect(p.type == "place_card" && p.props["title"] == "Louvre" && p.props["weight"] == 1 && p.state == .ready)
        #expect(node(host, "c")?.type == "Card")
        #expect(log.allErrors.contains { $0.contains("card") && $0.contains("a2ui") }, "\(log.allErrors)")
        let capabilities = host.capabilities.jsonValue
        #expect(capabilities["renderers"]?[0]?["catalog_id"] == .string(A2UICatalog.defaultAppCatalogID))
        #expect(capabilities["renderers"]?[0]?["instructions"]?.stringValue?.contains("PlaceCard(title: string)") == true)
        #expect(capabilities["renderers"]?[0]?["instructions"]?.stringValue?.contains("- Card(") == true)
        #expect(host.capabilities.jsonValue["renderers"]?[0]?["instructions"]?.stringValue?.contains("Card(") == true)
    }

    @Test func `an input not bound to data keeps what the user entered as its own state`() throws {
        let host = a2uiHost(Log())
        receive(host, jsonl([create(), components([["id": "root", "component": "TextField", "label": "Name", "value": "literal"]])]))
        #expect(node(host, "root")?.props["value"] == "literal")
        _ = try host.handle(AIUIEvent(nodeID: "root", name: "change", value: "typed"), messageID: "m")
        #expect(node(host, "root")?.props["value"] == "typed")
    }
}
