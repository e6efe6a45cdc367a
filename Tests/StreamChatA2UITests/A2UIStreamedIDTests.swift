import StreamChatAI
import Testing
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
}
