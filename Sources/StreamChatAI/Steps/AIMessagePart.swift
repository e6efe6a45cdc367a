/// One step of an agent's reply, decoded from an `ai_*` attachment.
///
/// Decoding is lenient: missing fields get their defaults, a field of the
/// wrong type reads as missing, and a step in a newer format version keeps
/// its payload but has no typed view.
///
/// ```swift
/// let parts = AIMessagePart.parts(from: attachments)
/// for part in parts {
///     if let call = part.toolCall { print(call.name ?? "?", call.status) }
/// }
/// ```
public struct AIMessagePart: Sendable, Hashable, Identifiable {
    /// The highest step format version this library reads.
    public static let supportedVersion = 1

    /// The kind of step (the attachment's `type`).
    public let kind: AIPartKind
    /// The step's stable identity: its `id`, or `<type>-<index>` when it has none.
    public let id: String
    /// Whether ``id`` came from the attachment's own `id` (rather than its position).
    public let hasOwnID: Bool
    /// The step's format version (`v`, 1 by default).
    public let version: Int
    /// The attachment object as it was received.
    public let payload: JSONObject
    /// The typed view of a round of reasoning.
    public let reasoning: AIReasoningPart?
    /// The typed view of a tool call.
    public let toolCall: AIToolCallPart?

    /// Whether this version of the library reads the step's format version.
    public var isSupported: Bool { version <= Self.supportedVersion }

    /// Decodes one attachment at `index` in the message's attachment list,
    /// or returns nil when it is not a step (not an object, or no `ai_` type).
    public init?(attachment: JSONValue, index: Int) {
        self.init(attachment: attachment, index: index, positionalID: nil)
    }

    init?(attachment: JSONValue, index: Int, positionalID: String?) {
        guard case .object(let object) = attachment,
            case .string(let type)? = object["type"], type.utf8.starts(with: "ai_".utf8)
        else { return nil }
        let fields = LenientFields(object: object)
        kind = AIPartKind(rawValue: type)
        if let own = fields.string("id") {
            id = own
            hasOwnID = true
        } else {
            id = positionalID ?? "\(type)-\(index)"
            hasOwnID = false
        }
        version = Self.version(of: object["v"])
        payload = object
        if version <= Self.supportedVersion, kind == .reasoning {
            reasoning = AIReasoningPart(id: id, fields: fields)
        } else {
            reasoning = nil
        }
        if version <= Self.supportedVersion, kind == .toolCall {
            toolCall = AIToolCallPart(id: id, hasOwnID: hasOwnID, fields: fields)
        } else {
            toolCall = nil
        }
    }

    /// The steps among a message's attachments, in order.
    ///
    /// Attachments that are not steps (images, files, anything whose `type`
    /// doesn't start with `ai_`) are skipped, but still count as positions
    /// for steps that have no `id`.
    public static func parts(from attachments: [JSONValue]) -> [AIMessagePart] {
        var parts: [AIMessagePart] = []
        for (index, attachment) in attachments.enumerated() {
            if let part = AIMessagePart(attachment: attachment, index: index) { parts.append(part) }
        }
        return parts
    }

    /// The steps in a list that holds attachments, or parts as ``jsonValue``
    /// writes them (`{"kind", "id", "payload", ...}`), or a mix of both.
    public static func parts(fromPartsOrAttachments values: [JSONValue]) -> [AIMessagePart] {
        var parts: [AIMessagePart] = []
        for (index, value) in values.enumerated() {
            if let part = AIMessagePart(partOrAttachment: value, index: index) { parts.append(part) }
        }
        return parts
    }

    /// The step in one element of a list read by
    /// ``parts(fromPartsOrAttachments:)``: a part as ``jsonValue`` writes it,
    /// or an attachment at `index`. Nil when it is not a step.
    public init?(partOrAttachment value: JSONValue, index: Int) {
        guard let (part, _) = Self.decode(partOrAttachment: value, index: index) else { return nil }
        self = part
    }

    /// The step in one element of such a list, and whether the element is a part (its attachment is the
    /// element's `payload`) rather than the attachment itself.
    static func decode(partOrAttachment value: JSONValue, index: Int) -> (part: AIMessagePart, isPart: Bool)? {
        if case .object(let object) = value, case .string? = object["kind"], case .object(let payload)? = object["payload"] {
            return AIMessagePart(attachment: .object(payload), index: index, positionalID: object["id"]?.stringValue).map { ($0, true) }
        }
        return AIMessagePart(attachment: value, index: index).map { ($0, false) }
    }

    /// The steps of a message whose attachments are given as a JSON array.
    public static func parts(fromJSON text: String, limits: JSONLimits = .default) throws -> [AIMessagePart] {
        let value = try JSONParser.parse(text, limits: limits)
        guard case .array(let attachments) = value else {
            throw JSONError(kind: .syntax, message: "expected an array of attachments, found \(value.typeName)", offset: 0)
        }
        return parts(from: attachments)
    }

    /// Decodes the payload into your own type, for kinds of your own such as `ai_citation`.
    public func decode<T: Decodable>(_ type: T.Type, keys: JSONValueDecoder.KeyStrategy = .useDefaultKeys) throws -> T {
        try JSONValueDecoder(keyStrategy: keys).decode(type, from: .object(payload))
    }

    /// `v` reads as 1 when missing or not a number; a fraction counts up,
    /// so `1.5` is treated as a newer format than 1.
    static func version(of value: JSONValue?) -> Int {
        switch value {
        case .integer(let i)?: return Int(clamping: i)
        case .number(let d)? where d.isFinite:
            let up = d.rounded(.up)
            return up >= 9.2e18 ? Int.max : up <= -9.2e18 ? Int.min : Int(up)
        default: return 1
        }
    }
}
