import Dispatch
import StreamChatAI
import Synchronization
import TestSupport
import Testing
@testable import StreamChatOpenUI

/// The `openui` renderer in a UI host: IR, events, actions, tools, errors.
@Suite struct OpenUIRendererTests {
    typealias Log = UIHostLog

    func tool(_ name: String, readOnly: Bool, log: Log, output: JSONObject) throws -> AIClientTool {
        try log.tool(name, readOnly: readOnly, output: output)
    }

    func host(_ log: Log, library: OpenUILibrary = .chat, tools: [AIClientTool] = []) -> AIUIHost {
        log.host(renderers: [OpenUIRenderer(library: library)], tools: tools)
    }

    func receive(_ host: AIUIHost, _ program: String, streaming: Bool = false, id: String = "m") {
        host.receive(messageID: id, document: AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(program)))
    }

    @Test func `components are nodes typed by their library name, with statement ids and slots`() throws {
        let log = Log()
        let host = host(log)
        receive(host, """
        root = Card([title, Buttons([Button("Go")])])
        title = CardHeader("Trips", "two")
        """)
        let root = try #require(host.render(messageID: "m")?.root)
        #expect(root.type == "Card" && root.id == "root")
        #expect(root.children.map(\.type) == ["CardHeader", "Buttons"])
        #expect(root.children[0].id == "title" && root.children[0].props["title"] == "Trips" && root.children[0].props["slot"] == "children")
        let button = try #require(root.children[1].children.first)
        #expect(button.id == "root/children/0/buttons/0" && button.events == ["tap"] && button.props["label"] == "Go")
        #expect(log.errors.withLock { $0 }.isEmpty)
    }

    @Test func `a list of components is the node's children and not in props, before its components arrive too`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([tabs])\ntabs = Tabs([day])\nday = TabItem(\"d1\", \"Day 1\", [intro, more])\n", streaming: true)
        let waiting = try #require(host.render(messageID: "m")?.root)
        let day = try #require(waiting.children.first?.children.first)
        #expect(day.id == "day" && day.children.isEmpty && day.props["content"] == nil && day.props["trigger"] == "Day 1")
        #expect(waiting.props["children"] == nil && waiting.children.first?.props["items"] == nil)
        receive(host, "root = Card([tabs])\ntabs = Tabs([day])\nday = TabItem(\"d1\", \"Day 1\", [intro, more])\nintro = TextContent(\"Hi\")\n")
        let arrived = try #require(host.render(messageID: "m")?.root)
        let shown = try #require(arrived.children.first?.children.first)
        #expect(shown.children.map(\.id) == ["intro"] && shown.props["content"] == nil)
        // The ops between the two change no prop of the day: its component only arrives.
        #expect(UIDiff.ops(from: waiting, to: arrived).map { $0.jsonValue["op"] } == ["insert"])
        // Inline components too.
        receive(host, "root = Card([Table([Col(\"A\", [1, 2])])])\n", id: "t")
        let table = try #require(host.render(messageID: "t")?.root.children.first)
        #expect(table.props["columns"] == nil && table.children.map(\.type) == ["Col"])
    }

    @Test func `while a reply streams, ids stay and nodes arrive as their statements complete`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([header, body])\nheader = CardHeader(\"Tit", streaming: true)
        let first = try #require(host.render(messageID: "m")?.root)
        #expect(first.children.map(\.id) == ["header"])
        receive(host, "root = Card([header, body])\nheader = CardHeader(\"Title\")\nbody = TextContent(\"Hi\")\n")
        let second = try #require(host.render(messageID: "m")?.root)
        #expect(second.children.map(\.id) == ["header", "body"])
        #expect(UIDiff.ops(from: first, to: second).map { $0.jsonValue["op"] } == ["update", "insert"])
    }

    @Test func `a follow-up's tap continues the conversation labelled with its own text`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([FollowUpBlock([FollowUpItem(\"Tell me more\")])])")
        let root = try #require(host.render(messageID: "m")?.root)
        let item = try #require(root.children.first?.children.first)
        let outcome = try host.handle(AIUIEvent(nodeID: item.id, name: "tap"), messageID: "m")
        #expect(outcome.actions.map(\.name) == ["continue_conversation"])
        #expect(outcome.actions.first?.label == "Tell me more")
    }

    @Test func `an action is labelled with the button's label, not the text the agent wrote for it`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([Button(\"Book\", @ToAssistant(\"I confirm booking #42 and accept all terms\", {id: 42}))])")
        let root = try #require(host.render(messageID: "m")?.root)
        let outcome = try host.handle(AIUIEvent(nodeID: try #require(root.children.first?.id), name: "tap"), messageID: "m")
        let action = try #require(outcome.actions.first)
        #expect(action.label == "Book")
        #expect(action.payload["message"] == "I confirm booking #42 and accept all terms")
        #expect(action.payload["context"]?["id"] == 42)
    }

    @Test func `a form does not submit while a required field is empty, and never sends a password`() throws {
        let log = Log()
        let host = host(log)
        receive(host, """
        root = Card([form])
        form = Form("login", Buttons([send]), [user, pass])
        user = FormControl("User", Input("user", "Name", "text", {required: true}))
        pass = FormControl("Password", Input("pass", "Password", "password"))
        send = Button("Sign in", @ToAssistant("Sign in"))
        """)
        var root = try #require(host.render(messageID: "m")?.root)
        let userInput = try #require(root.find("user/input/0"))
        let passInput = try #require(root.find("pass/input/0"))
        #expect(passInput.props["secure"] == true)
        var outcome = try host.handle(AIUIEvent(nodeID: "send", name: "tap"), messageID: "m")
        #expect(outcome.actions.isEmpty)
        root = try #require(host.render(messageID: "m")?.root)
        #expect(root.find(userInput.id)?.props["error"] == "This field is required")
        _ = try host.handle(AIUIEvent(nodeID: userInput.id, name: "change", value: "ada"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: passInput.id, name: "change", value: "hunter22"), messageID: "m")
        _ = host.render(messageID: "m")
        outcome = try host.handle(AIUIEvent(nodeID: "send", name: "tap"), messageID: "m")
        let action = try #require(outcome.actions.first)
        #expect(action.payload["form"] == "login")
        #expect(action.payload["form_state"]?["login"]?["user"]?["value"] == "ada")
        #expect(!JSONSerializer.string(action.payload).contains("hunter22"))
        #expect(!JSONSerializer.string(action.jsonValue).contains("hunter22"))
    }

    @Test func `a Query runs a read-only tool once the reply is complete, and the reply renders again with its data`() throws {
        let log = Log()
        let host = host(log, tools: [try tool("list_trips", readOnly: true, log: log, output: ["rows": [["city": "Oslo"], ["city": "Rome"]]])])
        let program = """
        root = Card([TextContent("Trips: " + @Count(trips.rows))])
        trips = Query("list_trips", {year: 2026}, {rows: []})
        """
        receive(host, program, streaming: true)
        #expect(host.render(messageID: "m")?.root.children.first?.props["text"] == "Trips: 0")
        #expect(log.toolCalls.withLock { $0 }.isEmpty)  // never while streaming
        receive(host, program)
        #expect(log.toolCalls.withLock { $0 } == [#"list_trips {"year":2026}"#])
        #expect(log.renders.withLock { $0 }.contains("m"))
        #expect(host.render(messageID: "m")?.root.children.first?.props["text"] == "Trips: 2")
    }

    @Test func `a Query may not run a tool that changes things; a Mutation runs it on a tap`() throws {
        let log = Log()
        let host = host(log, tools: [try tool("book", readOnly: false, log: log, output: ["ok": true])])
        receive(host, """
        root = Card([TextContent(sneaky.ok ? "booked" : "not booked"), Button("Book", Action([@Run(booking), @ToAssistant("Booked")]))])
        sneaky = Query("book", {}, {ok: false})
        booking = Mutation("book", {seat: "12A"})
        """)
        let root = try #require(host.render(messageID: "m")?.root)
        #expect(root.children.first?.props["text"] == "not booked")
        #expect(log.toolCalls.withLock { $0 }.isEmpty)
        #expect(log.errors.withLock { $0 }.contains { $0.contains("tool-error") && $0.contains("changes things") })
        let outcome = try host.handle(AIUIEvent(nodeID: try #require(root.children.last?.id), name: "tap"), messageID: "m")
        #expect(log.toolCalls.withLock { $0 } == [#"book {"seat":"12A"}"#])
        #expect(outcome.actions.map(\.payload["message"]) == ["Booked"])
    }

    @Test func `an unknown tool is tool-not-found and the Query keeps its defaults`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([TextContent(\"n = \" + data.n)])\ndata = Query(\"nope\", {}, {n: 7})")
        #expect(host.render(messageID: "m")?.root.children.first?.props["text"] == "n = 7")
        #expect(log.errors.withLock { $0 }.contains { $0.contains("tool-not-found") })
    }

    @Test func `problems reach the error callback with their code and statement, once`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([TextContent(\"a\"), chart])\nchart = Chart([1, 2])")
        _ = host.render(messageID: "m")
        _ = host.render(messageID: "m")
        let errors = log.errors.withLock { $0 }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("unknown-component (chart)") == true)
    }

    @Test func `@OpenUrl goes through the link policy to the open callback`() throws {
        let log = Log()
        let host = host(log)
        receive(host, "root = Card([Button(\"Docs\", @OpenUrl(\"https://example.com/docs\")), Button(\"Bad\", @OpenUrl(\"javascript:alert(1)\"))])")
        let root = try #require(host.render(messageID: "m")?.root)
        _ = try host.handle(AIUIEvent(nodeID: root.children[0].id, name: "tap"), messageID: "m")
        _ = try host.handle(AIUIEvent(nodeID: root.children[1].id, name: "tap"), messageID: "m")
        #expect(log.opened.withLock { $0 } == ["https://example.com/docs"])
    }

    @Test func `a bound input writes its variable and what depends on it renders anew`() throws {
        let log = Log()
        let host = host(log, library: .standard)
        receive(host, "$q = \"\"\nroot = Stack([Input(\"q\", \"Search\", \"text\", null, $q), TextContent(\"You typed: \" + $q)])")
        let root = try #require(host.render(messageID: "m")?.root)
        #expect(root.children[0].bindings["value"] == "$q")
        _ = try host.handle(AIUIEvent(nodeID: root.children[0].id, name: "change", value: "lisbon"), messageID: "m")
        let after = try #require(host.render(messageID: "m")?.root)
        #expect(after.children[1].props["text"] == "You typed: lisbon")
        #expect(after.children[0].props["value"] == "lisbon")
    }

    @Test func `an app component is placed by its PascalCase name and typed by its own name`() throws {
        let log = Log()
        let place = try AIUIComponentDefinition(json: ["name": "place_card", "description": "A place",
                                                       "parameters": ["type": "object", "properties": ["title": ["type": "string"]], "required": ["title"]],
                                                       "events": [["name": "ask_about"]]])
        let host = AIUIHost(renderers: [OpenUIRenderer()], components: [place])
        receive(host, "root = Card([PlaceCard(\"Belém\")])")
        let node = try #require(host.render(messageID: "m")?.root.children.first)
        #expect(node.type == "place_card" && node.props["title"] == "Belém" && node.events == ["ask_about"])
        let instructions = host.capabilities.jsonValue["renderers"]?.arrayValue?.first { $0["format"] == "openui" }?["instructions"]?.stringValue ?? ""
        #expect(instructions.contains("PlaceCard(title: string) - A place"))
        #expect(instructions.contains("openui-lang"))
        _ = log
    }
}
