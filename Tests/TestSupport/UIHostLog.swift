import StreamChatAI
import Synchronization

/// What a UI host told the app in a test: actions sent, problems, links opened, renders asked for, tool calls.
public final class UIHostLog: Sendable {
    public let actions = Mutex<[AIUIAction]>([])
    public let errors = Mutex<[String]>([])
    public let opened = Mutex<[String]>([])
    public let renders = Mutex<[String]>([])
    public let toolCalls = Mutex<[String]>([])

    public init() {}

    /// Every problem told so far.
    public var allErrors: [String] { errors.withLock { $0 } }
}

extension UIHostLog {
    /// A UI host with `renderers` whose callbacks write into this log (sends succeed, links open).
    public func host(renderers: [any AIUIRenderer], components: [AIUIComponentDefinition] = [], tools: [AIClientTool] = [],
                     mediaURL: (@Sendable (String) -> String?)? = nil) -> AIUIHost {
        let host = AIUIHost(renderers: renderers, components: components, tools: tools, mediaURL: mediaURL,
                            send: { [self] a in actions.withLock { $0.append(a) }; return true },
                            open: { [self] url in opened.withLock { $0.append(url) }; return true },
                            onError: { [self] _, problem in errors.withLock { $0.append(problem) } })
        host.setRenderCallback { [self] id in renders.withLock { $0.append(id) } }
        return host
    }

    /// A tool that logs its calls here (`name {arguments}`) and answers `output`.
    public func tool(_ name: String, readOnly: Bool, output: JSONObject) throws -> AIClientTool {
        try tool(name, readOnly: readOnly) { _ in output }
    }

    /// A tool that logs its calls here (`name {arguments}`) and answers what `answer` makes of each call's arguments.
    public func tool(_ name: String, readOnly: Bool, answer: @escaping @Sendable (JSONObject) -> JSONObject) throws -> AIClientTool {
        let definition = try AIToolDefinition(json: ["name": .string(name), "description": "test tool",
                                                     "inputSchema": ["type": "object"], "annotations": ["readOnlyHint": .bool(readOnly)]])
        return AIClientTool(definition: definition) { [self] call, completion in
            let arguments = call.arguments ?? JSONObject()
            toolCalls.withLock { $0.append("\(name) \(JSONSerializer.string(.object(arguments)))") }
            completion.complete(.completed(output: answer(arguments), summary: nil))
        }
    }
}
