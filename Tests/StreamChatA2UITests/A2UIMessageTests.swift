import StreamChatAI
import Testing
@testable import StreamChatA2UI

/// Messages of each version, the document's framing, and what is refused.
@Suite struct A2UIMessageTests {
    func decode(_ json: JSONValue) -> Result<A2UIMessageDecoder.Decoded, A2UIProblem> { A2UIMessageDecoder.decode(json) }

    @Test func `v1.0 messages route to the v1.0 decoder and a version without its v is read with a warning`() throws {
        let ok = try decode(create()).get()
        #expect(ok.version == "v1.0" && ok.warnings.isEmpty)
        let lax = try decode(create(version: "1.0")).get()
        #expect(lax.version == "v1.0" && lax.warnings.first?.contains("\"1.0\"") == true)
    }

    @Test func `v0.9 and v0.9.1 are read and v0.8, unknown and missing versions are refused with the reason`() throws {
        #expect(try decode(create(version: "v0.9")).get().version == "v0.9")
        #expect(try decode(create(version: "v0.9.1")).get().version == "v0.9.1")
        guard case .failure(let legacy) = decode(["beginRendering": ["surfaceId": "s", "root": "root"]]) else { Issue.record("v0.8 read"); return }
        #expect(legacy.message.contains("v0.8") && legacy.path == "/version")
        guard case .failure(let unknown) = decode(create(version: "v2.0")) else { Issue.record("v2.0 read"); return }
        #expect(unknown.message.contains("v2.0") && unknown.code == "VALIDATION_FAILED")
        guard case .failure(let none) = decode(["createSurface": ["surfaceId": "s"]]) else { Issue.record("no version read"); return }
        #expect(none.message.contains("no version"))
    }

    @Test func `a message with two payloads is refused as multiple update types`() {
        guard case .failure(let p) = decode(["version": "v1.0", "createSurface": ["surfaceId": "a"], "deleteSurface": ["surfaceId": "a"]]) else {
            Issue.record("read"); return
        }
        #expect(p.message.contains("Message contains multiple update types"))
    }

    @Test func `v0.9 createSurface requires its catalog while v1.0 does not`() {
        let v09: JSONValue = ["version": "v0.9", "createSurface": ["surfaceId": "s"]]
        guard case .failure(let p) = decode(v09) else { Issue.record("read"); return }
        #expect(p.path == "/createSurface/catalogId")
        #expect((try? decode(["version": "v1.0", "createSurface": ["surfaceId": "s"]]).get()) != nil)
    }

    @Test func `a surface's metadata holds only extensions, named by identifiers (v1.0 schema)`() {
        func problem(_ metadata: JSONValue) -> String? {
            guard case .failure(let p) = decode(["version": "v1.0", "createSurface": ["surfaceId": "s", "metadata": metadata]]) else { return nil }
            return p.message
        }
        #expect(problem(["extensions": ["a2ui_experimental": ["streaming": true], "_x": 1, "émoji2": [:]]]) == nil)
        #expect(problem([:]) == nil)
        #expect(problem(["extensions": ["a2ui:experimental": ["streaming": true]]])?.contains("not \"a2ui:experimental\"") == true)
        #expect(problem(["extensions": ["2fast": 1]]) != nil && problem(["extensions": ["": 1]]) != nil)
        #expect(problem(["owner": "me"])?.contains("metadata holds only extensions, not owner") == true)
        #expect(problem("x") != nil && problem(["extensions": [1]]) != nil)
    }

    @Test func `a data path's trailing slash names the same place as without it (conformance data_model)`() throws {
        for (path, tokens) in [("/foo/", ["foo"]), ("/a/b/", ["a", "b"]), ("foo/", ["foo"]), ("/", []), ("/a~01b/", ["a~1b"])] {
            guard case .updateDataModel(_, let pointer, _)? = try? decode(data(path, "x")).get().message else {
                Issue.record("\(path) not read"); continue
            }
            #expect(pointer.tokens == tokens, "\(path)")
        }
    }

    @Test func `v1.0 updateDataModel deletes on null and needs a value while v0.9 deletes on a missing value`() throws {
        guard case .updateDataModel(_, _, let v1)? = try? decode(data("/a", .null)).get().message else { Issue.record("not read"); return }
        #expect(v1 == JSONValue?.none)
        guard case .failure = decode(["version": "v1.0", "updateDataModel": ["surfaceId": "s", "path": "/a"]]) else { Issue.record("read without value"); return }
        guard case .updateDataModel(_, _, let v09)? = try? decode(["version": "v0.9", "updateDataModel": ["surfaceId": "s", "path": "/a"]]).get().message else {
            Issue.record("not read"); return
        }
        #expect(v09 == JSONValue?.none)
        guard case .updateDataModel(_, _, let kept)? = try? decode(data("/a", .null, version: "v0.9")).get().message else { Issue.record("not read"); return }
        #expect(kept == .null)
    }

    @Test func `a component without an id or a type is refused naming its place`() {
        guard case .failure(let noID) = decode(components([["component": "Text", "text": "x"]])) else { Issue.record("read"); return }
        #expect(noID.message.contains("missing an 'id'") && noID.path == "/updateComponents/components/0/id")
        guard case .failure(let noType) = decode(components([["id": "c1"]])) else { Issue.record("read"); return }
        #expect(noType.message.contains("Cannot create component c1 without a type"))
        guard case .failure(let twice) = decode(components([["id": "a", "component": "Divider"], ["id": "a", "component": "Divider"]])) else {
            Issue.record("read"); return
        }
        #expect(twice.code == "DUPLICATE_ID")
    }

    // MARK: In a host

    func root(_ host: AIUIHost, _ id: String = "m") -> UINode? { host.render(messageID: id)?.root }

    @Test func `an invalid JSON line is skipped and reported with its line, and the rest applies`() throws {
        let log = Log()
        let host = a2uiHost(log)
        let text = JSONSerializer.string(create()) + "\n{\"version\": \"v1.0\", \"updateComp\n"
            + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "still here"]])) + "\n"
        receive(host, .string(text))
        let node = try #require(root(host))
        #expect(node.children.first?.props["text"] == "still here")
        #expect(log.allErrors.contains { $0.contains("line 2") && $0.contains("INVALID_JSON") })
    }

    @Test func `a JSON array of messages, a messages wrapper and JSON array text all render alike`() throws {
        let messages: [JSONValue] = [create(), components([["id": "root", "component": "Text", "text": "hi"]])]
        for content: JSONValue in [.array(messages), ["messages": .array(messages)], .string(JSONSerializer.string(.array(messages)))] {
            let log = Log()
            let host = a2uiHost(log)
            receive(host, content)
            #expect(root(host)?.children.first?.props["text"] == "hi", "\(content.typeName)")
            #expect(log.allErrors.isEmpty)
        }
    }

    @Test func `a partial last line waits while the reply streams and applies at the end without a newline`() throws {
        let host = a2uiHost(Log())
        let line2 = JSONSerializer.string(components([["id": "root", "component": "Text", "text": "done"]]))
        let start = JSONSerializer.string(create()) + "\n" + line2.prefix(30)
        receive(host, .string(start), streaming: true)
        #expect(root(host)?.state == .pending)
        receive(host, .string(JSONSerializer.string(create()) + "\n" + line2), streaming: true)
        #expect(root(host)?.children.isEmpty == true)  // no newline yet: still waiting
        receive(host, .string(JSONSerializer.string(create()) + "\n" + line2), streaming: false)
        #expect(root(host)?.children.first?.props["text"] == "done")
    }

    @Test func `a JSON array streamed in text applies each message as soon as it closes`() throws {
        let host = a2uiHost(Log())
        let text = JSONSerializer.string(.array([create(), components([["id": "root", "component": "Text", "text": "one"]])]))
        let cut = text.index(text.endIndex, offsetBy: -1)
        receive(host, .string(String(text[..<cut])), streaming: true)
        #expect(root(host)?.children.first?.props["text"] == "one")
    }

    @Test func `an edited reply starts its surfaces over from the new text`() throws {
        let host = a2uiHost(Log())
        receive(host, jsonl([create(), components([["id": "root", "component": "Text", "text": "first"]])]), streaming: true)
        #expect(root(host)?.children.first?.props["text"] == "first")
        receive(host, jsonl([create(), components([["id": "root", "component": "Text", "text": "second"]])]), streaming: false)
        #expect(root(host)?.children.first?.props["text"] == "second")
    }

    @Test func `creating an existing surface, an unknown catalog and an unknown surface are reported and change nothing`() throws {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), create(), create("x", catalog: "https://example.com/other.json"),
                             components([["id": "root", "component": "Text", "text": "a"]], surface: "ghost"),
                             ["version": "v1.0", "updateDataModel": ["surfaceId": "ghost", "path": "/k", "value": 1]],
                             ["version": "v1.0", "deleteSurface": ["surfaceId": "ghost"]]]))
        let errors = log.allErrors
        #expect(errors.contains { $0.contains("SURFACE_EXISTS") && $0.contains("Surface s already exists") })
        #expect(errors.contains { $0.contains("CATALOG_NOT_FOUND") && $0.contains("Catalog not found: https://example.com/other.json") })
        // Updating a surface that is not there is an error; deleting one is a safe no-op (the conformance suite).
        #expect(errors.filter { $0.contains("Surface not found for message: ghost") }.count == 2)
        #expect(!errors.contains { $0.contains("deleteSurface") })
        #expect(root(host)?.id == "surface:s")
    }

    @Test func `one invalid component leaves the whole updateComponents unapplied`() throws {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), components([["id": "root", "component": "Text", "text": "kept"]]),
                             components([["id": "root", "component": "Text", "text": "new"], ["id": "b", "component": "Button", "child": "root"]])]))
        #expect(root(host)?.children.first?.props["text"] == "kept")
        #expect(log.allErrors.contains { $0.contains("Validation failed for component 'Button'") && $0.contains("action is required") })
    }

    @Test func `a known id is replaced wholesale and a type change resets its user state`() throws {
        let host = a2uiHost(Log())
        let tabs: JSONValue = ["id": "root", "component": "Tabs", "tabs": [["title": "A", "child": "a"], ["title": "B", "child": "b"]]]
        receive(host, jsonl([create(), components([tabs, ["id": "a", "component": "Text", "text": "A"], ["id": "b", "component": "Text", "text": "B"]])]))
        _ = root(host)
        _ = try host.handle(AIUIEvent(nodeID: "root", name: "select", value: 1), messageID: "m")
        #expect(root(host)?.children.first?.props["selected"] == 1)
        receive(host, jsonl([create(), components([tabs, ["id": "a", "component": "Text", "text": "A"], ["id": "b", "component": "Text", "text": "B"]]),
                             components([["id": "root", "component": "Text", "text": "now text"]])]))
        #expect(root(host)?.children.first?.type == "Text")
    }

    @Test func `a component or a value sent again unchanged changes nothing, and a changed one does`() throws {
        var store = A2UISurfaceStore(catalog: .basic, knownCatalogs: A2UICatalog.basicCatalogAliases)
        func text(_ shown: JSONValue) -> A2UIMessage {
            .updateComponents(surfaceID: "s", components: [A2UIComponent(id: "t", type: "Text", properties: ["text": shown])])
        }
        func value(_ path: String, _ value: JSONValue?) throws -> A2UIMessage {
            .updateDataModel(surfaceID: "s", path: try JSONPointer(path), value: value)
        }
        _ = try store.apply(.createSurface(.init(id: "s")), from: "m")
        for message in [text("Hi"), try value("/v", ["a": 1]), try value("", ["v": ["a": 1], "w": true])] { _ = try store.apply(message, from: "m") }
        store.clearChanges(of: "s")
        for message in [text("Hi"), try value("/v", ["a": 1]), try value("/v/a", 1), try value("", ["v": ["a": 1], "w": true])] {
            _ = try store.apply(message, from: "m")
        }
        #expect(store["s"]?.changes.isEmpty == true)
        _ = try store.apply(text("Hello"), from: "m")
        _ = try store.apply(try value("/v/a", 2), from: "m")
        #expect(store["s"]?.changes.components == ["t"])
        #expect(store["s"]?.changes.paths.map(\.description) == ["/v/a"])
        #expect(store["s"]?.dataModel == ["v": ["a": 2], "w": true])
        // A deletion is never skipped: one that can't be followed is still refused.
        #expect(throws: A2UIProblem.self) { try store.apply(try value("/w/0", nil), from: "m") }
    }

    @Test func `the agent calling a renderer function is refused as an invalid function call`() {
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([["version": "v1.0", "callRendererFunction": ["functionCallId": "f1", "callFunction": ["call": "required", "catalogId": "basic"]]]]))
        #expect(log.allErrors.contains { $0.contains("INVALID_FUNCTION_CALL") && $0.contains("f1") })
    }
}
