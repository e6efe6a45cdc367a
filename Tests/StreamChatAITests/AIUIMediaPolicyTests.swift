import Testing
@testable import StreamChatAI

/// The media rule over a node's props: every media member at any depth goes through it; props without one are
/// left as they are.
@Suite struct AIUIMediaPolicyTests {
    let policy = AIUIPolicy(linkSchemes: ["https"], mediaSchemes: ["https"])

    func applied(_ props: JSONObject) -> (props: JSONObject, refused: [String]) {
        var node = UINode(id: "n", type: "t", props: props)
        var refused: [String] = []
        policy.applyMedia(to: &node) { refused.append($0) }
        return (node.props, refused)
    }

    @Test func `a media member is checked in the props, in objects and in the objects arrays list, at any depth`() throws {
        let props: JSONObject = [
            "title": "Trip",
            "image": "file:///etc/passwd",
            "gallery": ["items": [["src": "https://cdn.example.com/a.jpg"], ["src": "javascript:alert(1)"]]],
            "cards": [["meta": ["avatar": "data:image/png;base64,xx"]], "plain"],
            "images": ["https://cdn.example.com/b.jpg", "ftp://example.com/c.jpg"],
        ]
        let (out, refused) = applied(props)
        #expect(out["image"] == nil && out["title"] == "Trip")
        #expect(out["gallery"]?["items"] == [["src": "https://cdn.example.com/a.jpg"], [:]])
        #expect(out["cards"] == [["meta": [:]], "plain"])
        #expect(out["images"] == ["https://cdn.example.com/b.jpg"])
        #expect(refused.count == 4 && refused.allSatisfy { $0.contains("the media policy refused") })
        // Only deep down, too.
        let deep = applied(["gallery": ["items": [["caption": "x"], ["meta": ["src": "file:///x"]]]]])
        #expect(deep.props == ["gallery": ["items": [["caption": "x"], ["meta": [:]]]]] && deep.refused.count == 1)
    }

    @Test func `props without a media member anywhere stay as they are`() {
        // A table's and a chart's data: arrays of strings and numbers, objects of plain values, arrays in arrays.
        let props: JSONObject = [
            "columns": [["label": "Place", "values": ["Alfama", "Baixa"]], ["label": "Hours", "values": [2, 1.5]]],
            "series": [["name": "Steps", "data": [12000, 8000]]],
            "matrix": [[1, 2], [["src": "file:///not/looked/at"]]],
        ]
        let (out, refused) = applied(props)
        #expect(out == props && refused.isEmpty)
    }
}
