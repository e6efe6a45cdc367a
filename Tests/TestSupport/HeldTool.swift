import StreamChatAI
import Synchronization

/// A tool whose calls wait until the test answers them (no waiting in the test: the answer is given, not timed).
public final class HeldTool: Sendable {
    public let waiting = Mutex<[AIToolCompletion]>([])
    public let definition: AIToolDefinition

    public init(_ name: String, readOnly: Bool) throws {
        definition = try AIToolDefinition(json: ["name": .string(name), "inputSchema": ["type": "object"],
                                                 "annotations": ["readOnlyHint": .bool(readOnly)]])
    }

    /// The tool, for a host: each call waits in ``waiting``.
    public var tool: AIClientTool { AIClientTool(definition: definition) { [self] _, completion in waiting.withLock { $0.append(completion) } } }

    /// Answers the oldest call waiting with `{"text": text}`.
    public func answer(_ text: String) {
        let completion = waiting.withLock { $0.removeFirst() }
        completion.complete(.completed(output: ["text": .string(text)], summary: nil))
    }
}
