import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

/// A small renderer for tests: content is a JSON array of `{"id", "title", "component"?, "arguments"?}`.
struct ListRenderer: AIUIRenderer {
    var format = "list"
    var versions: Set<String>? = nil
    var fence: String? { "list-json" }
    var ownComponents: [String] { ["item"] }
    let log = Log()

    func supports(version: String?) -> Bool { versions.map { v in version.map(v.contains) ?? false } ?? true }
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String {
        "Write a JSON array of items.\n" + AIUIInstructions.describe(components: components, tools: tools)
    }
    func makeEngine() -> any AIUIEngine { ListEngine(log: log) }
}

final class Log: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

final class ListEngine: AIUIEngine, Sendable {
    let log: Log
    init(log: Log) { self.log = log }

    func receive(_ document: AIUIDocument, context: AIUIContext) { log.append("receive \(context.messageID)") }
    func remove(messageID: String) { log.append("remove \(messageID)") }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        guard let items = document.content.arrayValue else { return nil }
        let children = items.enumerated().map { i, item -> UINode in
            let id = item["id"]?.stringValue ?? "item-\(i)"
            if let name = item["component"]?.stringValue, let component = context.component(named: name) {
                return context.componentNode(component, id: id, arguments: item["arguments"] ?? [:])
            }
            if item["input"] != nil {
                return UINode(id: id, type: item["password"] == true ? "password" : "text_field",
                              props: ["label": item["title"] ?? ""], events: ["change"], bindings: ["value": item["input"]!])
            }
            return UINode(id: id, type: "item", props: ["title": item["title"] ?? ""], events: ["tap"])
        }
        return UINode(id: "list", type: "list", children: children)
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        [AIUIAction(messageID: context.messageID, format: "list", name: "chosen", label: node.props["title"]?.stringValue ?? "",
                    payload: .object(JSONObject([("form", .object(context.state))])))]
    }
}

func uiData(_ content: String, status: String = "complete", format: String = "list", version: String? = nil) throws -> JSONValue {
    let versionField = version.map { #", "version": "\#($0)""# } ?? ""
    return try JSONValue(parsing: #"{"ai_ui": {"v": 1, "format": "\#(format)"\#(versionField), "status": "\#(status)", "content": \#(content)}}"#)
}

final class CountingRenderer: AIUIRenderer, AIUIEngine, Sendable {
    let views = Mutex(0)
    let format = "count"
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { self }
    func receive(_ document: AIUIDocument, context: AIUIContext) {}
    func remove(messageID: String) {}
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        views.withLock { $0 += 1 }
        return UINode(id: "r", type: "box", props: ["n": .integer(Int64(document.content.arrayValue?.count ?? 0))])
    }
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] { [] }
}

/// An engine that keeps its nodes between views (it runs the host's pass itself), whose next view can be held
/// at a gate: to put an event in the middle of a render.
final class GatedFinishingRenderer: AIUIRenderer, AIUINodeFinishingEngine, @unchecked Sendable {
    let format = "gated"
    /// Signalled when a held view has begun; the view goes on once `release` is signalled.
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holdNext = Mutex(false)
    let taps = Mutex(0)
    func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String { "" }
    func makeEngine() -> any AIUIEngine { self }
    func receive(_ document: AIUIDocument, context: AIUIContext) {}
    func remove(messageID: String) {}
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        if holdNext.withLock({ hold in defer { hold = false }; return hold }) {
            entered.signal()
            release.wait()
        }
        var button = UINode(id: "b", type: "button", props: ["label": .string(document.content.stringValue ?? "")], events: ["tap"])
        context.pass?.finish(&button)
        var root = UINode(id: "root", type: "box", children: [button])
        context.pass?.finish(&root)
        return root
    }
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        taps.withLock { $0 += 1 }
        return []
    }
}
