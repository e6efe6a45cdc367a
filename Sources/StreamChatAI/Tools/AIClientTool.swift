/// A tool this install runs for the agent: its definition and the code that runs it.
///
/// The handler gets the call and a completion, which it completes exactly
/// once, now or later, from any thread. Arguments have already been checked
/// against the definition's input schema.
///
/// ```swift
/// let openScreen = AIClientTool(definition: definition) { call, completion in
///     let screen = call.arguments?["screen"]?.stringValue ?? "home"
///     router.open(screen)
///     completion.complete(.completed(output: ["opened": .string(screen)], summary: "Opened \(screen)"))
/// }
/// ```
public struct AIClientTool: Sendable {
    /// Runs one call; must complete `completion` exactly once.
    public typealias Handler = @Sendable (AIToolCallPart, AIToolCompletion) -> Void

    /// The tool's description, as the backend and the model see it.
    public let definition: AIToolDefinition
    /// How long a call may take, when the tool sets its own limit (a plugin
    /// manifest's `tool_timeout_ms`); nil leaves it to whoever runs the call.
    public let timeoutMs: Int?
    let handler: Handler

    /// A tool whose handler completes the call itself.
    public init(definition: AIToolDefinition, timeoutMs: Int? = nil, handler: @escaping Handler) {
        self.definition = definition
        self.timeoutMs = timeoutMs
        self.handler = handler
    }

    /// A tool written as an async function; it runs in a task.
    public init(definition: AIToolDefinition, timeoutMs: Int? = nil, run: @escaping @Sendable (AIToolCallPart) async -> AIToolResult) {
        self.definition = definition
        self.timeoutMs = timeoutMs
        handler = { call, completion in
            Task.detached { completion.complete(await run(call)) }
        }
    }

    /// The tool's name.
    public var name: String { definition.name }
}
