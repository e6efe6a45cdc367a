#if canImport(Glibc)
import Glibc
#endif

/// A detached POSIX thread running a closure (the reader of a child process),
/// so a long blocking read never occupies a Dispatch worker.
struct DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    let body: @Sendable () -> Void

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        pthread_detach(thread)
    }
}
