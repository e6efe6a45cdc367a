// Coverage-guided fuzz targets (libFuzzer, with AddressSanitizer) for every
// parser and entry point the C ABI reaches. Built by `make fuzz-build` from
// the core's sources into one program; SCA_FUZZ_TARGET picks the target.
// Each target also checks an invariant, so a wrong answer is a finding too.
//
//   SCA_FUZZ_TARGET=json build/fuzz/streamchatai-fuzz Tests/Fuzz/corpus/json -max_total_time=60

#if canImport(Glibc)
import Glibc
#endif

/// Built once: a library is made from its signature lines.
let fuzzChatLibrary = OpenUILibrary.chat

/// Reads `bytes` member by member, building every other member's value (the
/// choice seeded by the input's length), and stops the run when that
/// disagrees with the parser: an error where it parses, another error, or
/// other members.
func checkObjectReader(_ bytes: UnsafeRawBufferPointer) {
    let parsed = Result { () throws(JSONError) in try JSONParser.parse(bytes) }
    var members: [(String, JSONValue?)] = []
    let read = Result { () throws(JSONError) -> Bool in
        guard var object = try JSONObjectReader(bytes) else { return false }
        while try object.nextMember() {
            let key = object.key
            members.append((key, (members.count + bytes.count) % 2 == 0 ? .some(try object.readValue()) : .none))
        }
        return true
    }
    switch (read, parsed) {
    case (.success(false), _): return
    case (.success(true), .success(.object(let object))):
        guard members.count == object.count, zip(members, object).allSatisfy({ mine, theirs in
            mine.0 == theirs.key && (mine.1.map { $0 == theirs.value } ?? true)
        }) else {
            fatalError("json: the object reader read other members than the parser")
        }
    case (.failure(let mine), .failure(let theirs)):
        guard "\(mine)" == "\(theirs)" else { fatalError("json: the object reader's error \(mine) is not the parser's \(theirs)") }
    default: fatalError("json: the object reader and the parser disagree on whether the document is valid")
    }
}

/// The targets by name: each gets one input.
/// Where the mcp target's server writes its answers.
let fuzzDevNull = open("/dev/null", O_WRONLY)

/// Checks a render mid-stream, for the UI targets: it names each node once, and `ops` turn the last render into it.
func checkRender(_ target: String, _ node: UINode, after previous: UINode?, ops: [UIDiff.Op]) {
    if let repeated = node.repeatedID { fatalError("\(target): two nodes named \(repeated)") }
    if let previous, (try? UIDiff.apply(ops, to: previous)) != node { fatalError("\(target): the ops between two renders do not give the second") }
}

let targets: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
    // The chat client's stream decoder: SSE framing, chunk reading and folding into the reply. The
    // first byte picks a piece size: the input fed in pieces gives the reply fed whole (streamed = one-shot),
    // and the reply's UI message and steps always serialize and decode.
    "chat-stream": { bytes in
        guard let first = bytes.first else { return }
        let body = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        func fold(pieceSize: Int) -> (JSONValue, [JSONValue], [String]) {
            var sse = SSEDecoder(maxEventBytes: 4096)
            var reply = ChatReply(messageID: "m")
            var notes: [String] = []
            let take: ([UInt8]) -> Void = { data in
                switch UIMessageChunk.read(data) {
                case .chunk(let chunk): _ = reply.apply(chunk, atMs: 0)
                case .warning(let text): notes.append(text)
                case .done, .skipped: break
                }
            }
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + pieceSize)
                sse.feed(UnsafeRawBufferPointer(rebasing: body[offset..<end]), onEvent: take)
                offset = end
            }
            sse.finish(onEvent: take)
            return (reply.uiMessage, reply.attachments(target: ("u", "c"), nowMs: 0), notes)
        }
        let whole = fold(pieceSize: max(1, body.count))
        let pieces = fold(pieceSize: Int(first % 17) + 1)
        guard whole.0 == pieces.0, whole.1 == pieces.1, whole.2 == pieces.2 else {
            fatalError("chat-stream: the stream fed in pieces folds differently from the stream fed whole")
        }
        guard (try? JSONParser.parse(JSONSerializer.string(whole.0))) == whole.0 else { fatalError("chat-stream: the UI message does not read back") }
        _ = AIMessagePart.parts(from: whole.1)
    },
    // MCP framing both ways: each line a request to the tool server (fresh per input, so the era is
    // decided again), a tools/call answer to the client's mapping, and a server config.
    "mcp": { bytes in
        let box = AIToolBox()
        if let echo = try? AIToolDefinition(json: ["name": "echo", "inputSchema": ["type": "object"], "annotations": ["readOnlyHint": true]]) {
            box.add(AIClientTool(definition: echo) { call, c in c.complete(.completed(output: call.arguments ?? [:], summary: nil)) })
        }
        let server = MCPToolServer(name: "fuzz", toolBox: box, toolTimeoutMs: 1_000)
        server.answer(to: fuzzDevNull)
        for line in Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: true) {
            server.receive(Array(line))
            if let value = try? JSONParser.parse(Array(line)) {
                _ = MCPCallResult.result(.success(value["result"] ?? value), tool: "echo", server: "fuzz")
                _ = try? MCPServerConfiguration(json: value)
            }
        }
        server.drain()
    },
    // JSON: parse; a parsed value written and read again is the same value.
    // The parser, and the member-by-member object reader against it: the same error, or the same members.
    "json": { bytes in
        checkObjectReader(bytes)
        guard let value = try? JSONParser.parse(bytes) else { return }
        var writer = JSONWriter()
        writer.value(value)
        let text = writer.takeString()
        guard (try? JSONParser.parse(text)) == value else { fatalError("json: a written value reads back differently: \(text)") }
    },
    // Steps: decode, present, and the fast writer's parts equal the parts' JSON.
    "steps": { bytes in
        guard let (elements, spans) = (try? JSONParser.parseArrayWithSpans(bytes)) ?? nil else { return }
        let parts = AIMessagePart.parts(from: elements)
        var writer = JSONWriter()
        AIMessagePart.writeParts(of: elements, source: bytes, spans: spans, to: &writer)
        guard (try? JSONParser.parse(writer.takeString())) == .array(parts.map(\.jsonValue)) else {
            fatalError("steps: the written parts differ from their JSON")
        }
        // The C path's streaming decode, with payloads and with indices.
        var streamed = JSONWriter()
        guard (try? AIMessagePart.writeParts(ofArrayText: bytes, to: &streamed)) == true,
              (try? JSONParser.parse(streamed.takeString())) == .array(parts.map(\.jsonValue)) else {
            fatalError("steps: the streamed parts differ from their JSON")
        }
        var views = JSONWriter()
        guard (try? AIMessagePart.writeParts(ofArrayText: bytes, payload: .index, to: &views)) == true,
              case .array(let written)? = try? JSONParser.parse(views.takeString()), written.count == parts.count,
              zip(written, parts).allSatisfy({ w, p in
                  guard case .integer(let i)? = w["index"], i >= 0, i < elements.count else { return false }
                  return elements[Int(i)] == .object(p.payload)
              })
        else {
            fatalError("steps: a view's index doesn't name its attachment")
        }
        let tree = StepsPresenter.tree(for: AIMessagePart.parts(fromPartsOrAttachments: elements), options: .init(nowMs: 1_800_000_000_000))
        var out = JSONWriter()
        tree.write(to: &out)
        // The C path's render, written as the parts are read.
        var streamedTree = JSONWriter()
        guard (try? StepsPresenter.writeTree(ofArrayText: bytes, options: .init(nowMs: 1_800_000_000_000), to: &streamedTree)) == true,
              streamedTree.takeString() == out.takeString() else {
            fatalError("steps: the streamed tree differs from the tree")
        }
    },
    // Steps options, as sca_steps_render reads them.
    "steps-options": { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return }
        _ = try? StepsPresentationOptions(json: value)
    },
    // A schema and a value, split at the first NUL byte: compile, then validate with the pattern engine.
    "schema": { bytes in
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        guard let schemaValue = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[..<split])),
              let schema = try? JSONSchema(schemaValue) else { return }
        let rest = split < bytes.count ? UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...]) : UnsafeRawBufferPointer(start: nil, count: 0)
        _ = schema.validate((try? JSONParser.parse(rest)) ?? .null)
    },
    // A pattern, then text after a NUL: compile and search.
    "pattern": { bytes in
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let pattern = String(decoding: bytes[..<split], as: UTF8.self)
        guard let compiled = try? SchemaPattern(pattern) else { return }
        _ = compiled.search(split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "")
    },
    // A plugin manifest, as discovery reads it.
    "manifest": { bytes in
        guard let value = try? JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: 1 << 20)) else { return }
        _ = try? PluginManifest(json: value)
    },
    // Tool definitions and arguments: a definition, then arguments after a NUL.
    "tool": { bytes in
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[..<split])),
              let definition = try? AIToolDefinition(json: value) else { return }
        let rest = split < bytes.count ? UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...]) : UnsafeRawBufferPointer(start: nil, count: 0)
        _ = definition.validate(arguments: (try? JSONParser.parse(rest)) ?? .object(JSONObject()))
        _ = definition.registration
    },
    // Configs: runner, UI host, fence extractor, components, events, invocations.
    "config": { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return }
        _ = try? AIClientToolRunner.Configuration(json: value)
        _ = try? AIUIHost.Configuration(json: value)
        _ = try? AIUIFenceExtractor(json: value)
        _ = try? AIUIComponentDefinition(json: value)
        _ = try? AIUIEvent(json: value)
        _ = try? AIClientToolInvocation(json: value)
        _ = try? AIToolCallTransition.Event(json: value)
        _ = RegisterToolsCheck(request: value).jsonValue
    },
    // ai_ui documents and UI events: receive, render, handle every node's events.
    "ui": { bytes in
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        guard let custom = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[..<split])) else { return }
        let host = AIUIHost(renderers: [FuzzMirror()], components: [FuzzMirror.component], send: { _ in true })
        host.receive(messageID: "m", customData: custom)
        guard let render = host.render(messageID: "m") else { return }
        let event = split < bytes.count ? (try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...]))) : nil
        render.root.walk { node, _ in
            for name in node.events + ["change"] {
                _ = try? host.handle(AIUIEvent(nodeID: node.id, name: name, value: event), messageID: "m")
            }
        }
        if let old = try? UINode(json: custom), let new = host.render(messageID: "m")?.root { _ = UIDiff.ops(from: old, to: new) }
    },
    // The fence extractor, fed in chunks of 1 to 16 bytes; split or not, the text is the same.
    "fence": { bytes in
        var whole = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        guard (try? whole.feed(utf8: bytes)) != nil else { return }
        whole.finish()
        var chunked = AIUIFenceExtractor(fences: ["openui-lang": "openui", "a2ui": "a2ui"])
        var i = 0
        var size = 1
        while i < bytes.count {
            let end = min(bytes.count, i + size)
            guard (try? chunked.feed(utf8: UnsafeRawBufferPointer(rebasing: bytes[i..<end]))) != nil else { fatalError("fence: a chunk of valid text was refused") }
            i = end
            size = size % 16 + 1
        }
        chunked.finish()
        guard chunked.text == whole.text, chunked.ui == whole.ui else { fatalError("fence: chunked and whole differ") }
    },
    // Reasoning Markdown, streamed in pieces: the layout equals a one-shot layout.
    "reasoning": { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var streamed = ReasoningDocument()
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: 7, limitedBy: text.endIndex) ?? text.endIndex
            streamed.append(String(text[i..<j]))
            i = j
        }
        streamed.finish()
        let once = ReasoningDocument(text)
        guard streamed.paragraphs == once.paragraphs else { fatalError("reasoning: streamed layout differs") }
    },
    // OpenUI Lang: a reply streamed in chunks of growing size, rendered to IR after each (no two nodes with one id;
    // every eighth render and the last equal a fresh reply's); every input is then filled and every control tapped, with
    // values of several kinds; the bytes are also read as a stored message and merged as an edit. None of it traps.
    "openui": { bytes in
        // Renders after every chunk cost O(n²): 4 KB holds every construct, and keeps the smoke run short
        // (the hostile-input tests take the megabyte lines).
        let utf8 = Array(bytes.prefix(4096))
        let library = fuzzChatLibrary
        let reply = OpenUIReply(library: library)
        var end = 0
        var size = 1
        var chunk = 0
        var previous: UINode?
        while end < utf8.count {
            let start = end
            end = min(utf8.count, end + size)
            while end < utf8.count && (utf8[end] & 0xC0) == 0x80 { end += 1 }
            // Fed both ways a client can: the whole text so far, or the piece appended.
            if chunk % 2 == 0 {
                reply.update(text: String(decoding: utf8[..<end], as: UTF8.self), isStreaming: end < utf8.count)
            } else {
                reply.append(String(decoding: utf8[start..<end], as: UTF8.self), isStreaming: end < utf8.count)
            }
            let (node, _) = reply.render()
            // Every render names each node once, and the ops from the last render (which shares what the reply kept)
            // give it and are what indexing both trees in full gives; every eighth is checked against a fresh reply's.
            if let node {
                let ops = previous.map { UIDiff.ops(from: $0, to: node) } ?? []
                checkRender("openui", node, after: previous, ops: ops)
                if let previous, previous.id == node.id && previous.type == node.type && ops != UIDiff.opsWithMoves(from: previous, to: node) {
                    fatalError("openui: the ops found in place differ from the indexed ones")
                }
            }
            previous = node
            if chunk % 8 == 7 {
                let fresh = OpenUIReply(library: library)
                fresh.update(text: String(decoding: utf8[..<end], as: UTF8.self), isStreaming: end < utf8.count)
                guard fresh.render().root == node else { fatalError("openui: a render mid-stream differs from a fresh one") }
            }
            size = size * 2 % 61 + 1
            chunk += 1
        }
        reply.update(text: String(decoding: utf8, as: UTF8.self), isStreaming: false)
        let (root, result) = reply.render()
        let fresh = OpenUIReply(library: library)
        fresh.update(text: String(decoding: utf8, as: UTF8.self), isStreaming: false)
        let (want, wanted) = fresh.render()
        guard root == want, result.errors == wanted.errors else { fatalError("openui: the streamed render differs from a fresh one") }
        var ids: [(String, [String])] = []
        root?.walk { node, _ in ids.append((node.id, node.events)) }
        // Every input filled, then every control tapped (a form checks its fields' rules on a tap), with values of
        // each kind a front end sends: short and long text, text that starts with a number, and extreme numbers.
        let controls = ids.prefix(50)
        for value in [OpenUIValue.string("x"), .string("12abc \u{1F600} e\u{301}"), .number(-1e300), .number(1e21)] {
            for (id, events) in controls where events.contains("change") || events.contains("select") {
                _ = reply.input(nodeID: id, value: value)
            }
            for (id, events) in controls where events.contains("tap") { _ = reply.trigger(nodeID: id) }
            _ = reply.render()
        }
        // The same bytes as a stored message (markers read and stripped, written back) and as an edit: the first half
        // the program, the second its patch.
        let text = String(decoding: utf8, as: UTF8.self)
        let stored = OpenUIStoredMessage.read(text, streaming: utf8.count % 2 == 0)
        _ = OpenUIStoredMessage.write(content: stored.content, library: ("chat", "1.0"), context: stored.context, ended: stored.isEnded)
        let half = String(decoding: utf8[..<(utf8.count / 2)], as: UTF8.self), rest = String(decoding: utf8[(utf8.count / 2)...], as: UTF8.self)
        _ = OpenUIEditMerge.merge(program: half, patch: rest)
    },
    // A2UI: a reply streamed in chunks of growing size, rendered after each as ops (each render names each node once,
    // and the ops from the last render give it); the last render equals a fresh host's render of the whole reply;
    // every node's events are then raised, which never traps.
    "a2ui": { bytes in
        let text = Array(bytes.prefix(8192))
        func document(_ end: Int, streaming: Bool) -> AIUIDocument {
            AIUIDocument(format: "a2ui", version: "v1.0", isStreaming: streaming, content: .string(String(decoding: text[..<end], as: UTF8.self)))
        }
        let host = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        var previous: UINode?
        func renderChecked() -> UINode? {
            guard let (render, ops) = host.renderOps(messageID: "m") else { return nil }
            // (Checked while the trees are small: a surface that doubles at each level reaches the node budget, and
            // comparing trees that size after every chunk would take the run's time.)
            var nodes = 0
            render.root.walk { _, _ in nodes += 1 }
            if nodes <= 2_048 { checkRender("a2ui", render.root, after: previous, ops: ops) }
            previous = render.root
            return render.root
        }
        var end = 0
        var size = 1
        while end < text.count {
            end = min(text.count, end + size)
            while end < text.count && (text[end] & 0xC0) == 0x80 { end += 1 }
            _ = host.receive(messageID: "m", document: document(end, streaming: end < text.count))
            _ = renderChecked()
            size = size * 2 % 97 + 1
        }
        _ = host.receive(messageID: "m", document: document(text.count, streaming: false))
        let streamed = renderChecked()
        let fresh = AIUIHost(renderers: [A2UIRenderer(catalogAliases: ["basic"])])
        _ = fresh.receive(messageID: "m", document: document(text.count, streaming: false))
        let whole = fresh.render(messageID: "m")?.root
        func plain(_ node: UINode?) -> UINode? {
            guard var node else { return nil }
            node.transform { $0.entrance = 0 }
            return node
        }
        guard plain(streamed) == plain(whole) else { fatalError("a2ui: the streamed render differs from a fresh one") }
        var events: [(String, String)] = []
        streamed?.walk { node, _ in for e in node.events { events.append((node.id, e)) } }
        // Each event with values of every kind a front end may send, extremes included (a slider at -1e300, a date
        // that is no date, a choice list, a long emoji string), as the OpenUI target types and taps.
        let values: [JSONValue] = ["x", 1, .number(-1e300), .number(1e300), ["a", 3, .null], ["a": true],
                                   .string(String(repeating: "🎉", count: 300)), "2026-13-45T25:61", .integer(Int64.min), .null]
        for (i, (id, name)) in events.prefix(50).enumerated() {
            _ = try? host.handle(AIUIEvent(nodeID: id, name: name, value: values[(i + text.count) % values.count]), messageID: "m")
            _ = try? host.handle(AIUIEvent(nodeID: id, name: name, value: values[(i + text.count + 3) % values.count]), messageID: "m")
        }
        _ = host.render(messageID: "m")
    },
    // The ledger reader, on a file holding the input.
    "ledger": { bytes in
        let path = "/tmp/sca-fuzz-ledger-\(getpid()).jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = write(fd, bytes.baseAddress, bytes.count)
        close(fd)
        _ = try? ToolRunLedger(path: path, userID: "u", clientID: "c")
        unlink(path)
        unlink(path + ".lock")
    },
]

/// A renderer whose view is the document's content read as a node (the
/// plugin renderer path), and which echoes events in actions.
struct FuzzMirror: AIUIRenderer {
    static let component = try! AIUIComponentDefinition(json: ["name": "password_box", "events": [["name": "submit"]],
                                                                 "parameters": ["type": "object", "properties": ["title": ["type": "string"]]]])
    let format = "mirror"
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { FuzzMirrorEngine() }
}

final class FuzzMirrorEngine: AIUIEngine, Sendable {
    func receive(_ document: AIUIDocument, context: AIUIContext) {}
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? { try? UINode(json: document.content) }
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        [AIUIAction(messageID: context.messageID, format: "mirror", name: event.name, label: node.visibleText ?? event.name,
                    payload: ["event": event.value ?? .null, "props": .object(node.props), "state": .object(context.state)])]
    }
    func remove(messageID: String) {}
}

let chosen: (@Sendable (UnsafeRawBufferPointer) -> Void)? = {
    guard let name = getenv("SCA_FUZZ_TARGET").map({ String(cString: $0) }) else { return nil }
    return targets[name]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let chosen else {
        let message = "set SCA_FUZZ_TARGET to one of: \(targets.keys.sorted().joined(separator: ", "))\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
    chosen(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
