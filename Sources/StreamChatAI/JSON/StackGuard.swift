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

    /// The lowest address frames may reach on this thread, found once per thread.
    private static func floor() -> UInt {
        let slot = sca_stack_floor_slot()!
        if slot.pointee != 0 { return UInt(slot.pointee) }
        var attributes = pthread_attr_t()
        // Unknown stays unknown (every level then has room), marked with 1 so it is not asked again.
        var low: UInt = 1
        if pthread_getattr_np(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                low = UInt(bitPattern: address) + UInt(reserveBytes)
            }
            pthread_attr_destroy(&attributes)
        }
        slot.pointee = CUnsignedLong(low)
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
