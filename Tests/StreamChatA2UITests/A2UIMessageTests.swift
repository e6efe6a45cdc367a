import StreamChatAI
import TestSupport
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

    @Test func `a partial last line waits while the reply streams and a message applies once its JSON closes, newline or not`() throws {
        let host = a2uiHost(Log())
        let line2 = JSONSerializer.string(components([["id": "root", "component": "Text", "text": "done"]]))
        let start = JSONSerializer.string(create()) + "\n" + line2.prefix(30)
        receive(host, .string(start), streaming: true)
        #expect(root(host)?.state == .pending)
        #expect(root(host)?.children.isEmpty == true)
        receive(host, .string(JSONSerializer.string(create()) + "\n" + line2.dropLast()), streaming: true)
        #expect(root(host)?.children.isEmpty == true)  // one brace short: still waiting
        receive(host, .string(JSONSerializer.string(create()) + "\n" + line2), streaming: true)
        #expect(root(host)?.children.first?.props["text"] == "done")  // closed: no newline needed
        receive(host, .string(JSONSerializer.string(create()) + "\n" + line2), streaming: false)
        #expect(root(host)?.children.first?.props["text"] == "done")
    }

    @Test func `a bare piece that is no object waits for its line's end while the reply streams`() throws {
        let log = Log()
        let host = a2uiHost(log)
        let first = JSONSerializer.string(create()) + "\n12"
        receive(host, .string(first), streaming: true)
        #expect(log.allErrors.isEmpty)  // "12" may still grow, into "12x" here
        receive(host, .string(first + "x\n"), streaming: true)
        #expect(log.allErrors.count == 1)
        #expect(log.allErrors.first?.contains("line 2") == true, "\(log.allErrors)")
        #expect(log.allErrors.first?.contains("INVALID_JSON") == true && log.allErrors.first?.contains("'x'") == true, "\(log.allErrors)")
    }

    /// Content of messages as models write it: pretty-printed, several to a line, or wrapped; and what it renders
    /// whole, streamed a few bytes at a time and streamed a line at a time.
    func renders(_ text: String) -> [(how: String, text: JSONValue?, errors: [String])] {
        var out: [(String, JSONValue?, [String])] = []
        for step in [0, 5, 1_000_000] {
            let log = Log()
            let host = a2uiHost(log)
            if step > 0 {
                var end = text.startIndex
                while end < text.endIndex {
                    end = step == 1_000_000 ? (text[text.index(after: end)...].firstIndex(of: "\n") ?? text.endIndex)
                                            : (text.index(end, offsetBy: step, limitedBy: text.endIndex) ?? text.endIndex)
                    receive(host, .string(String(text[..<end])), streaming: true)
                }
            }
            receive(host, .string(text))
            let shown = root(host)?.all.first { $0.type == "Text" }?.props["text"]
            out.append((step == 0 ? "whole" : step == 5 ? "in 5-byte pieces" : "a line at a time", shown, log.allErrors))
        }
        return out
    }

    @Test func `a message written over several lines, several on a line, or in a messages wrapper in text applies as JSONL does`() throws {
        let messages: [JSONValue] = [create(), components([["id": "root", "component": "Text", "text": "hi"]])]
        let pretty = messages.map { JSONSerializer.string($0, style: .pretty) }
        let contents = [
            pretty.joined(separator: "\n"),
            pretty.joined(separator: "\n\n") + "\n",
            messages.map { JSONSerializer.string($0) }.joined(),
            JSONSerializer.string(["messages": .array(messages)]),
            JSONSerializer.string(["messages": .array(messages)], style: .pretty),
            JSONSerializer.string(messages[0]) + "\n" + JSONSerializer.string(.array([messages[1]]), style: .pretty),
        ]
        for content in contents {
            for (how, text, errors) in renders(content) {
                #expect(text == "hi", "\(how): \(content)")
                #expect(errors.isEmpty, "\(how): \(content)")
            }
        }
    }

    @Test func `what follows a JSON array in text is read as more messages, and an array's scalar items are each reported`() throws {
        let messages: [JSONValue] = [create(), components([["id": "root", "component": "Text", "text": "one"]])]
        let later = components([["id": "root", "component": "Text", "text": "two"]])
        for (content, problems) in [
            (JSONSerializer.string(.array(messages)) + "\n" + JSONSerializer.string(later), [String]()),
            (JSONSerializer.string(.array(messages), style: .pretty) + "\n" + JSONSerializer.string(.array([later]), style: .pretty), []),
            (JSONSerializer.string(.array(["abc"] + messages + [7])) + "\n" + JSONSerializer.string(later),
             ["found string", "found integer"]),
        ] {
            for (how, text, errors) in renders(content) {
                #expect(text == "two", "\(how): \(content)")
                #expect(errors.count == problems.count && zip(errors, problems).allSatisfy { $0.contains($1) }, "\(how): \(errors)")
            }
        }
    }

    @Test func `a value over several lines that is not JSON is one problem naming its lines, and the JSONL after it applies`() throws {
        var broken = JSONSerializer.string(create("t"), style: .pretty)
        broken = broken.replacing("\"surfaceId\": \"t\",", with: "\"surfaceId\": \"t\"")
        let brokenLines = broken.split(separator: "\n").count
        let content = broken + "\n" + JSONSerializer.string(create()) + "\n"
            + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "hi"]]))
        for (how, text, errors) in renders(content) {
            #expect(text == "hi", "\(how)")
            #expect(errors.count == 1, "\(how): \(errors)")
            #expect(errors.first?.contains("line 1: INVALID_JSON: lines 1–\(brokenLines) are not JSON") == true, "\(how): \(errors)")
        }
    }

    @Test func `a value left open, read line by line, reports each run of broken lines and a lone value that is no message`() throws {
        let content = "{\n" + JSONSerializer.string(create()) + "\n\"x\"\n"
            + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "hi"]]))
        for (how, text, errors) in renders(content) {
            #expect(text == "hi", "\(how)")
            #expect(errors.count == 2, "\(how): \(errors)")
            #expect(errors.first?.contains("line 1: INVALID_JSON: the message is not JSON") == true, "\(how): \(errors)")
            #expect(errors.last?.contains("line 3: VALIDATION_FAILED: a message must be a JSON object, found string") == true, "\(how): \(errors)")
        }
    }

    @Test func `a value left open at the end is one problem and the messages before it apply`() throws {
        let content = JSONSerializer.string(create()) + "\n" + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "hi"]]))
            + "\n" + JSONSerializer.string(create("t"), style: .pretty).prefix(40)
        for (how, text, errors) in renders(content) {
            #expect(text == "hi", "\(how)")
            #expect(errors.count == 1, "\(how): \(errors)")
            #expect(errors.first?.contains("line 3: INVALID_JSON: lines 3–") == true, "\(how): \(errors)")
        }
    }

    @Test(arguments: ["{\"version\": \"v1.0\", \"updateComp", "{not json", "{\"version\": \"v1.0\" \"updateComponents\": {"])
    func `a broken line ends at its line's end, and the next line applies while the reply streams`(cut: String) throws {
        // Cut inside a string (which holds no line break), or no start of any JSON by its end: not waited on.
        let log = Log()
        let host = a2uiHost(log)
        let text = JSONSerializer.string(create()) + "\n" + cut + "\n"
            + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "kept"]])) + "\n"
        receive(host, .string(text), streaming: true)
        #expect(root(host)?.children.first?.props["text"] == "kept")
        #expect(log.allErrors.count == 1)
        #expect(log.allErrors.first?.contains("line 2: INVALID_JSON: the message is not JSON") == true, "\(log.allErrors)")
    }

    @Test func `a broken line that is still the start of some JSON is read line by line once the reply ends`() throws {
        let log = Log()
        let host = a2uiHost(log)
        let text = JSONSerializer.string(create()) + "\n{\"version\": \"v1.0\", \"updateComponents\": \n"
            + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "kept"]])) + "\n"
        receive(host, .string(text), streaming: true)
        #expect(root(host)?.children.isEmpty == true)  // the second line's object may still be its value
        #expect(log.allErrors.isEmpty)
        receive(host, .string(text))
        #expect(root(host)?.children.first?.props["text"] == "kept")
        #expect(log.allErrors.count == 1)
        #expect(log.allErrors.first?.contains("line 2: INVALID_JSON: the message is not JSON") == true, "\(log.allErrors)")
    }

    /// Messages that set the root's text to each of `texts`, written as JSONL or pretty-printed.
    func texts(_ texts: [String], pretty: Bool) -> [String] {
        texts.map { JSONSerializer.string(components([["id": "root", "component": "Text", "text": .string($0)]]), style: pretty ? .pretty : .compact) }
    }

    @Test(arguments: [false, true])
    func `a message cut between two tokens ends where the next line begins a message, and the messages after it apply as they arrive`(pretty: Bool) throws {
        // A line cut after a comma is still the start of some JSON: it was read on into the next lines, so with JSONL the
        // messages after it waited for the end of the reply, and pretty-printed ones were lost in its lines.
        let cut = String(JSONSerializer.string(create("t")).prefix { $0 != "," }) + ","
        let later = texts(["one", "two", "three"], pretty: pretty)
        let content = ([JSONSerializer.string(create()), cut] + later).joined(separator: "\n")
        let log = Log()
        let host = a2uiHost(log)
        var text = JSONSerializer.string(create()) + "\n" + cut
        for (message, shown) in zip(later, ["one", "two", "three"]) {
            text += "\n" + message
            receive(host, .string(text + (pretty ? "" : "\n")), streaming: true)
            #expect(root(host)?.children.first?.props["text"] == .string(shown), "\(text)")
        }
        #expect(log.allErrors == ["a2ui line 2: INVALID_JSON: the message is not JSON (unexpected end of input in an object: expected a key in double quotes at byte \(cut.utf8.count) ($)); it is skipped"])
        for (how, shown, errors) in renders(content) {
            #expect(shown == "three", "\(how)")
            #expect(errors.count == 1 && errors.first?.contains("line 2: INVALID_JSON: the message is not JSON") == true, "\(how): \(errors)")
        }
    }

    @Test func `a message broken further in than it began is still reported whole, and the message after it applies`() throws {
        // An object missing its comma in a message's list begins a line, but further in than the message: the message is
        // read to its close and reported as one problem, as any other broken message over several lines is.
        // (Early in a long message: the message is looked at again after that line, while it is still open.)
        let names = (0..<40).map { "t\($0)" }
        let items = JSONSerializer.string(components([["id": "root", "component": "Column", "children": .array(names.map { .string($0) })]]
                                                     + names.map { ["id": .string($0), "component": "Text", "text": "x"] }), style: .pretty)
        let broken = items.replacing("},\n      {\n        \"id\": \"t1\"", with: "}\n      {\n        \"id\": \"t1\"")
        try #require(broken != items)
        let lines = broken.split(separator: "\n").count
        let content = JSONSerializer.string(create()) + "\n" + broken + "\n" + texts(["after"], pretty: true)[0]
        for (how, shown, errors) in renders(content) {
            #expect(shown == "after", "\(how)")
            #expect(errors.count == 1 && errors.first?.contains("line 2: INVALID_JSON: lines 2–\(lines + 1) are not JSON") == true, "\(how): \(errors)")
        }
    }

    @Test func `an array left open at the end says whether a message was lost in it`() throws {
        let messages = [create(), components([["id": "root", "component": "Text", "text": "hi"]])]
        let whole = JSONSerializer.string(.array(messages), style: .pretty)
        let open = String(whole.dropLast())  // the closing bracket
        let cut = String(open.dropLast(30))  // and the end of the last message
        for (content, problem, shown) in [(open, "the content's JSON array is not closed", "hi"),
                                          (cut, "the content's JSON array is not closed; its last message is not read", nil)] {
            let log = Log()
            let host = a2uiHost(log)
            receive(host, .string(content))
            #expect(root(host)?.children.first?.props["text"] == shown.map { .string($0) })
            #expect(log.allErrors.count == 1 && log.allErrors.first?.hasSuffix(problem) == true, "\(log.allErrors)")
        }
    }

    @Test func `a JSON array streamed in text applies each message as soon as it closes`() throws {
        let host = a2uiHost(Log())
        let text = JSONSerializer.string(.array([create(), components([["id": "root", "component": "Text", "text": "one"]])]))
        let cut = text.index(text.endIndex, offsetBy: -1)
        receive(host, .string(String(text[..<cut])), streaming: true)
        #expect(root(host)?.children.first?.props["text"] == "one")
    }

    @Test func `a reply edited inside a message still being read is read again, as a fresh host reads the new text`() throws {
        // The reader carries an open string or bracket from one call to the next: an edit there must restart it.
        let head = JSONSerializer.string(create()) + "\n" + #"{"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "#
        // (Then a message on its own line, which the new text applies while the reply still streams.)
        let next = "\n" + JSONSerializer.string(components([["id": "root", "component": "Text", "text": "next"]])) + "\n"
        let cases = [(head + #""a"#, head + #"5, "variant": "h1"}]}}"# + next),
                     (head + #"["#, head + #""b"}]}}"# + next),
                     (head + #"[1, "#, head + #"7}]}}"# + next)]
        for (before, after) in cases {
            let log = Log()
            let host = a2uiHost(log)
            receive(host, .string(before), streaming: true)
            _ = root(host)
            receive(host, .string(after), streaming: true)
            let fresh = a2uiHost(Log())
            receive(fresh, .string(after), streaming: true)
            #expect(root(fresh)?.children.first?.props["text"] == "next")
            #expect(plainTree(root(host)) == plainTree(root(fresh)), "\(after)")
            #expect(root(fresh)?.children.isEmpty == false, "\(after)")
        }
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

    static let malformedDynamics: [(value: JSONValue, why: String)] = [
        (["call": "formatString", "args": ["value": "x"], "catalogId": 5], "is a call whose catalogId is not a string, found integer"),
        (["call": "formatString", "args": ["x"]], "is a call whose args are not an object, found array"),
        (["call": 3, "args": [:]], "is a call whose name is not a string"),
        (["call": "formatString", "args": ["value": "x"], "when": true], "is a call with keys a call does not have: when"),
        (["path": "/a", "default": "x"], "is a binding with more than a string path"),
    ]

    @Test func `accessibility attributes are checked as the schema has them, and resolved into the node`() throws {
        func outcome(_ accessibility: JSONValue) -> (errors: [String], props: JSONValue?) {
            let log = Log()
            let host = a2uiHost(log)
            receive(host, jsonl([create(), components([["id": "root", "component": "Text", "text": "hi", "accessibility": accessibility]]),
                                 data("/label", "Greeting")]))
            return (log.allErrors, root(host)?.children.first?.props["accessibility"])
        }
        let good = outcome(["label": ["path": "/label"], "description": "says hi", "live": "polite", "hidden": false])
        #expect(good.errors.isEmpty)
        #expect(good.props == ["label": "Greeting", "description": "says hi", "live": "polite", "hidden": false])
        for (bad, why) in [(JSONValue("loud"), "accessibility must be an object"), (["live": "loud"], "live must be one of off, polite, assertive, found \"loud\""),
                           (["live": 1], "live must be one of"), (["label": ["path": "/a", "x": 1]], "label is a binding with more than a string path")] {
            let (errors, props) = outcome(bad)
            #expect(props == nil, "\(bad)")
            #expect(errors.count == 1 && errors.first?.contains("VALIDATION_FAILED") == true && errors.first?.contains(why) == true, "\(errors)")
        }
        // Any component's, whatever its catalog: an app component's too.
        let place = try AIUIComponentDefinition(json: ["name": "place_card", "parameters": ["type": "object"]])
        let log = Log()
        let host = a2uiHost(log, components: [place])
        receive(host, jsonl([create(catalog: A2UICatalog.defaultAppCatalogID),
                             components([["id": "root", "component": "PlaceCard", "accessibility": ["live": "loud"]]])]))
        #expect(root(host)?.children.isEmpty == true)
        #expect(log.allErrors.count == 1 && log.allErrors.first?.contains("accessibility live must be one of") == true, "\(log.allErrors)")
    }

    @Test(arguments: malformedDynamics)
    func `a binding or a call not made as the schema has it is refused naming what is wrong`(value: JSONValue, why: String) throws {
        // (A call's catalogId and args read any other way would run it as another call: on the surface's catalog, with none.)
        let log = Log()
        let host = a2uiHost(log)
        receive(host, jsonl([create(), components([["id": "root", "component": "Text", "text": value]])]))
        #expect(root(host)?.children.isEmpty == true)
        #expect(log.allErrors.count == 1)
        #expect(log.allErrors.first?.contains("VALIDATION_FAILED") == true && log.allErrors.first?.contains("text \(why)") == true, "\(log.allErrors)")
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
