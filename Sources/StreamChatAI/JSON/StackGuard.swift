import CSystemShims

#if canImport(Glibc)
import Glibc
#endif

/// How much stack the calling thread has left, so the recursive readers
/// (the JSON parser, the schema checker and validator, the pattern engine)
/// refuse input nested deeper than this thread can take — an error, never a
/// stack overflow — whatever the thread's stack size (the main thread's 8 MiB,
/// a 256 KiB worker, musl's 128 KiB).
public enum StackGuard {
    /// The stack kept free below the deepest frame a reader may use: room for
    /// the error path, for callbacks into the app, and for the app's own frames.
    public static let reserveBytes = 48 * 1024

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// The lowest address frames may reach on this thread (0 when unknown).
    private static func floor() -> UInt {
        if let stored = pthread_getspecific(key) { return stored.load(as: UInt.self) }
        var attributes = pthread_attr_t()
        var low: UInt = 0
        if pthread_getattr_np(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                low = UInt(bitPattern: address) + UInt(reserveBytes)
            }
            pthread_attr_destroy(&attributes)
        }
        if let slot = malloc(MemoryLayout<UInt>.size) {
            slot.storeBytes(of: low, as: UInt.self)
            pthread_setspecific(key, slot)
        }
        return low
    }

    /// Whether a reader may go one level deeper on this thread.
    @inline(never)
    public static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > floor()
    }

    /// The message for input refused because of the thread's stack.
    public static let refusal = "nested too deeply for this thread's stack"
}
