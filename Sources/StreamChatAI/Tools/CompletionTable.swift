import Synchronization

/// Tool-call completions handed across a C boundary as opaque ids: an
/// `sca_result *` or `sca_plugin_call *` is a number into this table, never a
/// pointer that is followed, so completing one twice, late, after its owner
/// went away, or with a made-up value is an error code, not a crash.
public final class CompletionTable: Sendable {
    private let table = Mutex<[UInt: (completion: AIToolCompletion, owner: UInt64)]>([:])
    private let nextID = Atomic<UInt>(1)
    private let nextOwner = Atomic<UInt64>(1)

    /// An empty table.
    public init() {}

    /// A new owner number, to forget everything an owner registered at once.
    public func newOwner() -> UInt64 { nextOwner.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Registers a completion and returns its id as an opaque pointer.
    public func register(_ completion: AIToolCompletion, owner: UInt64 = 0) -> OpaquePointer {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        table.withLock { $0[id] = (completion, owner) }
        return OpaquePointer(bitPattern: id)!
    }

    /// The completion of `pointer`, left in the table.
    public func completion(_ pointer: OpaquePointer?) -> AIToolCompletion? {
        guard let pointer else { return nil }
        return table.withLock { $0[UInt(bitPattern: UnsafeRawPointer(pointer))]?.completion }
    }

    /// Takes the completion of `pointer` out of the table.
    public func take(_ pointer: OpaquePointer?) -> AIToolCompletion? {
        guard let pointer else { return nil }
        return table.withLock { $0.removeValue(forKey: UInt(bitPattern: UnsafeRawPointer(pointer)))?.completion }
    }

    /// Forgets everything `owner` registered.
    public func forget(owner: UInt64) {
        table.withLock { $0 = $0.filter { $0.value.owner != owner } }
    }
}
