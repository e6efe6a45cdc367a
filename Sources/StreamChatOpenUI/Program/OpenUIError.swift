import StreamChatAI

/// A problem with a program, in the spec's wire shape (§8.3): what a model
/// can be told to correct, and what the host's error callback hears.
public struct OpenUIError: Sendable, Hashable, CustomStringConvertible {
    /// Who found it.
    public enum Source: String, Sendable, Hashable {
        /// Reading the program: a statement that doesn't parse, the entry rule (`no-root`), a misplaced Query
        /// (`state-query`).
        case parser
        /// Building the UI: materializing components against the library, evaluating expressions and built-ins.
        case runtime
        /// A Query's tool call.
        case query
        /// A Mutation's tool call.
        case mutation
    }

    /// Who found it.
    public var source: Source
    /// The spec's code: `missing-required`, `type-mismatch`, `unknown-component`, `no-root`, …
    public var code: String
    /// The statement it is in, when there is one.
    public var statementID: String?
    /// The component it is about.
    public var component: String?
    /// A JSON pointer to the prop (`/labels`).
    public var path: String?
    /// What happened, for the model.
    public var message: String
    /// A short signature or the names that exist.
    public var hint: String?
    /// `warning` for the non-fatal diagnostics that come with a render (`no-root` with a fallback, `state-query`).
    public var isWarning: Bool

    /// The problem `code` that `source` found in `statement`, about `component` at the prop `path`, told to the model in
    /// `message` with a `hint`; non-fatal when `warning`.
    public init(_ source: Source, _ code: String, statement: String?, component: String? = nil, path: String? = nil,
                message: String, hint: String? = nil, warning: Bool = false) {
        self.source = source
        self.code = code
        self.statementID = statement
        self.component = component
        self.path = path
        self.message = message
        self.hint = hint
        self.isWarning = warning
    }

    /// `{"source", "code", "statementId"?, "component"?, "path"?, "message", "hint"?, "severity"?}`.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("source", .string(source.rawValue)), ("code", .string(code))]
        if let statementID { members.append(("statementId", .string(statementID))) }
        if let component { members.append(("component", .string(component))) }
        if let path { members.append(("path", .string(path))) }
        members.append(("message", .string(message)))
        if let hint { members.append(("hint", .string(hint))) }
        if isWarning { members.append(("severity", "warning")) }
        return .object(JSONObject(members))
    }

    /// `code (statement): message`, as the host's error callback words it.
    public var description: String {
        "\(code)" + (statementID.map { " (\($0))" } ?? "") + ": " + message + (hint.map { " — " + $0 } ?? "")
    }
}
