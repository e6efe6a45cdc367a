import CCurl
import Synchronization

/// Cancels HTTP transfers from any thread: a transfer under way stops at
/// once (its wait is woken, not polled), and later ones don't start.
public final class HTTPCancellation: Sendable {
    private struct State {
        var cancelled = false
        /// The multi handles of the transfers under way (as addresses).
        var transfers: Set<UInt> = []
    }

    private let state = Mutex(State())

    /// A cancellation that has not happened.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Stops the transfers under way and refuses new ones.
    public func cancel() {
        state.withLock { s in
            s.cancelled = true
            // Under the lock: a transfer removes itself here before it frees its handle.
            for address in s.transfers { _ = curl_multi_wakeup(UnsafeMutableRawPointer(bitPattern: address)) }
        }
    }

    /// Registers a transfer's multi handle; false when already cancelled.
    func begin(_ multi: UnsafeMutableRawPointer) -> Bool {
        state.withLock { s in
            guard !s.cancelled else { return false }
            s.transfers.insert(UInt(bitPattern: multi))
            return true
        }
    }

    func end(_ multi: UnsafeMutableRawPointer) {
        _ = state.withLock { $0.transfers.remove(UInt(bitPattern: multi)) }
    }
}
