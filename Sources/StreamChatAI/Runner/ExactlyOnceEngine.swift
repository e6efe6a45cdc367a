import Dispatch
import Synchronization

/// Runs each tool call at most once and hands its result on, with retries:
/// the part of a tool runner that keeps its promises, apart from the policies
/// of which calls are addressed here (``AIToolCallAddressing``) and when a
/// failed delivery is tried again (``DeliverySchedule``).
///
/// A call is claimed before its tool runs, the result is recorded before it is
/// delivered, and every delivery attempt is counted; with a ledger, all of it
/// survives a restart (see ``ToolRunLedger``), so a restarted program neither
/// runs a call again nor loses a result it had not delivered. Several threads
/// may offer the same call at once: exactly one of them runs it.
///
/// ```swift
/// let engine = try ExactlyOnceEngine(schedule: .backoff(delaysMs: [300, 600, 1200]))
/// if case .run = engine.offer(call, deliver: post) {
///     ToolCallExecution.start(tool, call: call, defaultTimeoutMs: 60_000, onFinish: { engine.complete(call, with: $0) })
/// }
/// ```
public final class ExactlyOnceEngine: Sendable {
    /// Hands a result to the backend; returns whether it was delivered.
    public typealias Deliver = @Sendable (AIToolCallPart, AIToolResult) -> Bool

    /// Where a call is.
    public enum CallState: String, Sendable, Hashable {
        /// The tool is running.
        case running
        /// The result is being delivered.
        case sending
        /// Delivery failed; it will be tried again (on the next offer, or after a delay).
        case pendingDelivery = "pending_delivery"
        /// The result was delivered.
        case delivered
        /// Delivery failed as often as the schedule allows; the engine stopped trying.
        case gaveUp = "gave_up"
    }

    /// What the engine knows about one call.
    public struct LedgerEntry: Sendable, Hashable {
        /// The call's id.
        public var callID: String
        /// The tool it named.
        public var tool: String
        /// Where it is.
        public var state: CallState
        /// How many deliveries were attempted.
        public var attempts: Int
        /// The result, once there is one.
        public var result: AIToolResult?
        /// How far the tool has come, while it runs and has reported it.
        public var progress: AIToolProgress?

        /// `{"call_id", "tool", "state", "attempts", "result", "progress"?}`.
        public var jsonValue: JSONValue {
            var members: [(String, JSONValue)] = [
                ("call_id", .string(callID)), ("tool", .string(tool)), ("state", .string(state.rawValue)),
                ("attempts", .integer(Int64(attempts))), ("result", result?.jsonValue(callID: callID) ?? .null),
            ]
            if let progress { members.append(("progress", progress.jsonValue)) }
            return .object(JSONObject(members))
        }
    }

    /// What an offer did with a call.
    public enum Offer: Sendable, Hashable {
        /// The call is new and now claimed: run its tool and ``complete(_:with:)`` it.
        case run
        /// The call runs, ran or was delivered already: nothing to do.
        case handled
        /// The call's stored result was delivered again; the state it is in now.
        case resent(CallState)
        /// Delivery of the call's result was given up.
        case gaveUp
        /// The claim could not be recorded, so the call does not run; why.
        case notRecorded(String)
    }

    private struct Entry {
        var tool: String
        var state: CallState
        var result: AIToolResult?
        var attempts: Int
        var deliver: Deliver?
        /// When delivery ended (seconds since 1970), once it has.
        var settledAt: Int64 = 0
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var ledger: ToolRunLedger?

        /// Marks a call's delivery ended, records it, and forgets settled
        /// calls the retention lets go once there are many.
        mutating func settle(_ id: String, as end: CallState, retention: LedgerRetention) {
            guard var entry = entries[id] else { return }
            entry.state = end
            entry.deliver = nil
            entry.settledAt = LedgerRetention.now()
            entries[id] = entry
            try? ledger?.append(end == .delivered ? .delivered : .gaveUp, callID: id, tool: entry.tool)
            guard entries.count > ToolRunLedger.compactionThreshold(calls: retention.deliveredCalls) else { return }
            let settled = order.indices.compactMap { i -> LedgerRetention.Settled? in
                guard let e = entries[order[i]], e.state == .delivered || e.state == .gaveUp else { return nil }
                return LedgerRetention.Settled(index: i, settledAt: e.settledAt, delivered: e.state == .delivered)
            }
            let forget = Set(retention.forgotten(settled, now: LedgerRetention.now()))
            guard !forget.isEmpty else { return }
            for i in forget { entries[order[i]] = nil }
            order = order.indices.compactMap { forget.contains($0) ? nil : order[$0] }
        }
    }

    /// When failed deliveries are tried again.
    public let schedule: DeliverySchedule
    /// How long settled calls are remembered.
    public let retention: LedgerRetention
    private let state: PlainMutex<State>
    private let closed = Atomic<Bool>(false)
    private let onSettled: (@Sendable (String, CallState) -> Void)?

    /// An engine; with `ledger`, exactly-once holds across restarts.
    /// - Parameters:
    ///   - ledger: where to keep the journal and whose records in it are ours.
    ///   - retention: how long calls whose delivery ended are remembered, in memory and in the ledger.
    ///   - onSettled: told (call id, `delivered` or `gaveUp`) when a call's delivery ends.
    /// - Throws: when the ledger can't be opened, is locked by another engine, or can't be repaired.
    public init(schedule: DeliverySchedule, ledger: (path: String, userID: String, clientID: String)? = nil,
                retention: LedgerRetention = .standard,
                onSettled: (@Sendable (String, CallState) -> Void)? = nil) throws(StreamChatAIError) {
        guard schedule.maxAttempts >= 1 else { throw .invalid(at: "$.max_attempts", "must be at least 1") }
        if case .backoff(let delays) = schedule, delays.contains(where: { $0 < 0 }) {
            throw .invalid(at: "$.retry_delays_ms", "delays must not be negative")
        }
        self.schedule = schedule
        self.retention = retention
        self.onSettled = onSettled
        var initial = State()
        if let ledger {
            let journal = try ToolRunLedger(path: ledger.path, userID: ledger.userID, clientID: ledger.clientID,
                                            retention: retention)
            for (callID, record) in journal.records {
                var entry = Entry(tool: record.tool, state: .pendingDelivery, result: record.result,
                                  attempts: record.attempts, deliver: nil, settledAt: record.at)
                if record.delivered {
                    entry.state = .delivered
                } else if record.gaveUp || record.attempts >= schedule.maxAttempts && record.result != nil {
                    entry.state = .gaveUp
                } else if record.result == nil {
                    // Claimed, but the process ended before the tool finished: it may
                    // have acted, so it does not run again; the agent learns why.
                    let interrupted = AIToolResult.failed(
                        reason: "The app stopped while the tool \"\(record.tool)\" ran; it was not run again.")
                    try journal.append(.result, callID: callID, tool: record.tool, result: interrupted)
                    entry.result = interrupted
                }
                initial.entries[callID] = entry
                initial.order.append(callID)
            }
            initial.ledger = journal
        }
        state = PlainMutex(initial)
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Stops delivering: results that arrive later are recorded, not delivered.
    /// The ledger is released once nothing holds the engine (or at ``releaseLedger()``).
    public func close() { closed.store(true, ordering: .releasing) }

    /// Closes and unlocks the ledger now, for another engine to open (a
    /// client closed, then opened again in the same process): from here on
    /// nothing is journaled; what was journaled stays. A tool thread still
    /// finishing doesn't keep it locked.
    public func releaseLedger() {
        // Taken out under the lock and let go outside it (closing is file work): the last reference closes and unlocks.
        let released = state.withLock { s in s.ledger.take() }
        withExtendedLifetime(released) {}
    }

    /// Whether a call no longer waits for its tool: it has a result, or the engine stopped.
    public func isSettled(_ callID: String) -> Bool {
        isClosed || state.withLock { $0.entries[callID].map { $0.state != .running } ?? true }
    }

    /// Offers a call that the addressing policy accepted: claims it when it is
    /// new (the caller then runs it), and with ``DeliverySchedule/onNextUpdate(maxAttempts:)``
    /// delivers a result whose delivery failed again. Decided atomically.
    public func offer(_ call: AIToolCallPart, deliver: @escaping Deliver) -> Offer {
        offer([call], deliver: deliver)[0]
    }

    /// Offers the calls of one reply at once: decided under one lock (a
    /// reply offered again and again by many threads costs one lock a run, not
    /// one a call), then the results to send again are sent, in order.
    public func offer(_ calls: [AIToolCallPart], deliver: @escaping Deliver) -> [Offer] {
        enum Decision { case done(Offer), resend(AIToolResult), claim }
        let decisions = state.withLock { s -> [Decision] in
            var claims: [(event: ToolRunLedger.Event, callID: String, tool: String, result: AIToolResult?)] = []
            var decisions = calls.map { call -> Decision in
                if var entry = s.entries[call.id] {
                    guard case .onNextUpdate = schedule, entry.state == .pendingDelivery, let result = entry.result else {
                        return .done(.handled)
                    }
                    guard entry.attempts < schedule.maxAttempts else {
                        s.settle(call.id, as: .gaveUp, retention: retention)
                        return .done(.gaveUp)
                    }
                    entry.state = .sending
                    entry.deliver = deliver
                    s.entries[call.id] = entry
                    return .resend(result)
                }
                let tool = call.name ?? ""
                claims.append((.claimed, call.id, tool, nil))
                s.entries[call.id] = Entry(tool: tool, state: .running, result: nil, attempts: 0, deliver: deliver)
                s.order.append(call.id)
                return .claim
            }
            guard !claims.isEmpty else { return decisions }
            // The reply's claims are made durable together, before any of their tools runs.
            do {
                try s.ledger?.append(claims)
                for i in decisions.indices { if case .claim = decisions[i] { decisions[i] = .done(.run) } }
            } catch {
                let claimed = Set(claims.map(\.callID))
                for call in claims { s.entries[call.callID] = nil }
                s.order.removeAll { claimed.contains($0) }
                for (i, call) in calls.enumerated() {
                    if case .claim = decisions[i] { decisions[i] = .done(.notRecorded("\(call.id): \(error)")) }
                }
            }
            return decisions
        }
        return zip(calls, decisions).map { call, decision in
            switch decision {
            case .done(let offer): return offer
            case .claim: return .handled  // not reached: every claim is decided above
            case .resend(let result):
                let after = attempt(call, result, via: deliver)
                return after == .gaveUp ? .gaveUp : .resent(after)
            }
        }
    }

    /// Takes the result of a claimed call (the first one wins), records it and
    /// delivers it. Returns false when the call has a result already or was never claimed.
    @discardableResult
    public func complete(_ call: AIToolCallPart, with result: AIToolResult) -> Bool {
        let deliver: Deliver? = state.withLock { s in
            guard var entry = s.entries[call.id], entry.state == .running else { return nil }
            entry.result = result
            entry.state = .sending
            do {
                try s.ledger?.append(.result, callID: call.id, tool: entry.tool, result: result)
            } catch {
                // Still deliver: the result only lacks durability.
            }
            s.entries[call.id] = entry
            return entry.deliver
        }
        guard let deliver else { return false }
        if !isClosed { _ = attempt(call, result, via: deliver) }
        return true
    }

    /// One delivery attempt; returns the state it leaves the call in, and
    /// with a back-off schedule arranges the next attempt.
    private func attempt(_ call: AIToolCallPart, _ result: AIToolResult, via deliver: Deliver) -> CallState {
        state.withLock { s in
            s.entries[call.id]?.attempts += 1
            try? s.ledger?.append(.attempt, callID: call.id, tool: s.entries[call.id]?.tool ?? "")
        }
        let delivered = deliver(call, result)
        let (after, retryInMs) = state.withLock { s -> (CallState, Int?) in
            guard var entry = s.entries[call.id] else { return (.delivered, nil) }
            var retry: Int?
            if delivered || entry.attempts >= schedule.maxAttempts {
                s.settle(call.id, as: delivered ? .delivered : .gaveUp, retention: retention)
                return (delivered ? .delivered : .gaveUp, nil)
            }
            entry.state = .pendingDelivery
            if case .backoff(let delays) = schedule { retry = delays[entry.attempts - 1] }
            if retry == nil { entry.deliver = nil }
            s.entries[call.id] = entry
            return (entry.state, retry)
        }
        if after == .delivered || after == .gaveUp { onSettled?(call.id, after) }
        if let retryInMs {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(retryInMs)) { [self] in
                guard !isClosed else { return }
                let next = state.withLock { s -> Deliver? in
                    guard var entry = s.entries[call.id], entry.state == .pendingDelivery else { return nil }
                    entry.state = .sending
                    s.entries[call.id] = entry
                    return entry.deliver
                }
                if let next { _ = attempt(call, result, via: next) }
            }
        }
        return after
    }

    /// What the engine knows about one call, if it knows it.
    public func entry(_ callID: String) -> LedgerEntry? {
        state.withLock { s in
            s.entries[callID].map { LedgerEntry(callID: callID, tool: $0.tool, state: $0.state, attempts: $0.attempts, result: $0.result) }
        }
    }

    /// Every call the engine knows, in the order it first saw them.
    public var entries: [LedgerEntry] {
        state.withLock { s in
            s.order.compactMap { id in
                s.entries[id].map { LedgerEntry(callID: id, tool: $0.tool, state: $0.state, attempts: $0.attempts, result: $0.result) }
            }
        }
    }
}
