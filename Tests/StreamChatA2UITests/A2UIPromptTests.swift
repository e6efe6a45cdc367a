import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatA2UI

#if canImport(Glibc)
import Glibc
#endif

/// The format's instructions go to agents as they are: a change must be seen
/// in review. Each case is compared byte for byte with a file in Golden/;
/// `STREAMCHATAI_UPDATE_GOLDEN=1` writes the files instead (then read the diff).
@Suite struct A2UIPromptTests {
    static let goldenRoot = fixturesRoot.replacing("/Fixtures", with: "/Golden")

    func checkGolden(_ text: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let difference = goldenDifference(text, path: Self.goldenRoot + "/" + file)
        #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
    }

    static func appComponent() throws -> AIUIComponentDefinition {
        try AIUIComponentDefinition(json: try JSONValue(parsing: #"{"name": "place_card", "description": "A photo and a short summary of a place.", "parameters": {"type": "object", "properties": {"title": {"type": "string"}, "visit_date": {"type": "string", "format": "date"}}, "required": ["title"], "x-order": ["title", "visit_date"]}, "events": [{"name": "ask_about", "description": "The user asks about the place."}]}"#))
    }

    static func tools() throws -> [AIToolDefinition] {
        [try AIToolDefinition(jsonText: #"{"name": "weather_now", "description": "The weather in a city", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}, "annotations": {"readOnlyHint": true}}"#)]
    }

    @Test func `the basic catalog's prompt matches its golden file`() throws {
        try checkGolden(A2UIRenderer().instructions(components: [], tools: []), "prompt-basic.txt")
    }

    @Test func `the prompt with app components, host tools and a catalog without Video matches its golden file`() throws {
        let renderer = A2UIRenderer(catalog: try A2UICatalog(removing: ["Video", "AudioPlayer"]), appCatalogID: "example.com:travel")
        let card = try AIUIComponentDefinition(json: ["name": "card", "parameters": ["type": "object"]])
        try checkGolden(renderer.instructions(components: [try Self.appComponent(), card], tools: try Self.tools()), "prompt-app-tools.txt")
    }

    @Test func `the prompt names every component of its catalog and every function, and the catalog id to use`() throws {
        let text = A2UIRenderer(appCatalogID: "x:y").instructions(components: [], tools: [])
        for name in A2UICatalog.basic.components { #expect(text.contains("- \(name)("), "\(name)") }
        for name in A2UICatalog.functions { #expect(text.contains(name + "("), "\(name)") }
        #expect(text.contains("\"catalogId\": \"x:y\""))
    }

    @Test func `the prompt's own example renders with no error`() throws {
        let text = A2UIRenderer().instructions(components: [], tools: [])
        let start = try #require(text.firstRange(of: "Example:\n```a2ui\n"))
        let end = try #require(text[start.upperBound...].firstRange(of: "```"))
        let log = Log()
        let host = a2uiHost(log)
        receive(host, .string(String(text[start.upperBound..<end.lowerBound])))
        let root = try #require(host.render(messageID: "m")?.root)
        #expect(root.all.contains { $0.props["text"] == "Shipped" })
        #expect(log.allErrors.isEmpty, "\(log.allErrors)")
    }
}
