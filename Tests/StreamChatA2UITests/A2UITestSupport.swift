import StreamChatAI
import Synchronization
import TestSupport
@testable import StreamChatA2UI

#if canImport(Glibc)
import Glibc
#endif

/// The folder of the A2UI test data (copied from the A2UI specification; see Fixtures/SOURCE.txt).
let fixturesRoot: String = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/Fixtures"

func fixture(_ relative: String) throws -> JSONValue { try JSONParser.parse(fileText(fixturesRoot + "/" + relative) ?? "") }

func files(in path: String, suffix: String) -> [String] { entries(in: path, folders: false, suffix: suffix) }

typealias Log = UIHostLog

/// A UI host with the A2UI renderer, logging into `log`.
func a2uiHost(_ log: Log, renderer: A2UIRenderer = A2UIRenderer(), components: [AIUIComponentDefinition] = [],
              tools: [AIClientTool] = [], mediaURL: (@Sendable (String) -> String?)? = nil) -> AIUIHost {
    log.host(renderers: [renderer], components: components, tools: tools, mediaURL: mediaURL)
}

/// A tool that logs its calls and answers `output`.
func tool(_ name: String, readOnly: Bool, log: Log, output: JSONObject) throws -> AIClientTool {
    try log.tool(name, readOnly: readOnly, output: output)
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
