import Dispatch
import Synchronization

/// What an engine can use of its host while it renders or handles an event:
/// the app's components, the host's tools (under the read-only policy), the
/// reply's UI state, the media policy, and the error channel.
public struct AIUIContext: Sendable {
    let host: AIUIHost
    /// The tool runs of the event being handled, reported in its outcome.
    let toolRuns: ToolRunLog?
    /// The app components this renderer may place (those named like its own are left out).
    public let components: [AIUIComponentDefinition]
    /// Whether the reply is still being written.
    public let isStreaming: Bool
    /// The reply being rendered or handled.
    public let messageID: String

    /// The app component of that name, if the renderer may place it.
    public func component(named name: String) -> AIUIComponentDefinition? {
        components.first { $0.name == name || $0.pascalCaseName == name }
    }

    /// A node for an app component: `pending` while the arguments don't fit
    /// its parameters yet; a finished reply's bad arguments are also reported.
    public func componentNode(_ component: AIUIComponentDefinition, id: String, arguments: JSONValue, messageID: String) -> UINode {
        let problems = component.problems(with: arguments)
        var props = arguments.objectValue ?? JSONObject()
        props["is_streaming"] = .bool(isStreaming)
        if !problems.isEmpty && !isStreaming {
            report("component \(component.name) (\(id)): " + problems.prefix(3).map(\.description).joined(separator: "; "), messageID: messageID)
        }
        return UINode(id: id, type: component.name, props: props, events: component.events.map(\.name),
                      state: problems.isEmpty ? .ready : .pending)
    }

    /// Runs one of the host's tools; see ``AIUIHost/runTool(_:arguments:userInitiated:)``.
    public func runTool(_ name: String, arguments: JSONObject, userInitiated: Bool) -> AIToolResult {
        let result = host.runTool(name, arguments: arguments, userInitiated: userInitiated)
        toolRuns?.record(name, result)
        if case .failed(let reason) = result { report("the tool \(name) failed: \(reason)", messageID: messageID) }
        return result
    }

    /// The reply's UI state (form values, variables).
    public func state(_ messageID: String) -> JSONObject { host.state(messageID) }

    /// Changes one key of the reply's UI state.
    public func setState(_ key: String, _ value: JSONValue, messageID: String) { host.setState(key, value, messageID: messageID) }

    /// The URL to load a medium from, or nil not to load it (the host's media policy).
    public func mediaURL(_ url: String) -> String? { host.mediaURL(url) }

    /// Reports a problem with the reply's UI to the host's error callback.
    public func report(_ problem: String, messageID: String) { host.report(problem, messageID: messageID) }
}

/// The tools run while one event was handled.
final class ToolRunLog: Sendable {
    private let runs = Mutex<[(String, AIToolResult)]>([])
    func record(_ tool: String, _ result: AIToolResult) { runs.withLock { $0.append((tool, result)) } }
    var all: [(String, AIToolResult)] { runs.withLock { $0 } }
}
