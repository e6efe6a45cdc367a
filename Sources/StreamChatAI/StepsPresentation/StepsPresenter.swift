/// Presents the steps of a reply as a UI IR tree.
///
/// Per reasoning part: a header ("Thinking… 7s" while streaming, "Thought for
/// 12s" once done), the summary, and the reasoning as paragraphs of inline
/// runs. Per tool call: its title, a status icon name, a status label, the
/// summary and the duration. A kind or version this library can't show gets a
/// neutral placeholder.
///
/// ```swift
/// let tree = StepsPresenter.tree(for: parts, options: .init(nowMs: now))
/// print(tree.jsonValue)
/// ```
public enum StepsPresenter {
    /// The icon name for each known tool-call status; others show the running spinner.
    public static let statusIcons: [AIToolCallStatus: String] = [
        .running: "spinner",
        .awaitingApproval: "hand",
        .awaitingAuthorization: "key",
        .awaitingClient: "phone",
        .completed: "checkmark",
        .failed: "exclamation",
        .cancelled: "cross",
    ]

    /// The tree for `parts`, rooted at a node of type `steps`.
    public static func tree(for parts: [AIMessagePart], options: StepsPresentationOptions = .init()) -> UITree {
        UITree(root: root(children: parts.map { node(for: $0, options: options) }))
    }

    /// The root of the steps' tree.
    static func root(children: [UINode] = []) -> UINode { UINode(id: "steps", type: "steps", children: children) }

    /// The node for one part.
    public static func node(for part: AIMessagePart, options: StepsPresentationOptions) -> UINode {
        if let reasoning = part.reasoning { return node(for: reasoning, options: options) }
        if let call = part.toolCall { return node(for: call, strings: options.strings) }
        return UINode(id: part.id, type: "unsupported_step", props: JSONObject([
            ("text", .string(options.strings.text("step.unsupported"))),
            ("kind", .string(part.kind.rawValue)),
            ("v", .integer(Int64(part.version))),
        ]))
    }

    /// The node for a round of reasoning, with its paragraphs as children.
    public static func node(for reasoning: AIReasoningPart, options: StepsPresentationOptions) -> UINode {
        var (node, document) = reasoningNodeWithoutParagraphs(for: reasoning, options: options)
        node.children = paragraphNodes(document, idPrefix: reasoning.id)
        return node
    }

    /// The node for a round of reasoning with no children yet, and the laid-out text its paragraphs come from.
    /// `previewUTF8` is the preview's text when the reader kept it as bytes (then `reasoning` has none).
    static func reasoningNodeWithoutParagraphs(for reasoning: AIReasoningPart, options: StepsPresentationOptions,
                                               previewUTF8: UnsafeRawBufferPointer? = nil) -> (UINode, ReasoningDocument) {
        let strings = options.strings
        let header: String
        var seconds: Int?
        if reasoning.isStreaming {
            if let now = options.nowMs, let started = options.reasoningStartedMs[reasoning.id] {
                seconds = Int(max(0, (now &- started) / 1000))
            } else if let ms = reasoning.durationMs {
                seconds = max(0, ms / 1000)
            }
            header = seconds.map { strings.text("reasoning.thinking_for", "seconds", String($0)) }
                ?? strings.text("reasoning.thinking")
        } else {
            seconds = reasoning.durationMs.map { max(1, rounded($0, per: 1000)) }
            header = seconds.map { strings.text("reasoning.thought_for", "seconds", String($0)) }
                ?? strings.text("reasoning.thought")
        }
        let document = options.reasoningDocuments[reasoning.id]
            ?? previewUTF8.map { ReasoningDocument(utf8: $0) } ?? ReasoningDocument(reasoning.preview ?? "")
        let node = UINode(
            id: reasoning.id, type: "reasoning",
            props: JSONObject(uncheckedKeys: reasoningKeys, values: [
                .string(header),
                .string(reasoning.status.rawValue),
                .bool(reasoning.isStreaming),
                seconds.map { .integer(Int64($0)) } ?? .null,
                reasoning.summary.map(JSONValue.string) ?? .null,
            ]),
            events: ["toggle"])
        return (node, document)
    }

    /// Paragraph nodes (`<prefix>/p<index>`) for laid-out reasoning text.
    public static func paragraphNodes(_ document: ReasoningDocument, idPrefix: String) -> [UINode] {
        document.paragraphs.enumerated().map { index, paragraph in
            paragraphNode(idPrefix: idPrefix, index: index,
                          props: JSONObject(uncheckedKeys: paragraphKeys, values: [.array(paragraph.runs.map { runValue($0, in: document) })]))
        }
    }

    /// A paragraph's node, `props` aside.
    static func paragraphNode(idPrefix: String, index: Int, props: JSONObject = JSONObject()) -> UINode {
        UINode(id: idPrefix + "/p" + String(index), type: "paragraph", props: props)
    }

    /// `{"text", "bold", "italic", "code", "href"}` for one run.
    static func runValue(_ run: InlineRun, in document: ReasoningDocument) -> JSONValue {
        .object(JSONObject(uncheckedKeys: runKeys, values: [
            .string(document.text(of: run)),
            .bool(run.style.contains(.bold)),
            .bool(run.style.contains(.italic)),
            .bool(run.style.contains(.code)),
            href(of: run, in: document).map(JSONValue.string) ?? .null,
        ]))
    }

    /// The link a run opens, when it is part of a link a front end may open.
    static func href(of run: InlineRun, in document: ReasoningDocument) -> String? {
        document.linkTarget(of: run).flatMap(safeLink)
    }

    // The props' keys, in order, shared by every node (one array, not one per node: runs are most of a tree).
    private static let reasoningKeys = ["header", "status", "is_thinking", "seconds", "summary"]
    private static let paragraphKeys = ["runs"]
    private static let runKeys = ["text", "bold", "italic", "code", "href"]
    private static let toolCallKeys = ["title", "name", "status", "icon", "status_label", "is_declined", "executor", "summary",
                                       "duration", "duration_ms"]

    /// The node for a tool call.
    public static func node(for call: AIToolCallPart, strings: StepsStrings) -> UINode {
        UINode(id: call.id, type: "tool_call", props: JSONObject(uncheckedKeys: toolCallKeys, values: toolCallValues(call, strings: strings)))
    }

    /// A tool call node's props, in the order of `toolCallKeys`.
    static func toolCallValues(_ call: AIToolCallPart, strings: StepsStrings) -> [JSONValue] {
        let known = statusIcons[call.status]
        let icon = known ?? "spinner"
        let label: String
        if call.isDeclined {
            label = strings.text("tool.status.declined")
        } else if known != nil {
            label = strings.text("tool.status." + call.status.rawValue)
        } else {
            label = strings.text("tool.status.other")
        }
        return [
            .string(call.title ?? strings.text("tool.untitled")),
            call.name.map(JSONValue.string) ?? .null,
            .string(call.status.rawValue),
            .string(icon),
            .string(label),
            .bool(call.isDeclined),
            .string(call.executor.rawValue),
            call.summary.map(JSONValue.string) ?? .null,
            call.durationMs.map { .string(strings.text("tool.duration", "seconds", formatSeconds(ms: $0))) } ?? .null,
            call.durationMs.map { .integer(Int64($0)) } ?? .null,
        ]
    }

    /// `toolCallKeys` as the writer puts them before each value: `{"title":`, `,"name":`, …
    /// (The keys are plain ASCII words: nothing in them needs escaping.)
    static let toolCallKeyPrefixes: [[UInt8]] = toolCallKeys.enumerated().map { n, key in
        Array(((n == 0 ? "{" : ",") + "\"" + key + "\":").utf8)
    }

    /// Milliseconds as seconds: one decimal under 10 s ("2.3", "4"), whole seconds above.
    public static func formatSeconds(ms: Int) -> String {
        let ms = max(0, ms)
        let tenths = rounded(ms, per: 100)
        if tenths < 100 {
            return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
        return String(rounded(ms, per: 1000))
    }

    /// A link of the model's reasoning a front end may open: http(s) with a
    /// host, or mailto; anything else (`javascript:`, `file:`, `data:`) keeps its text but no target.
    static func safeLink(_ target: String) -> String? {
        switch WebURL.scheme(of: target) {
        case "http"?, "https"?: return WebURL.isHTTPWithHost(target) ? target : nil
        case "mailto"?: return target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) ? target : nil
        default: return nil
        }
    }

    /// `value / unit` rounded half up, without the overflow of `(value + unit / 2) / unit`
    /// (a step's `duration_ms` may be anything up to Int64.max).
    static func rounded(_ value: Int, per unit: Int) -> Int {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: unit)
        return remainder * 2 >= unit ? quotient + 1 : quotient
    }
}
