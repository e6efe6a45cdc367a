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
        if json.isNull { return }
        guard case .object(let object) = json else {
            throw .invalid(at: "$", "options must be an object, found \(json.typeName)")
        }
        for (key, value) in object {
            let path = JSONPath.appending(key: key, to: "$")
            switch key {
            case "now_ms":
                guard case .integer(let ms) = value else { throw .invalid(at: path, "expected an integer, found \(value.typeName)") }
                nowMs = ms
            case "reasoning_started_ms":
                for (id, ms) in try Self.members(of: value, at: path) {
                    guard case .integer(let i) = ms else {
                        throw .invalid(at: JSONPath.appending(key: id, to: path), "expected an integer, found \(ms.typeName)")
                    }
                    reasoningStartedMs[id] = i
                }
            case "reasoning_text":
                for (id, text) in try Self.members(of: value, at: path) {
                    guard case .string(let s) = text else {
                        throw .invalid(at: JSONPath.appending(key: id, to: path), "expected a string, found \(text.typeName)")
                    }
                    reasoningDocuments[id] = ReasoningDocument(s)
                }
            case "strings":
                var overrides: [String: String] = [:]
                for (name, text) in try Self.members(of: value, at: path) {
                    guard case .string(let s) = text else {
                        throw .invalid(at: JSONPath.appending(key: name, to: path), "expected a string, found \(text.typeName)")
                    }
                    overrides[name] = s
                }
                do {
                    strings = try StepsStrings(overrides: overrides)
                } catch {
                    throw .invalid(at: JSONPath.appending(key: error.key, to: path), error.description)
                }
            default:
                throw .invalid(at: path, "unknown option; known: now_ms, reasoning_started_ms, reasoning_text, strings")
            }
        }
    }

    private static func members(of value: JSONValue, at path: String) throws(StreamChatAIError) -> JSONObject {
        guard case .object(let o) = value else { throw .invalid(at: path, "expected an object, found \(value.typeName)") }
        return o
    }
}
