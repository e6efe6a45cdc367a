/// A round of the model's reasoning (`ai_reasoning`).
public struct AIReasoningPart: Sendable, Hashable, Identifiable {
    /// The step's id.
    public let id: String
    /// `streaming` while the model thinks, `completed` (the default) once done.
    public let status: AIReasoningStatus
    /// A one-line summary, once the reasoning is done.
    public let summary: String?
    /// A capped excerpt: the latest thoughts while streaming, the opening once done.
    public let preview: String?
    /// How long the model thought, in milliseconds.
    public let durationMs: Int?

    /// Whether the model is still thinking.
    public var isStreaming: Bool { status == .streaming }

    init(id: String, fields: LenientFields) {
        self.id = id
        status = fields.string("status").map(AIReasoningStatus.init(rawValue:)) ?? .completed
        summary = fields.string("summary")
        preview = fields.string("preview")
        durationMs = fields.integer("duration_ms")
    }

    /// Creates a reasoning step directly.
    public init(id: String, status: AIReasoningStatus = .completed, summary: String? = nil,
                preview: String? = nil, durationMs: Int? = nil) {
        self.id = id
        self.status = status
        self.summary = summary
        self.preview = preview
        self.durationMs = durationMs
    }
}
