import StreamChatAI
import TestSupport
import Testing
@testable import StreamChatOpenUI

#if canImport(Glibc)
import Glibc
#endif

/// The instructions are part of the host's capabilities, sent to agents as
/// they are: a change to them must be seen in review. Each case is compared
/// byte for byte with a file in Golden/; `STREAMCHATAI_UPDATE_GOLDEN=1`
/// writes the files instead (then read the diff).
@Suite struct OpenUIPromptTests {
    static let goldenRoot = fixturesRoot.replacing("/Fixtures", with: "/Golden")

    static func tools() throws -> [AIToolDefinition] {
        [
            try AIToolDefinition(jsonText: #"{"name": "calendar_events", "description": "The user's events on a day", "inputSchema": {"type": "object", "properties": {"day": {"type": "string", "format": "date"}}}, "annotations": {"readOnlyHint": true}}"#),
            try AIToolDefinition(jsonText: #"{"name": "book_table", "description": "Books a table", "inputSchema": {"type": "object", "properties": {"place": {"type": "string"}}}}"#),
        ]
    }

    static func placeCard() throws -> AIUIComponentDefinition {
        try AIUIComponentDefinition(json: try JSONValue(parsing: #"{"name": "place_card", "description": "A photo and a short summary of a place.", "parameters": {"type": "object", "properties": {"title": {"type": "string"}, "visit_date": {"type": "string", "format": "date"}}, "required": ["title"], "x-order": ["title", "visit_date"]}}"#))
    }

    func checkGolden(_ text: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let difference = goldenDifference(text, path: Self.goldenRoot + "/" + file)
        #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
    }

    @Test func `the chat library's prompt matches its golden file`() throws {
        try checkGolden(OpenUIPrompt.instructions(library: .chat), "prompt-chat.txt")
    }

    @Test func `the standard library's prompt with an app component and tools matches its golden file`() throws {
        let renderer = try OpenUIRenderer(settings: SettingsReader(["library": "standard"], what: "option", known: ["library"]))
        try checkGolden(renderer.instructions(components: [try Self.placeCard()], tools: try Self.tools()), "prompt-standard-app-tools.txt")
    }

    @Test func `the prompt is the same bytes each time`() throws {
        let renderer = try OpenUIRenderer(settings: SettingsReader([:], what: "option", known: ["library"]))
        let a = renderer.instructions(components: [try Self.placeCard()], tools: try Self.tools())
        let b = renderer.instructions(components: [try Self.placeCard()], tools: try Self.tools())
        #expect(a == b)
    }

    @Test func `every component of the library is taught with its signature`() {
        for library in [OpenUILibrary.chat, .standard] {
            let prompt = OpenUIPrompt.instructions(library: library)
            for entry in library.components { #expect(prompt.contains(entry.signatureText), "\(entry.name)") }
            #expect(prompt.contains("root = \(library.root ?? "")("))
        }
    }

    @Test func `read-only tools are offered to Query and the others only to Mutation`() throws {
        let prompt = OpenUIPrompt.instructions(library: .chat, tools: try Self.tools())
        let queryLine = try #require(prompt.split(separator: "\n").first { $0.contains("Tools for Query") })
        let mutationLine = try #require(prompt.split(separator: "\n").first { $0.contains("Tools for Mutation") })
        #expect(queryLine.contains("calendar_events") && !queryLine.contains("book_table"))
        #expect(mutationLine.contains("book_table") && !mutationLine.contains("calendar_events"))
    }

    @Test func `without tools the prompt teaches no Query or Mutation`() {
        let prompt = OpenUIPrompt.instructions(library: .chat)
        #expect(!prompt.contains("Query(\""))
        #expect(!prompt.contains("Mutation(\""))
    }

    @Test func `the fence tag is the one the renderer reads`() throws {
        let prompt = OpenUIPrompt.instructions(library: .chat, fence: "openui-lang")
        #expect(prompt.contains("fenced block tagged openui-lang"))
    }

    @Test func `a host's fences name its renderers' formats, for the fence extractor`() throws {
        let host = AIUIHost(renderers: [OpenUIRenderer(library: .chat)])
        #expect(host.fences == ["openui-lang": "openui"])
        var extractor = AIUIFenceExtractor(fences: host.fences)
        extractor.feed("Here:\n```openui-lang\nroot = Card([])\n```\n")
        extractor.finish()
        #expect(extractor.ui?["format"] == "openui")
        #expect(AIUIHost().fences.isEmpty)
    }
}
