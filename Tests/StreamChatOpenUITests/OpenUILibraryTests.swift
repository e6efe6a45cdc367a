import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatOpenUI

@Suite struct OpenUILibraryTests {
    func renderErrors(_ text: String, _ library: OpenUILibrary) -> (OpenUIResult, [String]) {
        let result = render(chunks: [text], library: library)
        return (result, result.errors.map(\.description))
    }

    @Test func `the chat library's root is Card and every component reads from its signature`() throws {
        let chat = OpenUILibrary.chat
        #expect(chat.root == "Card")
        #expect(chat.components.count == 58)
        #expect(chat.component(named: "Modal") == nil && chat.component(named: "Stack") == nil)
        let form = try #require(chat.component(named: "Form"))
        #expect(form.props.map(\.name) == ["name", "buttons", "fields"])
        #expect(form.props[2].defaultValue == .array([]))
        let input = try #require(chat.component(named: "Input"))
        #expect(input.props.map(\.name) == ["name", "placeholder", "type", "rules", "value"])
        #expect(input.props.last?.isBindable == true && input.props[3].type == .object)
        #expect(chat.component(named: "Callout")?.props.first?.type == .enumeration(["info", "warning", "error", "success", "neutral"]))
        #expect(chat.component(named: "Carousel")?.props.first.map { if case .array(.array(.component)) = $0.type { true } else { false } } == true)
        #expect(chat.component(named: "Button")?.props[1].type == .action(nil))
        // Every signature line reads back to itself.
        for c in chat.components { #expect(c.signatureText.hasPrefix(c.name + "("), "\(c.name)") }
        #expect(Set(chat.groups.flatMap(\.components)) == Set(chat.components.map(\.name)))
    }

    /// Every prop of a library as its signature line was read: type, whether required, its default and whether it binds.
    static func propsRead(_ library: OpenUILibrary) -> String {
        library.components.map { entry in
            entry.name + "\n" + entry.props.map { prop in
                "  " + prop.signatureText + (prop.defaultValue.map { " = \($0.jsonValue)" } ?? "") + "\n"
            }.joined()
        }.joined()
    }

    @Test(arguments: ["chat", "standard"])
    func `the built-in libraries read from their signature lines as their golden files say`(name: String) throws {
        let library = name == "chat" ? OpenUILibrary.chat : OpenUILibrary.standard
        let difference = goldenDifference(Self.propsRead(library), path: OpenUIPromptTests.goldenRoot + "/library-\(name)-props.txt")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func `a signature splits at separators outside brackets and quotes, and trims spaces`() {
        #expect(OpenUISignature.split(#" a: string ,b?: "x, y" | "z", c: (A | B)[] = [],  "#) == ["a: string", #"b?: "x, y" | "z""#, "c: (A | B)[] = []"])
        #expect(OpenUISignature.split("x: {k: string, v: number}, y: Record<string, any>") == ["x: {k: string, v: number}", "y: Record<string, any>"])
        #expect(OpenUISignature.split(#""é, ü" | "ß""#, separator: UInt8(ascii: "|")) == [#""é, ü""#, #""ß""#])
        #expect(OpenUISignature.split("a,,b") == ["a", "", "b"])
        #expect(OpenUISignature.split("   ").isEmpty)
        #expect(OpenUISignature.type("  \"a\" | \"b\"  ", components: []) == .enumeration(["a", "b"]))
    }

    @Test func `the standard library's root is Stack, with Modal and layout props`() throws {
        let standard = OpenUILibrary.standard
        #expect(standard.root == "Stack")
        #expect(standard.component(named: "Stack")?.props.map(\.name) == ["children", "direction", "gap", "align", "justify", "wrap"])
        #expect(standard.component(named: "Modal")?.props[1].isBindable == true)
        #expect(standard.component(named: "Card")?.props.count == 7)
        #expect(standard.component(named: "ListBlock") == nil && standard.component(named: "FollowUpBlock") == nil)
    }

    @Test func `a chat reply using every kind of component renders without errors`() {
        let program = """
        root = Card([header, text, list, followUps, tabs, chart, table, form])
        header = CardHeader("Trip to Lisbon", "3 days")
        text = TextContent("**Day 1**: the old town", "default")
        list = ListBlock([ListItem("Belém Tower", "16th century", null, "Ask", @ToAssistant("Tell me about Belém"))], "number")
        followUps = FollowUpBlock([FollowUpItem("Where to eat?"), FollowUpItem("Best time to go?")])
        tabs = Tabs([TabItem("a", "Sights", [TextContent("Castle")]), TabItem("b", "Food", [TagBlock(["pastel de nata", "bacalhau"])])])
        chart = BarChart(["Mon", "Tue"], [Series("Visitors", [120, 90])], "grouped")
        table = Table([Col("Place", ["Alfama", "Baixa"]), Col("Hours", [2, 1.5], "number")])
        form = Form("booking", Buttons([Button("Book", @ToAssistant("Book it"), "primary")]), [nameField])
        nameField = FormControl("Name", Input("name", "Your name", "text", {required: true}))
        """
        let (result, errors) = renderErrors(program, .chat)
        #expect(errors.isEmpty, "\(errors)")
        #expect(result.root?.type == "Card")
        #expect(result.orphans.isEmpty && result.unresolved.isEmpty)
    }

    @Test func `a standard page with a modal and a bound switch renders without errors`() {
        let program = """
        $open = false
        root = Stack([Card([CardHeader("Settings")], "card", "column", "m"), Button("Edit", @Set($open, true)), dialog], "column", "l")
        dialog = Modal("Edit", $open, [TextContent("Change things")], "md")
        """
        let (result, errors) = renderErrors(program, .standard)
        #expect(errors.isEmpty, "\(errors)")
        #expect(result.root?.props["children"].map { if case .array(let a) = $0 { a.count } else { 0 } } == 3)
    }

    @Test func `the seven recorded model outputs render against the library they were written for`() throws {
        let schema = try JSONParser.parse(try #require(fileText(fixturesRoot + "/benchmarks/schema.json")))
        let library = try OpenUILibrary(spec: ["root": "Stack", "schema": schema])
        let samples = ["chart-with-data", "contact-form", "dashboard", "e-commerce-product", "pricing-page", "settings-panel", "simple-table"]
        for name in samples {
            let text = try #require(fileText(fixturesRoot + "/benchmarks/samples/\(name).oui"))
            let expected = try JSONParser.parse(try #require(fileText(fixturesRoot + "/benchmarks/samples/\(name).c1.json")))
            let (result, errors) = renderErrors(text, library)
            #expect(errors.isEmpty, "\(name): \(errors)")
            #expect(result.unresolved.isEmpty, "\(name): \(result.unresolved)")
            // Their recorded trees name components `component`; ours `type`.
            #expect(result.root.map { Self.legacyTree(OpenUIValue.component($0).jsonValue) } == expected["component"], "\(name)")
        }
    }

    /// `{"type", "props"}` written as the recorded trees write it: `{"component", "props"}`.
    static func legacyTree(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o) where o["type"] != nil && o["props"] != nil:
            return ["component": o["type"]!, "props": legacyTree(o["props"]!)]
        case .object(let o): return .object(JSONObject(o.map { ($0.key, legacyTree($0.value)) }))
        case .array(let items): return .array(items.map(legacyTree))
        default: return value
        }
    }
}

/// The catalog's examples (`streamchatai catalog openui`).
@Suite struct OpenUIExampleTests {
    @Test(arguments: ["chat", "standard"])
    func `every component has an example that parses, and a component the root takes renders without an error`(name: String) throws {
        let library = name == "chat" ? OpenUILibrary.chat : OpenUILibrary.standard
        var rendered = 0
        for entry in library.components {
            let program = try #require(library.example(of: entry.name))
            let log = UIHostLog()
            let host = log.host(renderers: [OpenUIRenderer(library: library)])
            host.receive(messageID: entry.name, document: AIUIDocument(format: "openui", version: "1.0", isStreaming: false, content: .string(program)))
            let root = host.render(messageID: entry.name)?.root
            let errors = log.errors.withLock { $0 }
            // An error may only say the component can't stand under the root (an item of a list): never a parse error.
            #expect(!errors.contains { $0.contains("parse") || $0.contains("syntax") }, "\(entry.name): \(errors)")
            var found = false
            root?.walk { node, _ in if node.type == entry.name { found = true } }
            if errors.isEmpty, found { rendered += 1 }
        }
        // Most components stand on their own; items only inside their lists.
        #expect(rendered * 3 >= library.components.count * 2, "only \(rendered) of \(library.components.count) rendered")
    }

    @Test func `an unknown component has no example`() {
        #expect(OpenUILibrary.chat.example(of: "NoSuchThing") == nil)
    }
}
