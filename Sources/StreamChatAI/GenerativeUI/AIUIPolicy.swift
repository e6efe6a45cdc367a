/// The rules a reply's UI runs under: which links may open, which media may
/// load, which tools may run without a tap, and that secrets never leave.
public struct AIUIPolicy: Sendable {
    /// The URL schemes links may open.
    public var linkSchemes: Set<String>
    /// The URL schemes media may load from (http and https also need a host).
    public var mediaSchemes: Set<String>
    /// Replaces the media rule: the URL to load instead, or nil not to load.
    public var mediaURL: (@Sendable (String) -> String?)?

    /// The props that name a medium to load; the media policy decides each one.
    public static let mediaProps: Set<String> = ["image", "image_url", "video", "video_url", "audio", "audio_url", "src", "media_url"]

    /// A policy with the given rules.
    public init(linkSchemes: Set<String>, mediaSchemes: Set<String>, mediaURL: (@Sendable (String) -> String?)? = nil) {
        self.linkSchemes = linkSchemes
        self.mediaSchemes = mediaSchemes
        self.mediaURL = mediaURL
    }

    /// Whether a link may open: an allowed scheme, no spaces or control characters.
    public func allowsLink(_ url: String) -> Bool {
        guard let scheme = WebURL.scheme(of: url), linkSchemes.contains(scheme) else { return false }
        return !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
    }

    /// The URL a medium loads from, or nil not to load it.
    public func media(_ url: String) -> String? {
        if let mediaURL { return mediaURL(url) }
        guard let scheme = WebURL.scheme(of: url), mediaSchemes.contains(scheme),
              scheme != "http" && scheme != "https" || WebURL.isHTTPWithHost(url)
        else { return nil }
        return url
    }

    /// Puts every media prop of the tree through the media rule: a URL it
    /// refuses is removed (and reported), so a front end never loads it.
    func applyMedia(to root: inout UINode, report: (String) -> Void) {
        root.transform { node in
            for key in Self.mediaProps {
                guard let value = node.props[key] else { continue }
                if let url = value.stringValue, let allowed = media(url) {
                    node.props[key] = .string(allowed)
                } else {
                    node.props[key] = nil
                    report("the media \(key) of \(node.id) was not loaded: the media policy refused \(value)")
                }
            }
        }
    }

    /// Why the UI may not run `tool` now, or nil when it may: a read-only tool
    /// (`readOnlyHint`) runs whenever the UI asks, any other only from a user's tap.
    public static func refusal(of tool: AIToolDefinition, userInitiated: Bool) -> AIToolResult? {
        guard !tool.isReadOnly && !userInitiated else { return nil }
        return .failed(reason: "The tool \"\(tool.name)\" changes things, so it runs only when the user taps something that runs it.")
    }

    /// The data-model keys that secret inputs of `tree` are bound to.
    static func secureKeys(in tree: UINode) -> Set<String> {
        var keys = Set<String>()
        tree.walk { node, _ in
            guard node.isSecure else { return }
            for binding in node.bindings.values.compactMap(\.stringValue) {
                keys.insert(binding)
                if let last = (try? JSONPointer(binding))?.tokens.last { keys.insert(last) }
            }
        }
        return keys
    }

    /// `value` without any member named by `secure`, at any depth.
    static func scrub(_ value: JSONValue, _ secure: Set<String>) -> JSONValue {
        guard !secure.isEmpty else { return value }
        switch value {
        case .object(let o): return .object(JSONObject(o.filter { !secure.contains($0.key) }.map { ($0.key, scrub($0.value, secure)) }))
        case .array(let a): return .array(a.map { scrub($0, secure) })
        default: return value
        }
    }
}
