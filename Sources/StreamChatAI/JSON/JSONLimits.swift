import Synchronization

/// Limits that protect a reader from hostile JSON.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The largest document accepted, in bytes.
    public var maxBytes: Int

    /// The highest nesting depth that can be configured; deeper recursion could exhaust a thread's stack.
    public static let maxDepthCeiling = 10_000

    /// The largest input size that can be configured: 1 TiB, far above what fits in memory, so
    /// "unlimited" (`Int64.max`) is taken as this, and sums with it never overflow.
    public static let maxBytesCeiling = 1 << 40

    /// Creates limits (each lowered to its ceiling, raised to 0).
    public init(maxDepth: Int = 512, maxBytes: Int = 64 << 20) {
        self.maxDepth = min(max(maxDepth, 0), Self.maxDepthCeiling)
        self.maxBytes = min(max(maxBytes, 0), Self.maxBytesCeiling)
    }

    /// 512 levels, 64 MiB.
    public static let `default` = JSONLimits()

    private static let processDepth = Atomic<Int>(JSONLimits.default.maxDepth)
    private static let processBytes = Atomic<Int>(JSONLimits.default.maxBytes)

    /// The limits for input that comes through the C API; changed with `sca_limit()`.
    public static var process: JSONLimits {
        get { JSONLimits(maxDepth: processDepth.load(ordering: .relaxed), maxBytes: processBytes.load(ordering: .relaxed)) }
    }

    /// Sets the process-wide nesting limit (capped at ``maxDepthCeiling``) and returns the old one.
    @discardableResult
    public static func setProcessMaxDepth(_ value: Int) -> Int {
        processDepth.exchange(min(max(value, 0), maxDepthCeiling), ordering: .relaxed)
    }

    /// Sets the process-wide size limit (capped at ``maxBytesCeiling``) and returns the old one.
    @discardableResult
    public static func setProcessMaxBytes(_ value: Int) -> Int {
        processBytes.exchange(min(max(value, 0), maxBytesCeiling), ordering: .relaxed)
    }
}
