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
        let strings = options.strings
        let header: String
        var seconds: Int?
        if reasoning.isStreaming {
            if let now = options.nowMs, let started = options.reasoningStartedMs[reasoning.id] {
                seconds = Int(max(0, (now &- started) / 1000))
            } else if let ms = reasoning.durationMs {
                seconds = max(0, ms / 1000)
            }
            header = seconds.map { strings.text("reasoning.thinking_for", ["seconds": String($0)]) }
                ?? strings.text("reasoning.thinking")
        } else {
            seconds = reasoning.durationMs.map { max(1, rounded($0, per: 1000)) }
            header = seconds.map { strings.text("reasoning.thought_for", ["seconds": String($0)]) }
                ?? strings.text("reasoning.thought")
        }
        let document = options.reasoningDocuments[reasoning.id] ?? ReasoningDocument(reasoning.preview ?? "")
        return UINode(
            id: reasoning.id, type: "reasoning",
            props: JSONObject([
                ("header", .string(header)),
                ("status", .string(reasoning.status.rawValue)),
                ("is_thinking", .bool(reasoning.isStreaming)),
                ("seconds", seconds.map { .integer(Int64($0)) } ?? .null),
                ("summary", reasoning.summary.map(JSONValue.string) ?? .null),
            ]),
            children: paragraphNodes(document, idPrefix: reasoning.id),
            events: ["toggle"])
    }

    /// Paragraph nodes (`<prefix>/p<index>`) for laid-out reasoning text.
    public static func paragraphNodes(_ document: ReasoningDocument, idPrefix: String) -> [UINode] {
        document.paragraphs.enumerated().map { index, paragraph in
            UINode(id: "\(idPrefix)/p\(index)", type: "paragraph",
                   props: JSONObject([("runs", .array(paragraph.runs.map { runValue($0, in: document) }))]))
        }
    }

    /// `{"text", "bold", "italic", "code", "href"}` for one run.
    static func runValue(_ run: InlineRun, in document: ReasoningDocument) -> JSONValue {
        .object(JSONObject([
            ("text", .string(document.text(of: run))),
            ("bold", .bool(run.style.contains(.bold))),
            ("italic", .bool(run.style.contains(.italic))),
            ("code", .bool(run.style.contains(.code))),
            ("href", document.linkTarget(of: run).flatMap(safeLink).map(JSONValue.string) ?? .null),
        ]))
    }

    /// The node for a tool call.
    public static func node(for call: AIToolCallPart, strings: StepsStrings) -> UINode {
        let icon = statusIcons[call.status] ?? "spinner"
        let label: String
        if call.isDeclined {
            label = strings.text("tool.status.declined")
        } else if statusIcons[call.status] != nil {
            label = strings.text("tool.status.\(call.status.rawValue)")
        } else {
            label = strings.text("tool.status.other")
        }
        return UINode(id: call.id, type: "tool_call", props: JSONObject([
            ("title", .string(call.title ?? strings.text("tool.untitled"))),
            ("name", call.name.map(JSONValue.string) ?? .null),
            ("status", .string(call.status.rawValue)),
            ("icon", .string(icon)),
            ("status_label", .string(label)),
            ("is_declined", .bool(call.isDeclined)),
            ("executor", .string(call.executor.rawValue)),
            ("summary", call.summary.map(JSONValue.string) ?? .null),
            ("duration", call.durationMs.map { .string(strings.text("tool.duration", ["seconds": formatSeconds(ms: $0)])) } ?? .null),
            ("duration_ms", call.durationMs.map { .integer(Int64($0)) } ?? .null),
        ]))
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
