import Synchronization

/// Answers approval questions and sign-ins for the user signed in on this
/// install, and keeps where each answer is.
///
/// While an answer is on its way the call is `sending` and can't be answered
/// again; if sending fails the user can answer again; once sent, it stays
/// `sent` until the backend updates the step (hand the approver each reply's
/// parts with ``update(_:)``).
///
/// ```swift
/// let approver = AIToolApprover(viewer: .init(userID: me, clientID: installID)) { call, allowed in
///     try await backend.answer(call, allowed: allowed)
/// }
/// ```
public final class AIToolApprover: Sendable {
    /// Where the answer to one call is.
    public enum AnswerState: Sendable, Hashable {
        /// Not answered yet: the buttons are enabled.
        case idle
        /// The answer is on its way: the buttons are disabled.
        case sending
        /// The answer arrived; the buttons stay disabled until the step changes.
        case sent
        /// Sending failed: the user can answer again.
        case failed(String)
    }

    /// Where a sign-in is.
    public enum SignInState: Sendable, Hashable {
        /// Connect and "Not now" are offered.
        case idle
        /// The sign-in page is open; its return is awaited.
        case awaitingReturn
        /// The page returned connected: "Connecting…" until the step changes.
        case connecting
        /// "Not now" is on its way.
        case declining
        /// "Not now" failed to send: the user can answer again.
        case declineFailed(String)
    }

    /// Sends the user's approval answer to the backend; throws when it can't.
    public typealias Decide = @Sendable (AIToolCallPart, Bool) async throws -> Void
    /// Sends the user's "Not now" to the backend; throws when it can't.
    public typealias Decline = @Sendable (AIToolCallPart) async throws -> Void

    /// Who answers.
    public let viewer: AIToolViewer
    /// The URL scheme the sign-in page returns to, such as `com.example.app`; nil offers no sign-ins.
    public let callbackScheme: String?
    private let decide: Decide
    private let declineSignIn: Decline?
    private let answers = Mutex<[String: AnswerState]>([:])
    private let signIns = Mutex<[String: SignInState]>([:])

    /// Creates an approver; pass a callback scheme and `declineSignIn` to offer sign-ins too.
    public init(viewer: AIToolViewer, callbackScheme: String? = nil, declineSignIn: Decline? = nil,
                decide: @escaping Decide) {
        self.viewer = viewer
        self.callbackScheme = callbackScheme
        self.declineSignIn = declineSignIn
        self.decide = decide
    }

    /// What `call` asks of this viewer (no sign-in without a callback scheme).
    public func prompts(for call: AIToolCallPart) -> AIToolPrompts {
        var prompts = AIToolPrompts(call: call, viewer: viewer)
        if callbackScheme == nil || declineSignIn == nil { prompts.signIn = nil }
        return prompts
    }

    /// Where the answer to `callID` is.
    public func answerState(_ callID: String) -> AnswerState { answers.withLock { $0[callID] ?? .idle } }

    /// Where the sign-in of `callID` is.
    public func signInState(_ callID: String) -> SignInState { signIns.withLock { $0[callID] ?? .idle } }

    /// Sends the user's answer. Returns false, sending nothing, when the
    /// question isn't shown to this viewer or an answer is already on its way.
    @discardableResult
    public func answer(_ call: AIToolCallPart, allowed: Bool) async -> Bool {
        guard prompts(for: call).approval != nil else { return false }
        let started = answers.withLock { states -> Bool in
            switch states[call.id] ?? .idle {
            case .sending, .sent: return false
            default:
                states[call.id] = .sending
                return true
            }
        }
        guard started else { return false }
        do {
            try await decide(call, allowed)
            answers.withLock { $0[call.id] = .sent }
            return true
        } catch {
            answers.withLock { $0[call.id] = .failed(String(describing: error)) }
            return false
        }
    }

    /// Connect: the page to open, or nil when no sign-in is shown (or it expired).
    public func connect(_ call: AIToolCallPart) -> String? {
        guard let signIn = prompts(for: call).signIn, !signIn.isExpired else { return nil }
        signIns.withLock { $0[call.id] = .awaitingReturn }
        return signIn.launchURL
    }

    /// The sign-in page came back to the app: with `status=connected` the card
    /// shows "Connecting…" until the step changes; any other return lets the
    /// user connect again. Returns whether it came back connected.
    @discardableResult
    public func handleReturn(_ call: AIToolCallPart, url: String) -> Bool {
        let connected = callbackScheme.map { AIToolSignInReturn(url: url, callbackScheme: $0).isConnected } ?? false
        signIns.withLock { $0[call.id] = connected ? .connecting : .idle }
        return connected
    }

    /// "Not now": declines through the app's callback. It stays available
    /// while the sign-in is open, also while a connect is pending.
    @discardableResult
    public func decline(_ call: AIToolCallPart) async -> Bool {
        guard let declineSignIn, prompts(for: call).signIn != nil else { return false }
        let previous = signIns.withLock { states -> SignInState? in
            let current = states[call.id] ?? .idle
            if current == .declining { return nil }
            states[call.id] = .declining
            return current
        }
        guard previous != nil else { return false }
        do {
            try await declineSignIn(call)
            return true
        } catch {
            signIns.withLock { $0[call.id] = .declineFailed(String(describing: error)) }
            return false
        }
    }

    /// Forgets the answers of calls whose step moved on, so a question that
    /// comes back (a new approval) starts fresh.
    public func update(_ parts: [AIMessagePart]) {
        let calls = parts.compactMap(\.toolCall)
        answers.withLock { states in
            for call in calls where call.status != .awaitingApproval { states[call.id] = nil }
        }
        signIns.withLock { states in
            for call in calls where call.status != .awaitingAuthorization { states[call.id] = nil }
        }
    }
}
