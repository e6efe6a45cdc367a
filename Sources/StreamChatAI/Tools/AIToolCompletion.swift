import Synchronization

/// The one-time completion of a tool call. The first result wins; later ones
/// (or one after the call timed out) are refused.
///
/// A tool that keeps something running for the call (a child process, a
/// request) can ask to hear when nobody waits any more with ``onCancel(_:)``.
public final class AIToolCompletion: Sendable {
    private let deliver: @Sendable (AIToolResult) -> Bool
    private let cancelled: @Sendable () -> Bool
    private let answered = Atomic<Bool>(false)
    private let registerCancel: (@Sendable (@escaping @Sendable () -> String?) -> Void)?
    private let progressed: (@Sendable (AIToolProgress) -> Void)?

    /// A completion that hands results to `deliver`, which returns whether it took one.
    public init(deliver: @escaping @Sendable (AIToolResult) -> Bool,
                isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.deliver = deliver
        cancelled = isCancelled
        registerCancel = nil
        progressed = nil
    }

    /// A completion of a ``ToolCallExecution``, which runs the cancel handlers.
    init(deliver: @escaping @Sendable (AIToolResult) -> Bool, isCancelled: @escaping @Sendable () -> Bool,
         onCancel: @escaping @Sendable (@escaping @Sendable () -> String?) -> Void,
         onProgress: @escaping @Sendable (AIToolProgress) -> Void) {
        self.deliver = deliver
        cancelled = isCancelled
        registerCancel = onCancel
        progressed = onProgress
    }

    /// Tells whoever runs the call how far it has come. Reports after the
    /// result (or the timeout) are dropped.
    public func report(_ progress: AIToolProgress) {
        guard !isAnswered, !isCancelled else { return }
        progressed?(progress)
    }

    /// Whether nobody waits for the result any more (the call timed out or
    /// its runner stopped), so long work may stop early.
    public var isCancelled: Bool { cancelled() }

    /// Hands over the result. Returns false when the call already has one (or timed out).
    @discardableResult
    public func complete(_ result: AIToolResult) -> Bool {
        answered.store(true, ordering: .releasing)
        return deliver(result)
    }

    /// Whether ``complete(_:)`` was called.
    public var isAnswered: Bool { answered.load(ordering: .acquiring) }

    /// Runs `handler` when the call times out or is cancelled, before its
    /// failure is delivered. The handler may return a note that the failure's
    /// reason carries ("the plugin's process was stopped"). A handler given
    /// after the call was cancelled runs at once. A completion made with
    /// ``init(deliver:isCancelled:)`` is never cancelled, so its handlers never run.
    public func onCancel(_ handler: @escaping @Sendable () -> String?) {
        registerCancel?(handler)
    }
}
