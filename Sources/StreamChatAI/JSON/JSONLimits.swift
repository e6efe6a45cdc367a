import Synchronization

/// Limits that protect a reader from hostile JSON.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The largest document accepted, in bytes.
    public var maxBytes: Int

    /// The highest nesting depth that can be configured; deeper recursion could exhaust a thread's stack.
    public static let maxDepthCeiling = 10_000

    /// Creates limits.
    public init(maxDepth: Int = 512, maxBytes: Int = 64 << 20) {
        self.maxDepth = min(maxDepth, Self.maxDepthCeiling)
        self.maxBytes = maxBytes
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

    /// Sets the process-wide size limit and returns the old one.
    @discardableResult
    public static func setProcessMaxBytes(_ value: Int) -> Int {
        processBytes.exchange(max(value, 0), ordering: .relaxed)
    }
}
