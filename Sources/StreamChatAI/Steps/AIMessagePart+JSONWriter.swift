// The JSON of decoded steps written straight to a JSONWriter: the shape of
// AIMessagePart+JSON.swift (which stays the one to read), without building
// values first, and with each payload copied from the text it came in.

extension AIMessagePart {
    /// Writes the steps among `attachments` as a JSON array of
    /// ``jsonValue``s. With `source` and `spans` (from
    /// ``JSONParser/parseArrayWithSpans(_:limits:)``), each payload is its
    /// attachment's own text, copied rather than written again.
    public static func writeParts(of attachments: [JSONValue], source: UnsafeRawBufferPointer? = nil,
                                  spans: [Range<Int>]? = nil, to writer: inout JSONWriter) {
        writer.byte(0x5B)
        var first = true
        for (index, attachment) in attachments.enumerated() {
            guard let part = AIMessagePart(attachment: attachment, index: index) else { continue }
            if !first { writer.byte(0x2C) }
            first = false
            if let source, let spans, index < spans.count {
                part.write(to: &writer, payload: UnsafeRawBufferPointer(rebasing: source[spans[index]]))
            } else {
                part.write(to: &writer, payload: nil)
            }
        }
        writer.byte(0x5D)
    }

    /// What a written step carries of its attachment.
    public enum PayloadForm: Sendable {
        /// `"payload"`: the attachment, copied from the text it came in.
        case copied
        /// `"index"`: the attachment's position in the array, for a caller that holds the attachments already.
        case index
    }

    /// Reads the JSON array of attachments in `source` and writes its steps
    /// as ``writeParts(of:source:spans:to:)`` does, one attachment at a time
    /// (each read, written and let go before the next: the C path's decode).
    /// Returns false, writing nothing, when `source` holds another JSON value.
    public static func writeParts(ofArrayText source: UnsafeRawBufferPointer, limits: JSONLimits = .default,
                                  payload form: PayloadForm = .copied, to writer: inout JSONWriter) throws(JSONError) -> Bool {
        let start = writer.count
        writer.byte(0x5B)
        var first = true
        var index = 0
        let isArray = try JSONParser.forEachElement(ofArray: source, limits: limits) { attachment, span in
            defer { index += 1 }
            guard let part = AIMessagePart(attachment: attachment, index: index) else { return }
            if !first { writer.byte(0x2C) }
            first = false
            switch form {
            case .copied: part.write(to: &writer, payload: UnsafeRawBufferPointer(rebasing: source[span]))
            case .index: part.write(to: &writer, payload: nil, attachmentIndex: index)
            }
        }
        writer.byte(0x5D)
        if !isArray { writer.truncate(to: start) }
        return isArray
    }

    /// Writes ``jsonValue``; `payload`, when given, is the attachment's JSON
    /// text; with `attachmentIndex`, `"index"` stands where the payload would.
    public func write(to writer: inout JSONWriter, payload text: UnsafeRawBufferPointer?, attachmentIndex: Int? = nil) {
        writer.raw(#"{"kind":"#)
        writer.string(kind.rawValue)
        writer.raw(#","id":"#)
        writer.string(id)
        writer.raw(#","has_own_id":"#)
        writer.bool(hasOwnID)
        writer.raw(#","v":"#)
        writer.integer(Int64(version))
        writer.raw(#","supported":"#)
        writer.bool(isSupported)
        if let attachmentIndex {
            writer.raw(#","index":"#)
            writer.integer(Int64(attachmentIndex))
        } else {
            writer.raw(#","payload":"#)
            if let text { writer.raw(text) } else { writer.object(payload) }
        }
        writer.raw(#","reasoning":"#)
        if let reasoning { reasoning.write(to: &writer) } else { writer.raw("null") }
        writer.raw(#","tool_call":"#)
        if let toolCall { toolCall.write(to: &writer) } else { writer.raw("null") }
        writer.byte(0x7D)
    }
}

extension AIReasoningPart {
    /// Writes ``jsonValue``.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","status":"#)
        writer.string(status.rawValue)
        writer.raw(#","summary":"#)
        writer.optional(summary)
        writer.raw(#","preview":"#)
        writer.optional(preview)
        writer.raw(#","duration_ms":"#)
        writer.optional(durationMs)
        writer.byte(0x7D)
    }
}

extension AIToolCallPart {
    /// Writes ``jsonValue``.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","has_own_id":"#)
        writer.bool(hasOwnID)
        writer.raw(#","name":"#)
        writer.optional(name)
        writer.raw(#","display_title":"#)
        writer.optional(displayTitle)
        writer.raw(#","status":"#)
        writer.string(status.rawValue)
        writer.raw(#","executor":"#)
        writer.string(executor.rawValue)
        writer.raw(#","target_user_id":"#)
        writer.optional(targetUserID)
        writer.raw(#","target_client_id":"#)
        writer.optional(targetClientID)
        writer.raw(#","arguments":"#)
        if let arguments { writer.object(arguments) } else { writer.raw("null") }
        writer.raw(#","summary":"#)
        writer.optional(summary)
        writer.raw(#","duration_ms":"#)
        writer.optional(durationMs)
        writer.raw(#","approval":"#)
        if let approval { approval.write(to: &writer) } else { writer.raw("null") }
        writer.raw(#","authorization":"#)
        if let authorization { authorization.write(to: &writer) } else { writer.raw("null") }
        writer.raw(#","is_declined":"#)
        writer.bool(isDeclined)
        writer.byte(0x7D)
    }
}

extension AIToolApproval {
    /// Writes ``jsonValue``.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"title":"#)
        writer.string(title)
        writer.raw(#","message":"#)
        writer.optional(message)
        writer.raw(#","reason":"#)
        writer.optional(reason)
        writer.raw(#","allow_title":"#)
        writer.optional(allowTitle)
        writer.raw(#","decline_title":"#)
        writer.optional(declineTitle)
        writer.raw(#","decision":"#)
        writer.optional(decision?.rawValue)
        writer.byte(0x7D)
    }
}

extension AIToolAuthorization {
    /// Writes ``jsonValue``.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"type":"#)
        writer.string(type)
        writer.raw(#","provider":"#)
        writer.optional(provider)
        writer.raw(#","provider_name":"#)
        writer.optional(providerName)
        writer.raw(#","title":"#)
        writer.optional(title)
        writer.raw(#","message":"#)
        writer.optional(message)
        writer.raw(#","url":"#)
        writer.optional(url)
        writer.raw(#","handoff_token":"#)
        writer.optional(handoffToken)
        writer.raw(#","expires_at":"#)
        writer.optional(expiresAt)
        writer.raw(#","status":"#)
        writer.optional(status?.rawValue)
        writer.raw(#","launch_url":"#)
        writer.optional(launchURL)
        writer.byte(0x7D)
    }
}
