#if TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `Mutex` of a thread-sanitizer build (`make tsan`, which defines `TSAN`): a value behind a `pthread_mutex_t`.
///
/// The sanitizer cannot see the standard library's `Mutex`, a futex the runtime was not built to tell it of, so it
/// takes every value one guards for a race. It sees a pthread mutex. The value is kept out of line: an access to a
/// stored property of no size (a `Mutex(())` that orders writes) reads to the sanitizer as one to the object's header.
package final class ThreadSanitizerMutex<Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// A mutex holding `value`.
    package init(_ value: Value) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value.pointee)
    }
}

/// This module's `Mutex` in a thread-sanitizer build (see ``ThreadSanitizerMutex``).
typealias Mutex<Value> = ThreadSanitizerMutex<Value>
#endif
