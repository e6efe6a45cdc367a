import CStreamChatAIABI
import StreamChatAI
import Synchronization

/// The objects behind one kind of opaque C handle. Live handles are tracked,
/// so a freed or foreign pointer is an error code instead of a crash.
final class HandleTable<Object: AnyObject & Sendable>: Sendable {
    private let live = Mutex<Set<UInt>>([])
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

enum Handles {
    static let runners = HandleTable<RunnerHandle>(name: "runner")
    static let uiHosts = HandleTable<UIHostHandle>(name: "ui_host")
    static let extractors = HandleTable<ExtractorHandle>(name: "fence_extractor")
}

/// Results handed to C tools: an `sca_result *` is an id into this table,
/// never dereferenced, so completing one twice or after its owner (runner or
/// UI host) was freed is an error code.
enum PendingResults {
    private static let table = Mutex<[UInt: (completion: AIToolCompletion, owner: UInt64)]>([:])
    private static let nextID = Atomic<UInt>(1)
    private static let nextOwner = Atomic<UInt64>(1)

    static func newOwner() -> UInt64 { nextOwner.wrappingAdd(1, ordering: .relaxed).oldValue }

    static func register(_ completion: AIToolCompletion, owner: UInt64) -> OpaquePointer {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        table.withLock { $0[id] = (completion, owner) }
        return OpaquePointer(bitPattern: id)!
    }

    /// Takes the completion of `pointer` out of the table.
    static func take(_ pointer: OpaquePointer?) throws(StreamChatAIError) -> AIToolCompletion {
        guard let pointer else { throw StreamChatAIError(.invalidArgument, "result is NULL") }
        let id = UInt(bitPattern: UnsafeRawPointer(pointer))
        guard let entry = table.withLock({ $0.removeValue(forKey: id) }) else {
            throw StreamChatAIError(.invalidArgument, "result is not a pending sca_result (already completed, or its runner was freed)")
        }
        return entry.completion
    }

    static func isPending(_ pointer: OpaquePointer?) -> Bool {
        guard let pointer else { return false }
        return table.withLock { $0[UInt(bitPattern: UnsafeRawPointer(pointer))] != nil }
    }

    static func forget(owner: UInt64) {
        table.withLock { $0 = $0.filter { $0.value.owner != owner } }
    }

    /// A tool whose C function gets its call and an `sca_result *` of `owner`.
    static func cTool(_ definition: AIToolDefinition, owner: UInt64, fn: @escaping sca_tool_fn, ctx: UnsafeMutableRawPointer?) -> AIClientTool {
        nonisolated(unsafe) let context = ctx
        return AIClientTool(definition: definition) { call, completion in
            let result = register(completion, owner: owner)
            withJSONCString(call.jsonValue) { fn(context, $0, result) }
        }
    }
}
