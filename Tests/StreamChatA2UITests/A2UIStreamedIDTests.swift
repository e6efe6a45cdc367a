@testable import StreamChatAI
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import StreamChatA2UI

/// Node ids while a reply streams: every render of a host equals a fresh host's render of the same text.
@Suite struct A2UIStreamedIDTests {
    static let catalog = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
    static let lines = [
        #"{"version": "v1.0", "createSurface": {"surfaceId": "s", "catalogId": "\#(catalog)"}}"#,
        #"{"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Card", "child": "form"}, {"id": "form", "component": "Column", "children": ["plans"]}]}}"#,
        #"{"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "plans", "component": "List", "children": {"componentId": "row", "path": "/items"}}, {"id": "row", "component": "Text", "text": {"path": "name"}}]}}"#,
        #"{"version": "v1.0", "updateDataModel": {"surfaceId": "s", "path": "/items", "value": [{"name": "a"}, {"name": "b"}]}}"#,
        // A second list of the same template: the template is now listed in two places.
        #"{"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "other", "component": "List", "children": {"componentId": "row", "path": "/items"}}]}}"#,
    ]

    static func document(_ lines: ArraySlice<String>, streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: streaming, content: .string(lines.joined(separator: "\n") + "\n"))
    }

    static func ids(_ node: UINode?) -> [String] {
        var out: [String] = []
        node?.walk { n, _ in out.append(n.id) }
        return out
    }

    @Test func `a template's instances take their list's id when a second list lists the template, as a fresh render gives them`() {
        let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        for end in 1...Self.lines.count {
            _ = host.receive(messageID: "m", document: Self.document(Self.lines[..<end], streaming: end < Self.lines.count))
            _ = host.render(messageID: "m")
        }
        let streamed = Self.ids(host.render(messageID: "m")?.root)
        let fresh = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        _ = fresh.receive(messageID: "m", document: Self.document(Self.lines[...], streaming: false))
        let whole = Self.ids(fresh.render(messageID: "m")?.root)
        #expect(whole.contains("row@/items/0^plans") && whole.contains("row@/items/1^plans"))
        #expect(streamed == whole)
    }

    @Test func `lines appended to the host a piece at a time render as the whole text so far does`() throws {
        let appended = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        let whole = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        _ = appended.receive(messageID: "m", document: AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: true, content: ""))
        let text = Self.lines.joined(separator: "\n") + "\n"
        var sent = ""
        var tree: UINode?
        // Pieces of 40 bytes: lines arrive cut anywhere, and the renderer (which has no append of its own) is handed
        // the whole text each time.
        for piece in stride(from: 0, to: text.utf8.count, by: 40).map({ String(text.utf8.dropFirst($0).prefix(40))! }) {
            sent += piece
            let streaming = sent.utf8.count < text.utf8.count
            try appended.append(messageID: "m", text: piece, isStreaming: streaming)
            _ = whole.receive(messageID: "m", document: AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: streaming, content: .string(sent)))
            let expected = whole.render(messageID: "m")
            guard let got = appended.renderOps(messageID: "m") else {
                #expect(expected == nil)
                continue
            }
            #expect(got.render == expected)
            if let tree { #expect(got.render.root == (try? UIDiff.apply(got.ops, to: tree))) }
            tree = got.render.root
        }
        #expect(Self.ids(tree).contains("row@/items/1^plans"))
    }

    @Test func `a component changed while no parent showed it shows its change when a parent shows it again`() {
        // Found by the fuzz target: the view after the change did not reach the component, and the next view, which
        // reached it again, gave its node as it was before the change (the text sent again unchanged marks nothing).
        let text = { (id: String, shown: String) in
            #"{"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Card", "child": "\#(id)"}, {"id": "form", "component": "Column", "children": ["t"]}, {"id": "t", "component": "Text", "text": "\#(shown)"}]}}"#
        }
        let lines = [Self.lines[0], text("form", "old"), text("gone", "new"), text("form", "new")]
        for rendered in [[2, 3], [1, 2, 3], [3]] {
            let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            for end in rendered {
                _ = host.receive(messageID: "m", document: Self.document(lines[..<end], streaming: true))
                _ = host.render(messageID: "m")
            }
            _ = host.receive(messageID: "m", document: Self.document(lines[...], streaming: false))
            let shown = host.render(messageID: "m")?.root.all.first { $0.id == "t" }?.props["text"]
            #expect(shown == "new", "rendered after lines \(rendered)")
        }
    }

    /// A random stream of valid messages over a few ids, types, templates and data paths: components replaced,
    /// moved out of view and back (behind tabs and modals too), lists that grow and shrink, values deleted, the surface
    /// deleted and made again.
    /// `creates` is the surface the stream creates first; each later message goes to one of `surfaces`.
    static func randomMessages(_ random: inout SeededRandom, count: Int, creates: String = "s", surfaces: [String] = ["s"]) -> [String] {
        let ids = ["root", "a", "b", "c", "d", "row"]
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        func childIDs() -> JSONValue { .array((0..<Int(random.next() % 4)).map { _ in .string(pick(Array(ids.dropFirst()))) }) }
        func text() -> JSONValue {
            pick([.string(pick(["one", "two", "three"])), ["path": "/name"], ["path": "label"],
                  ["call": "formatString", "args": ["value": "${/name}: ${label}"]]])
        }
        func component(_ id: String) -> JSONValue {
            switch pick(["Column", "Row", "Card", "Text", "Text", "List", "Button", "Tabs", "Modal", "TextField", "CheckBox", "ChoicePicker"]) {
            case "Tabs": return ["id": .string(id), "component": "Tabs", "tabs": .array((1...2).map { _ -> JSONValue in
                                    ["title": text(), "child": .string(pick(Array(ids.dropFirst())))] })]
            case "Modal": return ["id": .string(id), "component": "Modal", "trigger": .string(pick(Array(ids.dropFirst()))),
                                  "content": .string(pick(Array(ids.dropFirst())))]
            case "TextField": return ["id": .string(id), "component": "TextField", "label": text(), "value": pick([["path": "/name"], ["path": "label"]]),
                                      "checks": chance(50) ? [["condition": ["call": "required", "args": ["value": ["path": "/name"]]], "message": "needed"]] : []]
            case "CheckBox": return ["id": .string(id), "component": "CheckBox", "label": text(), "value": ["path": "/flag"]]
            case "ChoicePicker": return ["id": .string(id), "component": "ChoicePicker", "value": ["path": "/picked"],
                                        "options": [["label": "One", "value": "1"], ["label": text(), "value": "2"]]]
            case "Column": return ["id": .string(id), "component": "Column",
                                   "children": chance(30) ? ["componentId": "row", "path": "/items"] : childIDs()]
            case "Row": return ["id": .string(id), "component": "Row", "children": childIDs()]
            case "Card": return ["id": .string(id), "component": "Card", "child": .string(pick(Array(ids.dropFirst())))]
            case "List": return ["id": .string(id), "component": "List", "children": ["componentId": "row", "path": "/items"]]
            case "Button": return ["id": .string(id), "component": "Button", "child": .string(pick(Array(ids.dropFirst()))),
                                   "action": ["event": ["name": "go", "context": ["n": ["path": "/name"]]]]]
            default: return ["id": .string(id), "component": "Text", "text": text()]
            }
        }
        var out = [#"{"version": "v1.0", "createSurface": {"surfaceId": "\#(creates)", "catalogId": "\#(catalog)"}}"#]
        while out.count < count {
            let surface = JSONValue.string(surfaces.count == 1 ? surfaces[0] : pick(surfaces))
            let message: JSONValue
            switch random.next() % 10 {
            case 0..<5:
                let list = (0...Int(random.next() % 3)).map { _ in component(pick(ids)) }
                message = ["version": "v1.0", "updateComponents": ["surfaceId": surface, "components": .array(list)]]
            case 5..<7:
                let items = (0..<Int(random.next() % 4)).map { _ -> JSONValue in ["label": .string(pick(["x", "y", "z"]))] }
                message = ["version": "v1.0", "updateDataModel": ["surfaceId": surface, "path": "/items", "value": .array(items)]]
            case 7:
                if chance(15) {
                    // The surface deleted and made again.
                    out.append(JSONSerializer.string(["version": "v1.0", "deleteSurface": ["surfaceId": surface]]))
                    message = ["version": "v1.0", "createSurface": ["surfaceId": surface, "catalogId": .string(catalog)]]
                } else {
                    message = ["version": "v1.0", "updateDataModel": ["surfaceId": surface, "path": .string(pick(["/items/\(random.next() % 3)/label", "/flag", "/picked"])),
                                                                     "value": chance(30) ? .null : pick([.string("p"), .bool(true), ["1"]])]]
                }
            default:
                message = ["version": "v1.0", "updateDataModel": ["surfaceId": surface, "path": "/name",
                                                                 "value": chance(20) ? .null : .string(pick(["Ada", "Bo"]))]]
            }
            out.append(JSONSerializer.string(message))
        }
        return out
    }

    /// The seeds a random test runs: 1 to `count`; A2UI_SEEDS=N runs N instead, to look further, and A2UI_FIRST_SEED=S
    /// starts at S (to run one seed again: A2UI_FIRST_SEED=S A2UI_SEEDS=S).
    static func seeds(_ count: UInt64) -> ClosedRange<UInt64> {
        let first = getenv("A2UI_FIRST_SEED").map { max(1, UInt64(atoi($0))) } ?? 1
        return first...max(first, getenv("A2UI_SEEDS").map { UInt64(atoi($0)) } ?? count)
    }

    @Test func `random message streams render after every message as a fresh render of the same messages does, ops and all`() {
        var differing: [String] = []
        for seed in Self.seeds(300) {
            var random = SeededRandom(state: seed)
            let lines = Self.randomMessages(&random, count: 14)
            let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            var tree: UINode?
            for end in 1...lines.count where end == lines.count || random.next() % 3 != 0 {
                let streaming = end < lines.count
                _ = host.receive(messageID: "m", document: Self.document(lines[..<end], streaming: streaming))
                // Through the ops a front end applies, too: the last tree and them give the new one.
                let got = host.renderOps(messageID: "m")
                let streamed = got?.render.root
                if let tree, let got, (try? UIDiff.apply(got.ops, to: tree)) != got.render.root {
                    differing.append("seed \(seed), after \(end) messages: the ops do not turn the last tree into this one")
                    break
                }
                tree = streamed
                // Each id names one node, as ops and events need.
                if let repeated = streamed?.repeatedID {
                    differing.append("seed \(seed), after \(end) messages: the id \(repeated) names two nodes")
                    break
                }
                let fresh = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
                _ = fresh.receive(messageID: "m", document: Self.document(lines[..<end], streaming: streaming))
                let whole = fresh.render(messageID: "m")?.root
                // (Where nesting is cut short, by the depth limit or by the room left on the stack, the streamed render
                // cuts it where a fresh one does: a node that holds such a cut is made again on every view, as a fresh
                // render makes it.)
                if plainTree(streamed) != plainTree(whole) {
                    differing.append("seed \(seed), after \(end) messages:\n" + lines[..<end].joined(separator: "\n")
                                     + "\n" + firstDifference(plainTree(streamed), plainTree(whole)))
                    break
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) streams differ; the first: \(differing.first ?? "")")
    }

    @Test func `random streams over two replies, the second changing the first's surface, render as fresh hosts do`() {
        // (A later reply's message may change an earlier reply's surface: that reply renders again where it was.)
        var differing: [String] = []
        for seed in Self.seeds(150) {
            var random = SeededRandom(state: seed)
            let first = Self.randomMessages(&random, count: 8, creates: "s", surfaces: ["s", "s", "t"])
            let second = Self.randomMessages(&random, count: 8, creates: "t", surfaces: ["s", "t"])
            let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            let steps = (1...first.count).map { ("m1", $0) } + (1...second.count).map { ("m2", $0) }
            for (reply, end) in steps {
                let lines = reply == "m1" ? first : second
                _ = host.receive(messageID: reply, document: Self.document(lines[..<end], streaming: end < lines.count))
                guard random.next() % 3 != 0 || end == lines.count else { continue }
                let fresh = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
                if reply == "m2" { _ = fresh.receive(messageID: "m1", document: Self.document(first[...], streaming: false)) }
                _ = fresh.receive(messageID: reply, document: Self.document(lines[..<end], streaming: end < lines.count))
                for shown in reply == "m1" ? ["m1"] : ["m1", "m2"] {
                    let streamed = host.render(messageID: shown)?.root, whole = fresh.render(messageID: shown)?.root
                    if let repeated = streamed?.repeatedID {
                        differing.append("seed \(seed), reply \(shown) after \(reply) line \(end): the id \(repeated) names two nodes")
                    }
                    if plainTree(streamed) != plainTree(whole) {
                        differing.append("seed \(seed), reply \(shown) after \(reply) line \(end):\n" + firstDifference(plainTree(streamed), plainTree(whole)))
                    }
                }
                if !differing.isEmpty { break }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) streams differ; the first: \(differing.first ?? "")")
    }

    @Test func `random streams with the user's events between messages end as a host that renders only before each event ends`() {
        // Typing into bound and unbound fields, check boxes, choices, tabs, modals and taps: the user state and the
        // data they write survive views made after every message as they survive views made only when needed.
        var differing: [String] = []
        for seed in Self.seeds(150) {
            var random = SeededRandom(state: seed)
            let lines = Self.randomMessages(&random, count: 12)
            let eager = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            let lazy = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            let values: [JSONValue] = ["typed", "", true, false, 3, 0, 1, "a", ["b"]]
            for end in 1...lines.count {
                for host in [eager, lazy] {
                    _ = host.receive(messageID: "m", document: Self.document(lines[..<end], streaming: end < lines.count))
                }
                _ = eager.render(messageID: "m")
                guard random.next() % 2 == 0 else { continue }
                let tree = eager.render(messageID: "m")?.root
                let other = lazy.render(messageID: "m")?.root
                if let repeated = tree?.repeatedID {
                    differing.append("seed \(seed), before an event after \(end) messages: the id \(repeated) names two nodes")
                    break
                }
                if plainTree(tree) != plainTree(other) {
                    differing.append("seed \(seed), before an event after \(end) messages:\n" + firstDifference(plainTree(tree), plainTree(other)))
                    break
                }
                let targets = tree?.all.filter { !$0.events.isEmpty } ?? []
                guard !targets.isEmpty else { continue }
                let node = targets[Int(random.next() % UInt64(targets.count))]
                let name = node.events[Int(random.next() % UInt64(node.events.count))]
                let value = name == "tap" || name == "open" || name == "close" ? nil : values[Int(random.next() % UInt64(values.count))]
                for host in [eager, lazy] { _ = try? host.handle(AIUIEvent(nodeID: node.id, name: name, value: value), messageID: "m") }
                _ = eager.render(messageID: "m")
            }
            let last = (plainTree(eager.render(messageID: "m")?.root), plainTree(lazy.render(messageID: "m")?.root))
            if differing.isEmpty, last.0 != last.1 { differing.append("seed \(seed), at the end:\n" + firstDifference(last.0, last.1)) }
            if !differing.isEmpty { break }
        }
        #expect(differing.isEmpty, "\(differing.first ?? "")")
    }

    @Test func `a template listed again in its own instances is refused in each place under an id of its own`() {
        // Each row lists the items again: the second and the third row's inner rows were placed already (in the first
        // row), and each is refused where it stands. Their ids named the list's component, not its node: the third
        // row's refusals took the second row's ids, which ops and events can't tell apart.
        let log = Log()
        let host = a2uiHost(log, renderer: A2UIRenderer(catalogAliases: ["basic"]))
        receive(host, jsonl([create(), components([
            ["id": "root", "component": "List", "children": ["componentId": "row", "path": "/items"]],
            ["id": "row", "component": "Column", "children": ["names"]],
            ["id": "names", "component": "List", "children": ["componentId": "name", "path": "/items"]],
            ["id": "name", "component": "Text", "text": ["path": "name"]]]),
            ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": "/items", "value": [["name": "a"], ["name": "b"], ["name": "c"]]]]]))
        let tree = host.render(messageID: "m")?.root
        #expect(tree?.all.filter { $0.props["message"] == "placed twice" }.count == 6)
        #expect(tree?.repeatedID == nil)
    }

    @Test func `a template that lists itself streams, cut at the depth limit, with ids of their own, as read whole, through ops that apply`() {
        // Each row holds a list of the rows again, down to the depth limit, where every row's nodes are refused. The rows
        // inside one list's rows take the ids of those inside another's: each refusal was named as the others, and a view
        // that took a kept tree whole did not see that its nodes stood in the view already, and made them again.
        func data(_ path: String, _ value: JSONValue) -> JSONValue {
            ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": .string(path), "value": value]]
        }
        let messages = [
            create(),
            components([["id": "root", "component": "Row", "children": ["rows"]],
                        ["id": "rows", "component": "List", "children": ["componentId": "row", "path": "/items"]],
                        ["id": "row", "component": "Card", "child": "rows"]]),
            data("/items", [["name": "a"], ["name": "b"]]),
            // The rows of the first two items are taken as kept (each holds the cut), the third's are made.
            data("/items", [["name": "a"], ["name": "b"], ["name": "c"]]),
            components([["id": "row", "component": "Column", "children": ["rows", "name"]],
                        ["id": "name", "component": "Text", "text": ["path": "name"]]]),
            data("/items/1/name", "z"),
            data("/items", [["name": "x"], ["name": "z"], ["name": "y"]]),
        ]
        let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        var last: UINode?
        for end in 1...messages.count {
            let document = AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: end < messages.count,
                                        content: jsonl(Array(messages[..<end])))
            _ = host.receive(messageID: "m", document: document)
            guard let (render, ops) = host.renderOps(messageID: "m") else {
                Issue.record("no render after \(end) messages")
                return
            }
            #expect(render.root.repeatedID == nil, "after \(end) messages")
            if let last { #expect((try? UIDiff.apply(ops, to: last)) == render.root, "after \(end) messages") }
            last = render.root
            let fresh = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
            _ = fresh.receive(messageID: "m", document: document)
            #expect(plainTree(render.root) == plainTree(fresh.render(messageID: "m")?.root), "after \(end) messages")
        }
        #expect(last?.all.contains { $0.props["message"] == "nested too deep" } == true)
    }

    @Test func `a surface that runs out of the node budget shows the same nodes streamed as read whole`() throws {
        // A list that lists a column twice, and the column lists the list: the tree doubles at each level until the node
        // budget runs out. A view taking kept trees counted them otherwise than a view making every node, and ran out
        // elsewhere: two more nodes showed (fuzz-found).
        let messages = [create(),
                        components([["id": "root", "component": "Column", "children": ["e", "plans", "l", "p"]]]),
                        components([["id": "plan", "component": "Column", "children": ["e", "plans", "l", "d", "u"]]]),
                        components([["id": "e", "component": "Marquee"], ["id": "plans", "component": "List", "children": ["t", "plan", "plan", "t"]]])]
        let text = messages.map { JSONSerializer.string($0) }.joined()
        var ends: [String.Index] = []
        var (end, size) = (0, 1)
        while end < text.utf8.count {
            end = min(text.utf8.count, end + size)
            ends.append(text.utf8.index(text.utf8.startIndex, offsetBy: end))
            size = size * 2 % 97 + 1
        }
        let (streamed, whole) = (Self.read(text, ends: ends, rendering: true), Self.read(text, ends: []))
        #expect(whole.root?.all.contains { $0.props["message"] == "too many nodes" } == true)
        #expect(streamed.root == whole.root, "\(firstDifference(streamed.root, whole.root))")
    }

    @Test func `a view made again over the node budget tells what the media policy withheld once`() throws {
        let log = Log()
        let place = try AIUIComponentDefinition(json: ["name": "place_card", "parameters": ["type": "object"]])
        let host = a2uiHost(log, components: [place])
        var messages = [create(),
                        components([["id": "root", "component": "Column", "children": ["card", "plans"]],
                                    ["id": "card", "component": "place_card", "image_url": ["path": "/u"]],
                                    ["id": "plan", "component": "Column", "children": []],
                                    ["id": "plans", "component": "List", "children": ["plan"]]]),
                        ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": "/u", "value": "javascript:a"]]]
        receive(host, jsonl(messages), streaming: true)
        _ = host.render(messageID: "m")
        // The card's URL changes and the list comes to list a column that lists it: the next view takes the kept trees,
        // runs out of the budget, and is made again.
        messages += [components([["id": "plan", "component": "Column", "children": ["plans", "plans"]],
                                 ["id": "plans", "component": "List", "children": ["plan", "plan", "plan"]]]),
                     ["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": "/u", "value": "javascript:b"]]]
        let before = log.allErrors.count
        receive(host, jsonl(messages), streaming: true)
        let tree = host.render(messageID: "m")?.root
        #expect(tree?.all.contains { $0.props["message"] == "too many nodes" } == true)
        #expect(tree?.find("card") != nil && tree?.find("card")?.props["image_url"] == nil)
        #expect(log.allErrors[before...].filter { $0.contains("javascript:b") }.count == 1, "\(log.allErrors)")
    }

    /// Reads `text` as one reply's A2UI content, cut into pieces at `ends` while it streams (rendered after each when
    /// `rendering`): its last render and problems.
    static func read(_ text: String, ends: [String.Index], rendering: Bool = false) -> (root: UINode?, errors: [String]) {
        let log = Log()
        let host = a2uiHost(log, renderer: A2UIRenderer(catalogAliases: ["basic"]))
        for end in ends {
            receive(host, .string(String(text[..<end])), streaming: true)
            if rendering { _ = host.render(messageID: "m") }
        }
        receive(host, .string(text))
        return (plainTree(host.render(messageID: "m")?.root), log.allErrors)
    }

    @Test func `random contents with messages cut short read alike whole, in pieces and a line at a time, and a cut JSONL message loses only itself`() throws {
        var differing: [String] = []
        for seed in Self.seeds(150) {
            var random = SeededRandom(state: seed)
            let pretty = seed % 2 == 0
            let messages = try Self.randomMessages(&random, count: 10).map {
                pretty ? JSONSerializer.string(try JSONParser.parse($0), style: .pretty) : $0
            }
            // Copies of some messages cut short anywhere (between tokens, in a string, in a number), among the messages.
            var lines = messages
            var cuts = 0
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let copy = Array(messages[Int(random.next() % UInt64(messages.count))].utf8)
                lines.insert(String(decoding: copy[..<(1 + Int(random.next() % UInt64(copy.count - 1)))], as: UTF8.self),
                             at: Int(random.next() % UInt64(lines.count + 1)))
                cuts += 1
            }
            let text = lines.joined(separator: "\n") + "\n"
            var pieces: [String.Index] = []
            var end = 0
            while end < text.utf8.count {
                end = min(text.utf8.count, end + 1 + Int(random.next() % 40))
                pieces.append(text.utf8.index(text.utf8.startIndex, offsetBy: end))
            }
            let byLine = text.indices.filter { text[$0] == "\n" }
            let whole = Self.read(text, ends: [])
            for (how, got) in [("in pieces", Self.read(text, ends: pieces)), ("a line at a time", Self.read(text, ends: byLine))]
            where got.root != whole.root || got.errors != whole.errors {
                differing.append("seed \(seed), \(how):\n\(text)\n" + firstDifference(got.root, whole.root)
                                 + "\nerrors \(got.errors)\nwhole  \(whole.errors)")
            }
            let invalid = whole.errors.filter { $0.contains("INVALID_JSON") }.count
            if !pretty, whole.root != Self.read(messages.joined(separator: "\n") + "\n", ends: []).root || !(1...cuts).contains(invalid) {
                differing.append("seed \(seed): the cut lines lost more than themselves:\n\(text)\n\(whole.errors)")
            }
        }
        #expect(differing.isEmpty, "\(differing.count) contents differ; the first: \(differing.first ?? "")")
    }

    @Test func `a document older than the one the engine read, reaching it later, is left`() {
        let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        let engine = A2UIRenderer(catalogAliases: ["basic"]).makeEngine()
        func context(_ order: Int?) -> AIUIContext {
            AIUIContext(host: host, messageID: "m", components: [], isStreaming: true, documentOrder: order)
        }
        let full = Self.document(Self.lines[...], streaming: true), short = Self.document(Self.lines[..<1], streaming: true)
        engine.receive(full, context: context(3))
        let read = Self.ids(engine.view(for: full, context: context(nil)))
        #expect(read.contains("plans"))
        // Two threads' documents reaching the engine in the other order than the host took them: the older is left.
        engine.receive(short, context: context(2))
        #expect(Self.ids(engine.view(for: full, context: context(nil))) == read)
        // A later one is read (here the agent rewrote the reply: its surface starts over).
        engine.receive(short, context: context(4))
        #expect(!Self.ids(engine.view(for: short, context: context(nil))).contains("plans"))
    }
}
