#if canImport(Glibc)
import Glibc
#endif

/// How long the exactly-once engine and its ledger remember calls whose
/// delivery ended, so that memory and the ledger file are bounded by the
/// retention rather than by history.
///
/// A call that is still running or waiting to be delivered is never
/// forgotten. A delivered call is kept while it is among the newest
/// ``deliveredCalls`` delivered calls and younger than ``days``; a call whose
/// delivery was given up is kept for ``days`` (it may still be awaiting its
/// result at the backend, which may offer it again). A forgotten call offered
/// again is taken as new: the backend's own state (`awaiting_client` only until
/// it has the result) is what protects it then, so keep the retention longer
/// than a backend may show a delivered call as awaiting.
public struct LedgerRetention: Sendable, Hashable {
    /// Delivered calls kept, newest first (at least 1).
    public var deliveredCalls: Int
    /// Days a settled call is kept after its delivery ended (at least 1).
    public var days: Int

    /// Ten thousand delivered calls, thirty days.
    public static let standard = LedgerRetention(deliveredCalls: 10_000, days: 30)

    /// A retention; values below 1 are taken as 1.
    public init(deliveredCalls: Int, days: Int) {
        self.deliveredCalls = max(1, deliveredCalls)
        self.days = max(1, days)
    }

    /// A settled call as the policy sees it: where it is (an index of the
    /// caller's), when its delivery ended (seconds since 1970), and how.
    struct Settled {
        var index: Int
        var settledAt: Int64
        var delivered: Bool
    }

    /// The indices of the settled calls to forget at `now` (seconds since 1970).
    func forgotten(_ settled: [Settled], now: Int64) -> [Int] {
        let oldest = now &- Int64(days).multipliedReportingOverflow(by: 86_400).partialValue
        var forget: [Int] = []
        var delivered: [Settled] = []
        for call in settled {
            if call.settledAt < oldest {
                forget.append(call.index)
            } else if call.delivered {
                delivered.append(call)
            }
        }
        if delivered.count > deliveredCalls {
            delivered.sort { ($0.settledAt, $0.index) > ($1.settledAt, $1.index) }
            forget.append(contentsOf: delivered[deliveredCalls...].map(\.index))
        }
        return forget
    }

    /// Seconds since 1970, now.
    static func now() -> Int64 { Int64(time(nil)) }
}
