import StreamChatAI

/// What a program tells its host when the user acts (spec §6.3):
/// `continue_conversation`, `open_url`, or a custom action's name.
public struct OpenUIEvent: Sendable, Equatable {
    /// `continue_conversation`, `open_url`, or the custom action's name.
    public var type: String
    /// The action's arguments (`@OpenUrl`'s `url`, `@ToAssistant`'s `context`, a custom action's params).
    public var params: OpenUIObject
    /// The message for people: what `@ToAssistant` says, or the tapped control's text; empty for the others.
    public var humanFriendlyMessage: String
    /// The nearest form around the control that triggered it.
    public var formName: String?
    /// That form's fields (`{form: {field: {value, componentType}}}`), or the page-level state outside a form.
    public var formState: JSONValue

    /// The event `type` with `params`, its message for people, and the form it came from with that form's state.
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
    /// Which kind of statement asks for it.
    public enum Kind: Sendable, Equatable {
        /// A Query: read-only, run once the reply is complete and when its arguments change.
        case query
        /// A Mutation: run only from `@Run` on a user's tap.
        case mutation
    }
    /// Which kind of statement asks for it.
    public var kind: Kind
    /// The Query or Mutation statement.
    public var statement: String
    /// The host tool to call.
    public var tool: String
    /// Its arguments, evaluated.
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
