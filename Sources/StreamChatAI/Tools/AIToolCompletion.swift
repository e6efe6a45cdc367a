import Synchronization

/// The one-time completion of a tool call. The first result wins; later ones
/// (or one after the timeout) are refused.
public final class AIToolCompletion: Sendable {
    private let deliver: @Sendable (AIToolResult) -> Bool
    private let cancelled: @Sendable () -> Bool
    private let answered = Atomic<Bool>(false)

    /// A completion that hands results to `deliver`, which returns whether it took one.
    public init(deliver: @escaping @Sendable (AIToolResult) -> Bool,
                isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.deliver = deliver
        cancelled = isCancelled
    }

    /// Whether nobody waits for the result any more (the call timed out or
    /// the runner stopped), so long work may stop early.
    public var isCancelled: Bool { cancelled() }

    /// Hands over the result. Returns false when the call already has one (or timed out).
    @discardableResult
    public func complete(_ result: AIToolResult) -> Bool {
        answered.store(true, ordering: .releasing)
        return deliver(result)
    }

    /// Whether ``complete(_:)`` was called; a tool that answered at once
    /// needs no timeout timer.
    public var isAnswered: Bool { answered.load(ordering: .acquiring) }
}
