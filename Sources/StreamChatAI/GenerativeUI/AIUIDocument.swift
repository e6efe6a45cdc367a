/// A reply's generative UI, read from the `ai_ui` field of its custom data.
///
/// ```json
/// {"ai_ui": {"v": 1, "format": "openui", "version": "1.0", "status": "streaming", "content": "root = Card([title])"}}
/// ```
///
/// Anything malformed reads as "no UI", with a reason: the reply then shows
/// its text, and the message itself never fails.
public struct AIUIDocument: Sendable, Hashable {
    /// The highest `v` of the field this library reads.
    public static let supportedVersion = 1

    /// The format the UI is written in, such as `a2ui`, `openui` or `cards`.
    public let format: String
    /// The format's version, when the agent names one.
    public let version: String?
    /// Whether the agent is still writing the UI.
    public private(set) var isStreaming: Bool
    /// The UI in its format: text (an OpenUI program, A2UI lines) or JSON.
    public private(set) var content: JSONValue

    /// Creates a document.
    public init(format: String, version: String? = nil, isStreaming: Bool = false, content: JSONValue) {
        self.format = format
        self.version = version
        self.isStreaming = isStreaming
        self.content = content
    }

    /// The length in bytes of a text document's content; nil when the content is JSON.
    var textUTF8Count: Int? {
        if case .string(let text) = content { return text.utf8.count }
        return nil
    }

    /// Adds `text` to the end of a text document (``textUTF8Count`` not nil), in place when nothing else holds the
    /// text; `isStreaming` false ends it.
    mutating func append(_ text: String, isStreaming: Bool) {
        guard case .string(var whole) = content else { return }
        // Let go of the document's hold first, so the text grows in place rather than being copied per piece.
        content = .null
        whole += text
        content = .string(whole)
        self.isStreaming = isStreaming
    }

    /// Whether `other` differs from this document, read cheaply: text content of another length is
    /// another text without a pass over it (a streaming reply's text grows at each update, and comparing
    /// it whole each time would cost the reply's length per update).
    func differs(from other: AIUIDocument) -> Bool {
        if isStreaming != other.isStreaming || format != other.format || version != other.version { return true }
        if case .string(let a) = content, case .string(let b) = other.content, a.utf8.count != b.utf8.count { return true }
        return content != other.content
    }

    /// The document of a message's custom data, or why there is none.
    public static func read(customData: JSONValue) -> Result<AIUIDocument, NoUI> {
        guard case .object(let data) = customData else { return .failure(NoUI("the custom data is not an object")) }
        guard let field = data["ai_ui"] else { return .failure(NoUI("the message has no ai_ui field")) }
        return read(field: field)
    }

    /// The document of an `ai_ui` field, or why there is none.
    public static func read(field: JSONValue) -> Result<AIUIDocument, NoUI> {
        guard case .object(let o) = field else { return .failure(NoUI("ai_ui is not an object")) }
        switch o["v"] {
        case .integer(let v)? where v == Int64(supportedVersion): break
        case .integer(let v)?: return .failure(NoUI("ai_ui.v is \(v); this app reads v \(supportedVersion), so the reply shows its text"))
        case nil: return .failure(NoUI("ai_ui has no v"))
        case let other?: return .failure(NoUI("ai_ui.v must be an integer, found \(other.typeName)"))
        }
        guard case .string(let format)? = o["format"], !format.isEmpty else {
            return .failure(NoUI("ai_ui.format must be a non-empty string"))
        }
        var version: String?
        switch o["version"] {
        case nil, .null?: version = nil
        case .string(let s)?: version = s
        case .integer(let i)?: version = String(i)
        case .number(let d)?: version = String(d)
        case let other?: return .failure(NoUI("ai_ui.version must be a string, found \(other.typeName)"))
        }
        let streaming: Bool
        switch o["status"]?.stringValue {
        case "streaming": streaming = true
        case "complete", nil: streaming = false
        case let other?: return .failure(NoUI("ai_ui.status is \"\(other)\"; expected streaming or complete"))
        }
        guard let content = o["content"], !content.isNull else { return .failure(NoUI("ai_ui has no content")) }
        return .success(AIUIDocument(format: format, version: version, isStreaming: streaming, content: content))
    }

    /// `{"v": 1, "format", "version"?, "status", "content"}`.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("v", .integer(Int64(Self.supportedVersion))), ("format", .string(format))]
        if let version { members.append(("version", .string(version))) }
        members.append(("status", .string(isStreaming ? "streaming" : "complete")))
        members.append(("content", content))
        return .object(JSONObject(members))
    }

    /// Why a message has no UI to show.
    public struct NoUI: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reason, in words.
        public let reason: String
        init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }
}
