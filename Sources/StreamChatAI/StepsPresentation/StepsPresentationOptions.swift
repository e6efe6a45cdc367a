/// What the steps view needs besides the steps: the clock, full reasoning
/// text, and the strings to show.
public struct StepsPresentationOptions: Sendable {
    /// Now, in milliseconds since the Unix epoch; counts "Thinking… 7s".
    public var nowMs: Int64?
    /// When each streaming reasoning part started, by part id, in milliseconds since the epoch.
    public var reasoningStartedMs: [String: Int64]
    /// Laid-out reasoning text by part id; without one a part shows its `preview`.
    public var reasoningDocuments: [String: ReasoningDocument]
    /// The strings to show.
    public var strings: StepsStrings

    /// Options with no clock and English strings.
    public init(nowMs: Int64? = nil, reasoningStartedMs: [String: Int64] = [:],
                reasoningDocuments: [String: ReasoningDocument] = [:], strings: StepsStrings = StepsStrings()) {
        self.nowMs = nowMs
        self.reasoningStartedMs = reasoningStartedMs
        self.reasoningDocuments = reasoningDocuments
        self.strings = strings
    }

    /// Reads options from JSON: `{"now_ms", "reasoning_started_ms": {id: ms},
    /// "reasoning_text": {id: text}, "strings": {key: template}}`.
    /// Unknown names and wrong types are errors that name the path.
    public init(json: JSONValue) throws(StreamChatAIError) {
        self.init()
        let settings = try SettingsReader(json, what: "options", known: ["now_ms", "reasoning_started_ms", "reasoning_text", "strings"],
                                          allowNull: true, noun: "option")
        if let ms = settings["now_ms"] {
            guard case .integer(let i) = ms else { throw .invalid(at: settings.path(of: "now_ms"), "expected an integer, found \(ms.typeName)") }
            nowMs = i
        }
        for (id, ms) in try settings.members("reasoning_started_ms", Self.integer) ?? [] { reasoningStartedMs[id] = ms }
        for (id, text) in try settings.members("reasoning_text", Self.string) ?? [] { reasoningDocuments[id] = ReasoningDocument(text) }
        if let overrides = try settings.members("strings", Self.string) {
            do {
                strings = try StepsStrings(overrides: Dictionary(overrides, uniquingKeysWith: { _, last in last }))
            } catch {
                throw .invalid(at: JSONPath.appending(key: error.key, to: settings.path(of: "strings")), error.description)
            }
        }
    }

    private static func integer(_ value: JSONValue, at path: String) throws(StreamChatAIError) -> Int64 {
        guard case .integer(let i) = value else { throw .invalid(at: path, "expected an integer, found \(value.typeName)") }
        return i
    }

    private static func string(_ value: JSONValue, at path: String) throws(StreamChatAIError) -> String {
        guard case .string(let s) = value else { throw .invalid(at: path, "expected a string, found \(value.typeName)") }
        return s
    }
}
