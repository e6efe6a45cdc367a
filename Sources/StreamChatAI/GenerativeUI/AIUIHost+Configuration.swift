extension AIUIHost {
    /// What the host allows, and which built-in renderers it asks.
    public struct Configuration: Sendable {
        /// The app's own instructions for the model, ahead of each format's.
        public var instructions: String?
        /// The URL schemes links may open.
        public var linkSchemes: Set<String> = ["http", "https", "mailto"]
        /// The URL schemes media may load from.
        public var mediaSchemes: Set<String> = ["http", "https"]
        /// How long a tool may take when the UI runs it.
        public var toolTimeoutMs = 30_000
        /// Accept plugins whose files or folders are writable by group or others.
        public var allowWritablePlugins = false
        /// The built-in renderers to turn on, in asking order (ahead of plugin
        /// renderers); nil turns on every one offered, in the order offered.
        public var renderers: [String]?
        /// Each built-in format's options, by format.
        public var rendererOptions: [String: JSONValue] = [:]

        /// A configuration with the default policies.
        public init(instructions: String? = nil) { self.instructions = instructions }

        /// Reads `{"instructions", "link_schemes", "media_schemes", "tool_timeout_ms",
        /// "allow_writable_plugins", "renderers": [format, ...], "<format>": {options}}`,
        /// where the formats are those of `builtIns`.
        public init(json: JSONValue, builtIns: [AIUIBuiltInRenderer] = []) throws(StreamChatAIError) {
            let formats = builtIns.map(\.format)
            let settings = try SettingsReader(json, what: "the host config", known: [
                "instructions", "link_schemes", "media_schemes", "tool_timeout_ms", "allow_writable_plugins", "renderers",
            ] + formats)
            self.init(instructions: try settings.string("instructions"))
            if let links = try settings.strings("link_schemes") { linkSchemes = Set(links.map { $0.lowercased() }) }
            if let media = try settings.strings("media_schemes") { mediaSchemes = Set(media.map { $0.lowercased() }) }
            toolTimeoutMs = try settings.integer("tool_timeout_ms", in: 1...3_600_000) ?? toolTimeoutMs
            allowWritablePlugins = try settings.bool("allow_writable_plugins") ?? false
            if let names = try settings.strings("renderers") {
                for (i, name) in names.enumerated() {
                    let path = JSONPath.appending(index: i, to: settings.path(of: "renderers"))
                    guard formats.contains(name) else {
                        throw .invalid(at: path, "unknown renderer \(JSONSerializer.quoted(name)); this library has: \(formats.isEmpty ? "none" : formats.joined(separator: ", "))")
                    }
                    guard !names[..<i].contains(name) else { throw .invalid(at: path, "\(JSONSerializer.quoted(name)) is listed twice") }
                }
                renderers = names
            }
            for builtIn in builtIns {
                _ = try settings.settings(builtIn.format, what: "the \(builtIn.format) options", known: builtIn.options)
                if let options = settings[builtIn.format] { rendererOptions[builtIn.format] = options }
            }
        }

        /// The renderers of `builtIns` this configuration turns on, made with their options.
        func makeRenderers(_ builtIns: [AIUIBuiltInRenderer]) throws(StreamChatAIError) -> [any AIUIRenderer] {
            let chosen = renderers.map { names in names.compactMap { name in builtIns.first { $0.format == name } } } ?? builtIns
            var made: [any AIUIRenderer] = []
            for builtIn in chosen {
                let options = try SettingsReader(rendererOptions[builtIn.format] ?? .object(JSONObject()),
                                                 what: "the \(builtIn.format) options", known: builtIn.options,
                                                 at: JSONPath.appending(key: builtIn.format, to: "$"))
                made.append(try builtIn.make(options))
            }
            return made
        }

        /// The policy these settings make, with `mediaURL` replacing the media rule when given.
        func policy(mediaURL: (@Sendable (String) -> String?)?) -> AIUIPolicy {
            AIUIPolicy(linkSchemes: linkSchemes, mediaSchemes: mediaSchemes, mediaURL: mediaURL)
        }
    }
}
