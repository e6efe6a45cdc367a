// The steps' tree written straight to a JSONWriter as the parts are read:
// what tree(for:options:) and UITree.write(to:) make together, without the
// whole input or tree held at once (the C path's render).

extension StepsPresenter {
    /// Reads the JSON array of parts or attachments in `source` (as
    /// ``AIMessagePart/parts(fromPartsOrAttachments:)`` takes them) and
    /// writes the tree ``tree(for:options:)`` makes of them, one element at
    /// a time: each read, presented, written and let go before the next.
    /// Returns false, writing nothing, when `source` holds another JSON value.
    public static func writeTree(ofArrayText source: UnsafeRawBufferPointer, limits: JSONLimits = .default,
                                 options: StepsPresentationOptions = .init(),
                                 to writer: inout JSONWriter) throws(JSONError) -> Bool {
        let start = writer.count
        var isArray = false
        var failure: JSONError?
        let root = root()
        UITree(root: root).write(to: &writer) { writer in
            root.write(to: &writer) { writer in
                var index = 0
                var first = true
                do throws(JSONError) {
                    // A tool call's arguments are not shown: checked, not built. A reasoning's preview is laid out
                    // from its bytes: checked, not made a string (of an attachment; a part's is in its payload).
                    isArray = try JSONParser.forEachElement(ofArray: source, limits: limits, skippingMember: "arguments",
                                                            capturingMember: "preview") { value, _, preview in
                        defer { index += 1 }
                        guard let (part, isPart) = AIMessagePart.decode(partOrAttachment: value, index: index) else { return }
                        if !first { writer.byte(0x2C) }
                        first = false
                        write(part, previewUTF8: isPart ? nil : preview, options: options, to: &writer)
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure {
            writer.truncate(to: start)
            throw failure
        }
        if !isArray { writer.truncate(to: start) }
        return isArray
    }

    /// Writes ``node(for:options:)`` of `part`; a reasoning's paragraphs are
    /// written from its laid-out text, each run's text copied from the
    /// document's bytes, with no node, value or string made for them.
    /// `previewUTF8` is a reasoning's preview when the reader kept it as bytes.
    static func write(_ part: AIMessagePart, previewUTF8: UnsafeRawBufferPointer? = nil, options: StepsPresentationOptions,
                      to writer: inout JSONWriter) {
        if let call = part.toolCall {
            // Its props written from their values, with their keys as prepared bytes: no node, no props object.
            let values = toolCallValues(call, strings: options.strings)
            UINode.write(id: call.id, type: "tool_call", to: &writer, props: { writer in
                for (prefix, value) in zip(toolCallKeyPrefixes, values) {
                    prefix.withUnsafeBytes { writer.raw($0) }
                    writer.value(value)
                }
                writer.byte(0x7D)
            }, children: { _ in })
            return
        }
        guard let reasoning = part.reasoning else {
            node(for: part, options: options).write(to: &writer)
            return
        }
        let (node, document) = reasoningNodeWithoutParagraphs(for: reasoning, options: options, previewUTF8: previewUTF8)
        node.write(to: &writer) { writer in
            document.bytes.withUnsafeBytes { bytes in
                for (index, paragraph) in document.paragraphs.enumerated() {
                    if index > 0 { writer.byte(0x2C) }
                    paragraphNode(idPrefix: reasoning.id, index: index).write(to: &writer, props: { writer in
                        writer.raw(#"{"runs":["#)
                        for (n, run) in paragraph.runs.enumerated() {
                            if n > 0 { writer.byte(0x2C) }
                            writer.raw(#"{"text":"#)
                            writer.string(utf8: UnsafeRawBufferPointer(rebasing: bytes[run.range]))
                            writer.raw(#","bold":"#)
                            writer.bool(run.style.contains(.bold))
                            writer.raw(#","italic":"#)
                            writer.bool(run.style.contains(.italic))
                            writer.raw(#","code":"#)
                            writer.bool(run.style.contains(.code))
                            writer.raw(#","href":"#)
                            writer.optional(href(of: run, in: document))
                            writer.byte(0x7D)
                        }
                        writer.raw("]}")
                    }, children: { _ in })
                }
            }
        }
    }
}
