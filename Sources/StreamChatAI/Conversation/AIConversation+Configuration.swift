extension AIConversation {
    /// Who looks at the conversation, and how steps are shown.
    public struct Configuration: Sendable {
        /// This user and install: approval and sign-in prompts show only to them.
        public var viewer: AIToolViewer
        /// The clock and strings of the steps view.
        public var steps: StepsPresentationOptions

        /// A configuration for `viewer`, its clock also the steps' clock.
        public init(viewer: AIToolViewer, steps: StepsPresentationOptions = .init()) {
            self.viewer = viewer
            self.steps = steps
            if self.steps.nowMs == nil { self.steps.nowMs = viewer.nowMs }
        }

        /// Reads `{"user_id", "client_id", "now_ms", "strings": {key: template}, "ui": {...}}`;
        /// `ui` is the UI host's config, read by whoever makes the host (``uiConfiguration(in:)``).
        public init(json: JSONValue) throws(StreamChatAIError) {
            let settings = try SettingsReader(json, what: "the conversation config", known: ["user_id", "client_id", "now_ms", "strings", "ui"])
            var now: Int64?
            if let value = settings["now_ms"] {
                guard case .integer(let ms) = value else { throw .invalid(at: settings.path(of: "now_ms"), "expected an integer, found \(value.typeName)") }
                now = ms
            }
            var steps = StepsPresentationOptions()
            if let strings = settings["strings"] {
                steps = try StepsPresentationOptions(json: .object(JSONObject([("strings", strings)])))
            }
            self.init(viewer: AIToolViewer(userID: try settings.requiredString("user_id"), clientID: try settings.requiredString("client_id"),
                                           nowMs: now),
                      steps: steps)
        }

        /// The `ui` member of a conversation config (the UI host's config), or an empty one.
        public static func uiConfiguration(in json: JSONValue) -> JSONValue { json["ui"] ?? .object(JSONObject()) }
    }
}
