/// The backend's guard for a tool-call step: applies an event (an approval
/// answer, a client tool's result, a sign-in update) from a given sender and
/// returns the updated step, or refuses and says why.
///
/// Rules, as the steps reference states them:
/// - An approval answer is accepted only from `target_user_id` (and, for a
///   client tool, from `target_client_id`), only while `awaiting_approval`, and
///   only once. Allowed moves a client tool to `awaiting_client` and a server
///   tool to `running`, with `approval.decision` `allowed`; declined cancels
///   the call with `decision` `declined`.
/// - A result is accepted only from the targeted user and install, only while
///   `awaiting_client`, and only once: `completed` with its summary, or
///   `failed` with the reason as summary. An output over 20 KB is refused.
/// - A sign-in update is accepted only from the targeted user while
///   `awaiting_authorization`: `connected` → `running` with
///   `authorization.status` `connected`; `declined`, `expired` or `failed` →
///   `cancelled` with that status.
///
/// The step is the `ai_tool_call` attachment object (or the `tool_call` form
/// of the decoder); fields the event doesn't touch are kept as they are.
public enum AIToolCallTransition {
    /// An event for a tool call and who sent it.
    public enum Event: Sendable, Hashable {
        /// The user answered the approval question.
        case approval(allowed: Bool, userID: String, clientID: String?)
        /// A device sent a client tool's result.
        case result(AIToolResult, userID: String, clientID: String)
        /// The sign-in ended (`connected`, `declined`, `expired`, `failed`).
        case authorization(status: String, userID: String)

        /// Reads `{"type": "approval", "allowed", "user_id", "client_id"}`,
        /// `{"type": "result", "result", "user_id", "client_id"}` or
        /// `{"type": "authorization", "status", "user_id"}`.
        public init(json: JSONValue) throws(StreamChatAIError) {
            guard case .object(let o) = json else { throw .invalid(at: "$", "an event must be an object, found \(json.typeName)") }
            func text(_ key: String) throws(StreamChatAIError) -> String {
                guard case .string(let s)? = o[key], !s.isEmpty else { throw .invalid(at: "$.\(key)", "a non-empty string is required") }
                return s
            }
            switch o["type"]?.stringValue {
            case "approval":
                guard case .bool(let allowed)? = o["allowed"] else { throw .invalid(at: "$.allowed", "a boolean is required") }
                self = .approval(allowed: allowed, userID: try text("user_id"), clientID: o["client_id"]?.stringValue)
            case "result":
                guard let result = o["result"] else { throw .invalid(at: "$.result", "a result object is required") }
                do {
                    self = .result(try AIToolResult(json: result), userID: try text("user_id"), clientID: try text("client_id"))
                } catch {
                    throw StreamChatAIError(error.kind, error.message.replacing("$", with: "$.result", maxReplacements: 1))
                }
            case "authorization":
                self = .authorization(status: try text("status"), userID: try text("user_id"))
            default:
                throw .invalid(at: "$.type", "the event type is \"approval\", \"result\" or \"authorization\"")
            }
        }
    }

    /// The step after `event`, or a refusal (``StreamChatAIError`` of kind `refused`) naming why.
    public static func apply(_ event: Event, to step: JSONObject) throws(StreamChatAIError) -> JSONObject {
        let fields = LenientFields(object: step)
        let status = fields.string("status") ?? AIToolCallStatus.running.rawValue
        let executor = fields.string("executor") ?? AIToolExecutor.server.rawValue
        let targetUser = fields.string("target_user_id")
        let targetClient = fields.string("target_client_id")
        var next = step
        func refuse(_ why: String) -> StreamChatAIError { StreamChatAIError(.refused, why) }

        switch event {
        case .approval(let allowed, let userID, let clientID):
            guard status == AIToolCallStatus.awaitingApproval.rawValue else {
                throw refuse("the call is not awaiting approval (its status is \(status)), so it can't be answered again")
            }
            guard var approval = fields.object("approval"), LenientFields(object: approval).string("title") != nil else {
                throw refuse("the call has no approval question")
            }
            guard let targetUser, userID == targetUser else { throw refuse("only the targeted user can answer the approval") }
            if executor == AIToolExecutor.client.rawValue {
                guard let targetClient, clientID == targetClient else {
                    throw refuse("a client tool's approval is answered only on the targeted install")
                }
            }
            approval["decision"] = .string(allowed ? "allowed" : "declined")
            next["approval"] = .object(approval)
            next["status"] = .string(allowed
                ? (executor == AIToolExecutor.client.rawValue ? "awaiting_client" : "running")
                : "cancelled")

        case .result(let result, let userID, let clientID):
            guard status == AIToolCallStatus.awaitingClient.rawValue else {
                throw refuse("the call is not waiting for a device (its status is \(status)), so a result is not accepted")
            }
            guard let targetUser, userID == targetUser, let targetClient, clientID == targetClient else {
                throw refuse("a result is accepted only from the targeted user and install")
            }
            switch result {
            case .completed(let output, let summary):
                if case .failed(let reason) = AIToolResult.checked(output: output, summary: summary) { throw refuse(reason) }
                next["status"] = "completed"
                if let summary { next["summary"] = .string(summary) }
            case .failed(let reason):
                next["status"] = "failed"
                next["summary"] = .string(reason)
            }

        case .authorization(let signInStatus, let userID):
            guard status == AIToolCallStatus.awaitingAuthorization.rawValue else {
                throw refuse("the call is not waiting for a sign-in (its status is \(status))")
            }
            guard let targetUser, userID == targetUser else { throw refuse("only the targeted user can end the sign-in") }
            var authorization = fields.object("authorization") ?? JSONObject()
            switch signInStatus {
            case "connected": next["status"] = "running"
            case "declined", "expired", "failed": next["status"] = "cancelled"
            default: throw refuse("unknown sign-in status \"\(signInStatus)\"; expected connected, declined, expired or failed")
            }
            authorization["status"] = .string(signInStatus)
            next["authorization"] = .object(authorization)
        }

        if next["is_declined"] != nil {
            let decoded = AIToolCallPart(id: "", hasOwnID: false, fields: LenientFields(object: next))
            next["is_declined"] = .bool(decoded.isDeclined)
        }
        return next
    }
}
