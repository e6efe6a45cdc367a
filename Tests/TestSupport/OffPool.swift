#if canImport(Glibc)
import Glibc
#endif

/// What a detached thread of ``offPool(_:)`` runs.
private final class ThreadBody: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Runs blocking work (a network round trip, starting a peer process) on a
/// thread of its own and awaits it, so the test keeps no thread of Swift's
/// cooperative pool blocked: with two cores that pool has two threads, and
/// tests elsewhere whose tools run as tasks need them.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        onOwnThread { continuation.resume(with: Result { try body() }) }
    }
}

/// Runs `body` on a thread of its own, without waiting: for a test's helper that blocks (waits for a signal, then
/// acts). On Dispatch's global queue, which has as many threads as cores, such helpers of tests running at once can
/// hold every thread while the one that would signal them waits for a thread too.
public func onOwnThread(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    pthread_create(&thread, nil, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, box)
    pthread_detach(thread)
}
