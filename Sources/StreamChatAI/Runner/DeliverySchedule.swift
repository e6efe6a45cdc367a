/// When the exactly-once engine tries again to deliver a result whose
/// delivery failed: a policy, so each client delivers the way its backend expects.
public enum DeliverySchedule: Sendable, Hashable {
    /// The result is offered again when its call is offered again (on the next
    /// update of the reply), up to `maxAttempts` deliveries in all.
    case onNextUpdate(maxAttempts: Int)
    /// The result is sent again after each delay in turn (such as 300, 600 and
    /// 1200 ms), on a library thread; after the last, the engine gives up.
    case backoff(delaysMs: [Int])

    /// How many deliveries a result gets in all.
    public var maxAttempts: Int {
        switch self {
        case .onNextUpdate(let max): return max
        case .backoff(let delays): return delays.count + 1
        }
    }
}
