import CStreamChatAIABI
import StreamChatAI
import Synchronization

/// The objects behind one kind of opaque C handle. Live handles are tracked,
/// so a freed or foreign pointer is an error code instead of a crash.
final class HandleTable<Object: AnyObject & Sendable>: Sendable {
    private let live = PlainMutex<Set<UInt>>([])
    let name: String

    init(name: String) { self.name = name }

    func make(_ object: Object) -> OpaquePointer {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        live.withLock { _ = $0.insert(UInt(bitPattern: pointer)) }
        return OpaquePointer(pointer)
    }

    func get(_ pointer: OpaquePointer?) throws(StreamChatAIError) -> Object {
        guard let pointer else { throw StreamChatAIError(.invalidArgument, "\(name) is NULL") }
        let raw = UnsafeMutableRawPointer(pointer)
        guard live.withLock({ $0.contains(UInt(bitPattern: raw)) }) else {
            throw StreamChatAIError(.invalidArgument, "\(name) is not a live sca_\(name) (already freed?)")
        }
        return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Forgets the handle and returns its object (nil for NULL or an unknown pointer).
    func free(_ pointer: OpaquePointer?) -> Object? {
        guard let pointer else { return nil }
        let raw = UnsafeMutableRawPointer(pointer)
        guard live.withLock({ $0.remove(UInt(bitPattern: raw)) != nil }) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeRetainedValue()
    }
}

/// The object behind an `sca_runner *`.
final class RunnerHandle: Sendable {
    let runner: AIClientToolRunner
    let id = PendingResults.newOwner()
    init(runner: AIClientToolRunner) { self.runner = runner }
}

/// The object behind an `sca_ui_host *`.
final class UIHostHandle: Sendable {
    let host: AIUIHost
    let id = PendingResults.newOwner()
    init(host: AIUIHost) { self.host = host }
}

/// The object behind an `sca_fence_extractor *`.
final class ExtractorHandle: Sendable {
    let extractor: Mutex<AIUIFenceExtractor>
    init(_ extractor: AIUIFenceExtractor) { self.extractor = Mutex(extractor) }
}

/// The object behind an `sca_conversation *`.
final class ConversationHandle: Sendable {
    let conversation: AIConversation
    init(_ conversation: AIConversation) { self.conversation = conversation }
}

enum Handles {
    static let runners = HandleTable<RunnerHandle>(name: "runner")
    static let uiHosts = HandleTable<UIHostHandle>(name: "ui_host")
    static let extractors = HandleTable<ExtractorHandle>(name: "fence_extractor")
    static let conversations = HandleTable<ConversationHandle>(name: "conversation")
}

/// Results handed to C tools: an `sca_result *` is an id into this table,
/// never dereferenced, so completing one twice or after its owner (runner or
/// UI host) was freed is an error code.
enum PendingResults {
    private static let table = CompletionTable()

    static func newOwner() -> UInt64 { table.newOwner() }

    /// Takes the completion of `pointer` out of the table.
    static func take(_ pointer: OpaquePointer?) throws(StreamChatAIError) -> AIToolCompletion {
        guard pointer != nil else { throw StreamChatAIError(.invalidArgument, "result is NULL") }
        guard let completion = table.take(pointer) else {
            throw StreamChatAIError(.invalidArgument, "result is not a pending sca_result (already completed, or its runner was freed)")
        }
        return completion
    }

    static func isPending(_ pointer: OpaquePointer?) -> Bool { table.completion(pointer) != nil }

    static func forget(owner: UInt64) { table.forget(owner: owner) }

    /// A tool of `definitionJSON` whose C function gets its call and an `sca_result *` of `owner`.
    static func cTool(_ definitionJSON: UnsafePointer<CChar>?, owner: UInt64, fn: sca_tool_fn?, ctx: UnsafeMutableRawPointer?)
        throws(StreamChatAIError) -> AIClientTool
    {
        guard let fn else { throw StreamChatAIError(.invalidArgument, "fn is NULL") }
        let definition = try AIToolDefinition(json: try jsonArgument(definitionJSON, name: "definition_json"))
        nonisolated(unsafe) let context = ctx
        return AIClientTool(definition: definition) { call, completion in
            let result = table.register(completion, owner: owner)
            withJSONCString(call.jsonValue) { fn(context, $0, result) }
        }
    }
}
