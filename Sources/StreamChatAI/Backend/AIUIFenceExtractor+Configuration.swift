extension AIUIFenceExtractor {
    /// The default largest custom data, in bytes of JSON.
    public static let defaultMaxCustomDataBytes = 50 * 1024

    /// Reads `{"fences": {"<info string>": "<format>"}, "max_custom_data_bytes"
    /// (default 51200), "other_custom_data_bytes" (default 0)}`.
    public init(json: JSONValue) throws(StreamChatAIError) {
        let settings = try SettingsReader(json, what: "the extractor config",
                                          known: ["fences", "max_custom_data_bytes", "other_custom_data_bytes"])
        guard let fences = try settings.members("fences", { (value, path) throws(StreamChatAIError) -> String in
            guard case .string(let format) = value, !format.isEmpty else { throw .invalid(at: path, "a fence maps to a non-empty format name") }
            return format
        }), !fences.isEmpty else {
            throw .invalid(at: settings.path(of: "fences"), "must map fence info strings to formats")
        }
        let size = 0...Int(Int32.max)
        self.init(fences: Dictionary(fences, uniquingKeysWith: { _, last in last }),
                  maxCustomDataBytes: try settings.integer("max_custom_data_bytes", in: size) ?? Self.defaultMaxCustomDataBytes,
                  otherCustomDataBytes: try settings.integer("other_custom_data_bytes", in: size) ?? 0)
    }
}
