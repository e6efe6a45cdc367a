/// Which of a reply's tool calls this program runs: a policy the runner (and
/// the chat client's tool loop) gives the exactly-once engine.
public struct AIToolCallAddressing: Sendable {
    /// Whether the call is this program's to run now.
    public let accepts: @Sendable (AIToolCallPart) -> Bool

    /// A policy of your own.
    public init(_ accepts: @escaping @Sendable (AIToolCallPart) -> Bool) { self.accepts = accepts }

    /// A chat message's rule: the call's executor is `client`, its status
    /// `awaiting_client`, it names this user and this install, and it has an id of its own.
    public static func thisInstall(userID: String, clientID: String) -> AIToolCallAddressing {
        AIToolCallAddressing { call in
            isClientCallAwaiting(call) && call.targetUserID == userID && call.targetClientID == clientID
        }
    }

    /// Every client call awaiting its result that has an id of its own, whoever
    /// it names: for a program that is the only client of its agent (a tool loop).
    public static let anyClientCall = AIToolCallAddressing(isClientCallAwaiting)

    private static func isClientCallAwaiting(_ call: AIToolCallPart) -> Bool {
        call.executor == .client && call.status == .awaitingClient && call.hasOwnID
    }
}
