/// The question a tool call asks before it runs (`approval`).
///
/// A call carries an approval only when the object has a non-empty `title`:
/// no title means no question.
public struct AIToolApproval: Sendable, Hashable {
    /// The question, such as "Share your location?".
    public let title: String
    /// More words under the question.
    public let message: String?
    /// Why the agent asks, such as "to check the local weather".
    public let reason: String?
    /// The label of the allow button, when the agent chose one.
    public let allowTitle: String?
    /// The label of the decline button, when the agent chose one.
    public let declineTitle: String?
    /// The user's answer, once given.
    public let decision: AIToolApprovalDecision?

    init?(fields: LenientFields) {
        guard let title = fields.string("title") else { return nil }
        self.title = title
        message = fields.string("message")
        reason = fields.string("reason")
        allowTitle = fields.string("allow_title")
        declineTitle = fields.string("decline_title")
        decision = fields.string("decision").map(AIToolApprovalDecision.init(rawValue:))
    }
}
