#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a plain `pthread_mutex_t`, for state many threads share on
/// a hot path (a runner that every thread offers its replies to, the C
/// layer's table of live handles).
///
/// The standard library's `Mutex` is a priority-inheritance futex on Linux:
/// an unlock hands the lock to a sleeping waiter, so with more threads than
/// cores the lock waits for that thread to be scheduled and every thread
/// convoys behind it (one shared runner fell to 4 % of its throughput at
/// eight threads). A plain mutex lets the next thread that asks take it.
package final class PlainMutex<Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `lock`: the runtime's exclusivity checks would only repeat what the lock ensures.
    @exclusivity(unchecked) private var value: Value

    /// A mutex holding `value`.
    package init(_ value: Value) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value, the lock held (not reentrant: `body` must not lock it again).
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
