/// What the agent's backend needs to ask for generative UI: each renderer's
/// format, fence and instructions, and the app's components.
public struct AIUICapabilities: Sendable, Hashable {
    /// One renderer, in asking order.
    public struct Renderer: Sendable, Hashable {
        /// The format, such as `openui`.
        public var format: String
        /// The fence info string the model writes it in.
        public var fence: String?
        /// The app's instructions, then the format's own.
        public var instructions: String
        /// What the format adds (A2UI: `catalog_id`).
        public var fields: JSONObject = JSONObject()
    }

    /// The renderers, in asking order.
    public var renderers: [Renderer]
    /// The app's components.
    public var components: [AIUIComponentDefinition]

    /// `{"v": 1, "renderers": [{"format", "fence", "instructions", …the format's fields}], "components": [...]}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("v", 1),
            ("renderers", .array(renderers.map { r in
                .object(JSONObject([("format", .string(r.format)), ("fence", r.fence.map(JSONValue.string) ?? .null),
                                    ("instructions", .string(r.instructions))] + r.fields.map { ($0.key, $0.value) }))
            })),
            ("components", .array(components.map(\.jsonValue))),
        ]))
    }
}
