import CStreamChatAIABI
import StreamChatAI
import Synchronization

/// The object behind an `sca_runner *`.
final class RunnerHandle: Sendable {
    let runner: AIClientToolRunner
    let id: UInt64

    init(runner: AIClientToolRunner, id: UInt64) {
        self.runner = runner
        self.id = id
    }
}

/// Live handles, so a freed or foreign pointer is an error code instead of a crash.
enum Handles {
    private static let runners = Mutex<Set<UInt>>([])
    private static let nextRunnerID = Atomic<UInt64>(1)

    static func makeRunner(_ runner: AIClientToolRunner) -> OpaquePointer {
        let handle = RunnerHandle(runner: runner, id: nextRunnerID.wrappingAdd(1, ordering: .relaxed).oldValue)
        let pointer = Unmanaged.passRetained(handle).toOpaque()
        runners.withLock { _ = $0.insert(UInt(bitPattern: pointer)) }
        return OpaquePointer(pointer)
    }

    static func runner(_ pointer: OpaquePointer?) throws(StreamChatAIError) -> RunnerHandle {
        guard let pointer else { throw StreamChatAIError(.invalidArgument, "runner is NULL") }
        let raw = UnsafeMutableRawPointer(pointer)
        guard runners.withLock({ $0.contains(UInt(bitPattern: raw)) }) else {
            throw StreamChatAIError(.invalidArgument, "runner is not a live sca_runner (already freed?)")
        }
        return Unmanaged<RunnerHandle>.fromOpaque(raw).takeUnretainedValue()
    }

    static func freeRunner(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        let raw = UnsafeMutableRawPointer(pointer)
        guard runners.withLock({ $0.remove(UInt(bitPattern: raw)) != nil }) else { return }
        let handle = Unmanaged<RunnerHandle>.fromOpaque(raw).takeRetainedValue()
        PendingResults.forget(runnerID: handle.id)
        handle.runner.close()
    }
}

/// Results handed to C tools: an `sca_result *` is an id into this table,
/// never dereferenced, so completing one twice or after its runner was freed
/// is an error code.
enum PendingResults {
    private static let table = Mutex<[UInt: (completion: AIToolCompletion, runnerID: UInt64)]>([:])
    private static let nextID = Atomic<UInt>(1)

    static func register(_ completion: AIToolCompletion, runnerID: UInt64) -> OpaquePointer {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        table.withLock { $0[id] = (completion, runnerID) }
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

    /// Puts a completion back, when its result could not be read.
    static func restore(_ pointer: OpaquePointer, _ completion: AIToolCompletion, runnerID: UInt64) {
        table.withLock { $0[UInt(bitPattern: UnsafeRawPointer(pointer))] = (completion, runnerID) }
    }

    static func runnerID(_ pointer: OpaquePointer?) -> UInt64? {
        guard let pointer else { return nil }
        return table.withLock { $0[UInt(bitPattern: UnsafeRawPointer(pointer))]?.runnerID }
    }

    static func forget(runnerID: UInt64) {
        table.withLock { $0 = $0.filter { $0.value.runnerID != runnerID } }
    }
}
