import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread with a stack of `bytes` (as small as an app's worker may have) and
/// waits for it; false when the thread could not start or did not finish within a minute.
public func onSmallStack(bytes: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Box(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, bytes)
    var thread = pthread_t()
    let started = pthread_create(&thread, &attributes, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeUnretainedValue()
        box.body()
        box.done.signal()
        return nil
    }, Unmanaged.passRetained(box).toOpaque())
    guard started == 0 else { return false }
    let finished = box.done.wait(timeout: .now() + 60) == .success
    if finished { pthread_join(thread, nil) }
    Unmanaged.passUnretained(box).release()
    return finished
}
