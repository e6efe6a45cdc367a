import StreamChatAI
import Testing
@testable import StreamChatA2UI

/// Every sample of the v1.0 basic catalog renders, whole and streamed.
@Suite struct A2UISampleTests {
    static let samples = files(in: fixturesRoot + "/v1_0/examples", suffix: ".json")

    @Test func `there are the 43 samples`() {
        #expect(Self.samples.count == 43)
    }

    @Test(arguments: samples)
    func `every sample renders to IR with no error`(_ name: String) throws {
        let sample = try fixture("v1_0/examples/" + name)
        let messages = try #require(sample["messages"]?.arrayValue)
        let log = Log()
        let host = a2uiHost(log)
        receive(host, .array(messages))
        let root = try #require(host.render(messageID: "m")?.root, "\(name) rendered nothing")
        #expect(log.allErrors.isEmpty, "\(name): \(log.allErrors)")
        let nodes = root.all
        #expect(!nodes.contains { $0.type == "error" || $0.type == "placeholder" }, "\(name)")
        #expect(Set(nodes.map(\.id)).count == nodes.count, "\(name): node ids repeat")
        // Bound texts hold data, never a path.
        #expect(!nodes.contains { node in node.props.values.contains { $0["path"] != nil || $0["call"] != nil } }, "\(name)")
    }

    @Test(arguments: samples)
    func `every sample streamed as JSONL line by line ends as rendered whole`(_ name: String) throws {
        let messages = try #require(try fixture("v1_0/examples/" + name)["messages"]?.arrayValue)
        let whole = a2uiHost(Log())
        receive(whole, jsonl(messages))
        let expected = try #require(whole.render(messageID: "m")?.root)
        let log = Log()
        let host = a2uiHost(log)
        let text = jsonl(messages).stringValue!
        var sent = ""
        for chunk in text.chunked(every: 97) {
            sent += chunk
            receive(host, .string(sent), streaming: true)
            _ = host.render(messageID: "m")
        }
        receive(host, .string(sent), streaming: false)
        let streamed = try #require(host.render(messageID: "m")?.root)
        #expect(streamed.stripped == expected.stripped, "\(name)")
        #expect(log.allErrors.isEmpty, "\(name): \(log.allErrors)")
    }
}

/// The view made from the last one's cached nodes equals a view made fresh, after every message.
@Suite struct A2UIIncrementalRenderTests {
    @Test(arguments: A2UISampleTests.samples)
    func `after every line, the incremental view equals a fresh one`(_ name: String) throws {
        let messages = try #require(try fixture("v1_0/examples/" + name)["messages"]?.arrayValue)
        let host = a2uiHost(Log())
        var text = ""
        for (i, m) in messages.enumerated() {
            text += JSONSerializer.string(m) + "\n"
            let last = i == messages.count - 1
            receive(host, .string(text), streaming: !last)
            let fresh = a2uiHost(Log())
            receive(fresh, .string(text), streaming: !last)
            #expect(host.render(messageID: "m")?.root.stripped == fresh.render(messageID: "m")?.root.stripped, "\(name) after line \(i + 1)")
        }
    }

    @Test(arguments: ["09_login-form.json", "31_incremental-dashboard.json", "34_child-list-template.json"])
    func `through the host, a node keeps its entrance and the nodes a render brings enter together, after the others`(_ name: String) throws {
        let messages = try #require(try fixture("v1_0/examples/" + name)["messages"]?.arrayValue)
        let host = a2uiHost(Log())
        var text = ""
        var seen: [String: Int] = [:]
        for (i, m) in messages.enumerated() {
            text += JSONSerializer.string(m) + "\n"
            receive(host, .string(text), streaming: i < messages.count - 1)
            let root = try #require(host.render(messageID: "m")?.root)
            let highest = seen.values.max() ?? -1
            var fresh: Set<Int> = []
            for node in root.all {
                if let before = seen[node.id] { #expect(node.entrance == before, "\(name): \(node.id) changed its entrance") } else {
                    fresh.insert(node.entrance)
                    seen[node.id] = node.entrance
                }
            }
            #expect(fresh.count <= 1 && (fresh.first ?? highest + 1) > highest, "\(name) after line \(i + 1): \(fresh)")
        }
    }

    @Test func `a template list that grows keeps its instances and equals a fresh view through every kind of change`() throws {
        let host = a2uiHost(Log())
        var lines = [create(), components([["id": "root", "component": "Column", "children": ["title", "list"]],
                                           ["id": "title", "component": "Text", "text": ["path": "/title"]],
                                           ["id": "list", "component": "List", "children": ["componentId": "row", "path": "/items"]],
                                           ["id": "row", "component": "Row", "children": ["name", "tags"]],
                                           ["id": "name", "component": "Text", "text": ["path": "name"]],
                                           ["id": "tags", "component": "Column", "children": ["componentId": "tag", "path": "tags"]],
                                           ["id": "tag", "component": "Text", "text": ["path": "."]]])]
        var steps: [JSONValue] = []
        for i in 0..<12 { steps.append(data("/items/\(i)", ["name": .string("item \(i)"), "tags": [.string("a\(i)")]])) }
        steps += [
            data("/items/3/name", "renamed"),                        // one instance's data
            data("/items/5/tags/1", "b5"),                           // a nested template grows
            data("/title", "Title"),                                 // a node outside the list
            components([["id": "name", "component": "Text", "text": ["path": "name"], "variant": "h3"]]),  // the template's component
            data("/items", [["name": "only"]]),                     // the list shrinks
            data("/items/1", ["name": "again", "tags": []]),
            data("/items", ["k1": ["name": "keyed"], "k2": ["name": "keyed 2"]]),  // an object instead of an array
            data("/items/k3", ["name": "keyed 3"]),
            components([["id": "list", "component": "List", "children": ["componentId": "name", "path": "/items"]]]),  // another template
        ]
        for (i, step) in steps.enumerated() {
            lines.append(step)
            receive(host, jsonl(lines), streaming: true)
            let fresh = a2uiHost(Log())
            receive(fresh, jsonl(lines), streaming: true)
            let root = try #require(host.render(messageID: "m")?.root)
            #expect(root.stripped == fresh.render(messageID: "m")?.root.stripped, "after step \(i + 1): \(JSONSerializer.string(step))")
        }
        let ids = try #require(host.render(messageID: "m")?.root).all.map(\.id)
        #expect(ids.contains { $0.hasPrefix("name@/items/k3") } && !ids.contains("row@/items/0"))
    }

    @Test func `a data change remakes the nodes that read it and keeps the others as they were`() throws {
        let host = a2uiHost(Log())
        var lines = [create(), components([["id": "root", "component": "Column", "children": ["a", "b", "list"]],
                                           ["id": "a", "component": "Text", "text": ["path": "/a"]],
                                           ["id": "b", "component": "Text", "text": ["path": "/b"]],
                                           ["id": "list", "component": "List", "children": ["componentId": "item", "path": "/items"]],
                                           ["id": "item", "component": "Text", "text": ["path": "name"]]]),
                     data("/a", "A"), data("/b", "B"), data("/items", [["name": "x"]])]
        receive(host, jsonl(lines), streaming: true)
        _ = host.render(messageID: "m")
        for (path, value, text) in [("/a", JSONValue.string("A2"), "A2"), ("/items/1", ["name": "y"], "y"), ("/items/0/name", "x2", "x2"), ("/", ["a": "new"], "new")] {
            lines.append(data(path, value))
            receive(host, jsonl(lines), streaming: true)
            let fresh = a2uiHost(Log())
            receive(fresh, jsonl(lines), streaming: true)
            let root = try #require(host.render(messageID: "m")?.root)
            #expect(root.stripped == fresh.render(messageID: "m")?.root.stripped, "\(path)")
            #expect(root.all.contains { $0.props["text"] == .string(text) }, "\(path)")
        }
    }
}

extension String {
    func chunked(every n: Int) -> [String] {
        var out: [String] = []
        var current = ""
        for c in self {
            current.append(c)
            if current.utf8.count >= n { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

extension UINode {
    /// The node without its entrances (which count renders).
    var stripped: UINode {
        var copy = self
        copy.transform { $0.entrance = 0 }
        return copy
    }
}
