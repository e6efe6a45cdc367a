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
    /// The host's tools the reply's UI started and is waiting for, in the order started, one name per run (an
    /// OpenUI Query being fetched, an A2UI function call): a front end may show that the UI is loading.
    public var runningTools: [String]

    /// A render of `root`.
    public init(messageID: String, format: String, isStreaming: Bool, root: UINode, runningTools: [String] = []) {
        self.messageID = messageID
        self.format = format
        self.isStreaming = isStreaming
        self.root = root
        self.runningTools = runningTools
    }

    /// `{"ir": 1, "message_id", "format", "streaming", "running_tools", "root"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("ir", .integer(Int64(UITree.version))), ("message_id", .string(messageID)), ("format", .string(format)),
            ("streaming", .bool(isStreaming)), ("running_tools", .array(runningTools.map(JSONValue.string))), ("root", root.jsonValue),
        ]))
    }

    /// Writes ``jsonValue`` straight to `writer`.
    public func write(to writer: inout JSONWriter) {
        write(to: &writer, last: #","root":"#) { root.write(to: &$0) }
    }

    /// Writes `{"ir": 1, "message_id", "format", "streaming", "running_tools", "ops"}` straight to `writer`: the render as the
    /// `ops` that turn an earlier tree into ``root`` (``AIUIHost/renderOps(messageID:)``).
    public func write(to writer: inout JSONWriter, ops: [UIDiff.Op]) {
        write(to: &writer, last: #","ops":"#) { UIDiff.write(ops, to: &$0) }
    }

    /// The members all renders share, then `key` and what `writeLast` writes.
    private func write(to writer: inout JSONWriter, last key: StaticString, _ writeLast: (inout JSONWriter) -> Void) {
        writer.raw(#"{"ir":"#)
        writer.integer(Int64(UITree.version))
        writer.raw(#","message_id":"#)
        writer.string(messageID)
        writer.raw(#","format":"#)
        writer.string(format)
        writer.raw(#","streaming":"#)
        writer.bool(isStreaming)
        writer.raw(#","running_tools":"#)
        writer.strings(runningTools)
        writer.raw(key)
        writeLast(&writer)
        writer.byte(0x7D)
    }
}
