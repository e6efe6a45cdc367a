import StreamChatAI

/// What a program tells its host when the user acts (spec §6.3):
/// `continue_conversation`, `open_url`, or a custom action's name.
public struct OpenUIEvent: Sendable, Equatable {
    public var type: String
    public var params: OpenUIObject
    /// The message for people: what `@ToAssistant` says, or the tapped control's text; empty for the others.
    public var humanFriendlyMessage: String
    /// The nearest form around the control that triggered it.
    public var formName: String?
    /// That form's fields (`{form: {field: {value, componentType}}}`), or the page-level state outside a form.
    public var formState: JSONValue

    public init(type: String, params: OpenUIObject = OpenUIObject(), humanFriendlyMessage: String = "", formName: String? = nil,
                formState: JSONValue = .object(JSONObject())) {
        self.type = type
        self.params = params
        self.humanFriendlyMessage = humanFriendlyMessage
        self.formName = formName
        self.formState = formState
    }

    /// `{"type", "params", "humanFriendlyMessage", "formName"?, "formState"}`.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(type)), ("params", OpenUIValue.object(params).jsonValue),
                                              ("humanFriendlyMessage", .string(humanFriendlyMessage))]
        if let formName { members.append(("formName", .string(formName))) }
        members.append(("formState", formState))
        return .object(JSONObject(members))
    }
}

/// A tool call a program asks its host to make: a Query's fetch or a Mutation's run.
public struct OpenUIToolCall: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case query, mutation }
    public var kind: Kind
    /// The Query or Mutation statement.
    public var statement: String
    public var tool: String
    public var arguments: JSONObject
    /// Which fetch this is: a result for an older one is stale and dropped.
    public var generation: Int
    /// A Query's refresh interval (its fourth argument, spec §6.1): the seconds after its answer at which it is fetched
    /// again, at least ``minimumRefreshSeconds``; nil for a Query without one, and for a Mutation.
    public var refreshSeconds: Double? = nil

    /// The shortest refresh interval a program gets: a shorter one (a hostile `0.001`) would call the app's tool
    /// without pause.
    public static let minimumRefreshSeconds = 1.0
}
