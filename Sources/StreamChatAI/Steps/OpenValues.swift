/// A string-backed value from an open set: the known cases have names, and
/// values this version doesn't know are kept as they were written.
public protocol OpenStringValue: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible where RawValue == String
{
    init(rawValue: String)
}

extension OpenStringValue {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }
}

/// The kind of a step: its attachment `type`.
public struct AIPartKind: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A round of reasoning, `ai_reasoning`.
    public static let reasoning: AIPartKind = "ai_reasoning"
    /// A tool call, `ai_tool_call`.
    public static let toolCall: AIPartKind = "ai_tool_call"
}

/// Where a round of reasoning is: `streaming` or `completed`.
public struct AIReasoningStatus: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The model is still thinking.
    public static let streaming: AIReasoningStatus = "streaming"
    /// The model is done thinking (the default).
    public static let completed: AIReasoningStatus = "completed"
}

/// Where a tool call is.
public struct AIToolCallStatus: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The tool is running (the default).
    public static let running: AIToolCallStatus = "running"
    /// The call waits for the user's approval.
    public static let awaitingApproval: AIToolCallStatus = "awaiting_approval"
    /// The call waits for the user to sign in at a provider.
    public static let awaitingAuthorization: AIToolCallStatus = "awaiting_authorization"
    /// The call waits for the user's device to run the tool.
    public static let awaitingClient: AIToolCallStatus = "awaiting_client"
    /// The tool finished.
    public static let completed: AIToolCallStatus = "completed"
    /// The tool failed.
    public static let failed: AIToolCallStatus = "failed"
    /// The call was cancelled (declined, or ended by the agent).
    public static let cancelled: AIToolCallStatus = "cancelled"

    /// Whether the call has ended: completed, failed or cancelled.
    public var isFinished: Bool { self == .completed || self == .failed || self == .cancelled }
}

/// Who runs a tool: `server` (the default) or `client`.
public struct AIToolExecutor: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The agent's backend runs the tool.
    public static let server: AIToolExecutor = "server"
    /// A user's device runs the tool.
    public static let client: AIToolExecutor = "client"
}

/// The user's answer to an approval question.
public struct AIToolApprovalDecision: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The user allowed the call.
    public static let allowed: AIToolApprovalDecision = "allowed"
    /// The user declined the call.
    public static let declined: AIToolApprovalDecision = "declined"
}

/// How a sign-in ended.
public struct AIToolAuthorizationStatus: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The user connected their account.
    public static let connected: AIToolAuthorizationStatus = "connected"
    /// The user said "Not now".
    public static let declined: AIToolAuthorizationStatus = "declined"
    /// The sign-in ran out of time.
    public static let expired: AIToolAuthorizationStatus = "expired"
    /// The sign-in failed.
    public static let failed: AIToolAuthorizationStatus = "failed"
}
