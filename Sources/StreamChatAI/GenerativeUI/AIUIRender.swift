/// One render of a reply's UI: its IR tree and what it was made from.
public struct AIUIRender: Sendable, Hashable {
    /// The reply.
    public var messageID: String
    /// The format the UI was written in.
    public var format: String
    /// Whether the reply was still being written.
    public var isStreaming: Bool
    /// The tree.
    public var root: UINode

    /// `{"ir": 1, "message_id", "format", "streaming", "root"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("ir", .integer(Int64(UITree.version))), ("message_id", .string(messageID)), ("format", .string(format)),
            ("streaming", .bool(isStreaming)), ("root", root.jsonValue),
        ]))
    }

    /// Writes ``jsonValue`` straight to `writer`.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"ir":"#)
        writer.integer(Int64(UITree.version))
        writer.raw(#","message_id":"#)
        writer.string(messageID)
        writer.raw(#","format":"#)
        writer.string(format)
        writer.raw(#","streaming":"#)
        writer.bool(isStreaming)
        writer.raw(#","root":"#)
        root.write(to: &writer)
        writer.byte(0x7D)
    }
}
