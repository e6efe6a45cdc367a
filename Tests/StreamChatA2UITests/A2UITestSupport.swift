import StreamChatAI
import Synchronization
@testable import StreamChatA2UI

#if canImport(Glibc)
import Glibc
#endif

/// The folder of the A2UI test data (copied from the A2UI specification; see Fixtures/SOURCE.txt).
let fixturesRoot: String = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/Fixtures"

func fileText(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func fixture(_ relative: String) throws -> JSONValue { try JSONParser.parse(fileText(fixturesRoot + "/" + relative) ?? "") }

func files(in path: String, suffix: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        if name.hasSuffix(suffix) { out.append(name) }
    }
    return out.sorted()
}

/// What a UI host told the app.
final class Log: Sendable {
    let actions = Mutex<[AIUIAction]>([])
    let errors = Mutex<[String]>([])
    let opened = Mutex<[String]>([])
    let renders = Mutex<[String]>([])
    let toolCalls = Mutex<[String]>([])
    var allErrors: [String] { errors.withLock { $0 } }
}

/// A UI host with the A2UI renderer, logging into `log`.
func a2uiHost(_ log: Log, renderer: A2UIRenderer = A2UIRenderer(), components: [AIUIComponentDefinition] = [],
              tools: [AIClientTool] = [], mediaURL: (@Sendable (String) -> String?)? = nil) -> AIUIHost {
    let host = AIUIHost(renderers: [renderer], components: components, tools: tools, mediaURL: mediaURL,
                        send: { a in log.actions.withLock { $0.append(a) }; return true },
                        open: { url in log.opened.withLock { $0.append(url) }; return true },
                        onError: { _, problem in log.errors.withLock { $0.append(problem) } })
    host.setRenderCallback { id in log.renders.withLock { $0.append(id) } }
    return host
}

/// A tool that logs its calls and answers `output`.
func tool(_ name: String, readOnly: Bool, log: Log, output: JSONObject) throws -> AIClientTool {
    let definition = try AIToolDefinition(json: ["name": .string(name), "description": "test tool",
                                                 "inputSchema": ["type": "object"], "annotations": ["readOnlyHint": .bool(readOnly)]])
    return AIClientTool(definition: definition) { call, completion in
        log.toolCalls.withLock { $0.append("\(name) \(JSONSerializer.string(.object(call.arguments ?? JSONObject())))") }
        completion.complete(.completed(output: output, summary: nil))
    }
}

/// Gives the host a reply of A2UI content (JSONL text or a JSON array of messages).
func receive(_ host: AIUIHost, _ content: JSONValue, streaming: Bool = false, id: String = "m", version: String? = "v1.0") {
    _ = host.receive(messageID: id, document: AIUIDocument(format: "a2ui", version: version, isStreaming: streaming, content: content))
}

/// JSONL text of messages.
func jsonl(_ messages: [JSONValue]) -> JSONValue { .string(messages.map { JSONSerializer.string($0) }.joined(separator: "\n") + "\n") }

func create(_ surface: String = "s", catalog: String = A2UICatalog.basicCatalogID, sendDataModel: Bool = false, version: String = "v1.0") -> JSONValue {
    ["version": .string(version), "createSurface": ["surfaceId": .string(surface), "catalogId": .string(catalog), "sendDataModel": .bool(sendDataModel)]]
}

func components(_ list: [JSONValue], surface: String = "s", version: String = "v1.0") -> JSONValue {
    ["version": .string(version), "updateComponents": ["surfaceId": .string(surface), "components": .array(list)]]
}

func data(_ path: String, _ value: JSONValue, surface: String = "s", version: String = "v1.0") -> JSONValue {
    ["version": .string(version), "updateDataModel": ["surfaceId": .string(surface), "path": .string(path), "value": value]]
}

extension UINode {
    /// Every node of the subtree, depth first.
    var all: [UINode] {
        var out: [UINode] = []
        walk { node, _ in out.append(node) }
        return out
    }
}
