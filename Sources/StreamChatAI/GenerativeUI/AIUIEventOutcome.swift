/// What a user's event did.
public struct AIUIEventOutcome: Sendable {
    /// The actions the event produced (already handed to `send`, in order).
    public var actions: [AIUIAction]
    /// The actions still waiting because `send` failed; they go first next time.
    public var unsent: Int
    /// The reply's data model after the event, without secret values.
    public var state: JSONObject
    /// The tools the event ran (from a tap, so under the user-initiated policy), with their results.
    public var toolRuns: [(tool: String, result: AIToolResult)] = []

    /// `{"actions", "unsent", "state", "tool_runs": [{"tool", "result"}]}`.
    public var jsonValue: JSONValue {
        ["actions": .array(actions.map(\.jsonValue)), "unsent": .integer(Int64(unsent)), "state": .object(state),
         "tool_runs": .array(toolRuns.map { ["tool": .string($0.tool), "result": $0.result.jsonValue] })]
    }
}
