/// The rules a reply's UI runs under: which links may open, which media may
/// load, which tools may run without a tap, and that secrets never leave.
public struct AIUIPolicy: Sendable {
    /// The URL schemes links may open.
    public var linkSchemes: Set<String>
    /// The URL schemes media may load from (http and https also need a host).
    public var mediaSchemes: Set<String>
    /// Replaces the media rule: the URL to load instead, or nil not to load.
    public var mediaURL: (@Sendable (String) -> String?)?

    /// The props that name a medium to load, at any depth of a node's props
    /// (a string, or a list of them); the media policy decides each one.
    public static let mediaProps: Set<String> = [
        "image", "image_url", "images", "image_urls", "video", "video_url", "audio", "audio_url", "src", "media_url",
        "poster", "poster_url", "thumbnail", "thumbnail_url", "icon", "icon_url", "background_image", "avatar", "avatar_url",
        "logo", "logo_url", "photo", "photo_url", "cover", "cover_url", "url_image",
    ]

    /// ``mediaProps`` by length: every node of every render is asked whether it holds one, and a
    /// comparison with the few names of a key's length costs less than hashing the key.
    private static let mediaPropsByLength: [[String]] = {
        var table = [[String]](repeating: [], count: (mediaProps.map(\.utf8.count).max() ?? 0) + 1)
        for name in mediaProps { table[name.utf8.count].append(name) }
        return table
    }()

    /// Whether `key` names a medium (one of ``mediaProps``).
    static func isMediaProp(_ key: String) -> Bool {
        let count = key.utf8.count
        return count < mediaPropsByLength.count && mediaPropsByLength[count].contains(key)
    }

    /// A policy with the given rules.
    public init(linkSchemes: Set<String>, mediaSchemes: Set<String>, mediaURL: (@Sendable (String) -> String?)? = nil) {
        self.linkSchemes = linkSchemes
        self.mediaSchemes = mediaSchemes
        self.mediaURL = mediaURL
    }

    /// Whether a link may open: an allowed scheme, no spaces or control
    /// characters, and for http and https a host (`https:javascript:…` has none).
    public func allowsLink(_ url: String) -> Bool {
        guard let scheme = WebURL.scheme(of: url), linkSchemes.contains(scheme) else { return false }
        if scheme == "http" || scheme == "https" { return WebURL.isHTTPWithHost(url) }
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

    /// Puts every media prop of the node (not its children) through the media
    /// rule: a URL it refuses is removed (and reported), so a front end never loads it.
    func applyMedia(to node: inout UINode, report: (String) -> Void) {
        // Most nodes hold no medium: their props stay as they are, uncopied (and the check copies no value).
        guard Self.mayHoldMedia(node.props) else { return }
        let id = node.id
        node.props = applyMedia(to: node.props) { key, value in
            report("the media \(key) of \(id) was not loaded: the media policy refused \(value)")
        }
    }

    /// Whether `props` has a media member where ``applyMedia(to:report:)`` looks: among its keys, in its objects,
    /// and in the objects its arrays list, at any depth. Read without copying anything: a chart's or a table's data
    /// (arrays of numbers and strings, objects without media) leaves the props as they are.
    private static func mayHoldMedia(_ props: JSONObject) -> Bool {
        for key in props.keys where isMediaProp(key) { return true }
        for value in props.values {
            switch value {
            case .object(let inner): if mayHoldMedia(inner) { return true }
            case .array(let list):
                for item in list { if case .object(let inner) = item, mayHoldMedia(inner) { return true } }
            default: continue
            }
        }
        return false
    }

    /// `props` with every media member at any depth put through the media rule.
    private func applyMedia(to props: JSONObject, report: (String, JSONValue) -> Void) -> JSONObject {
        var out = JSONObject()
        for (key, value) in props {
            if Self.isMediaProp(key) {
                switch value {
                case .string(let url):
                    if let allowed = media(url) { out[key] = .string(allowed) } else { report(key, value) }
                case .array(let list):
                    out[key] = .array(list.compactMap { item in
                        if let url = item.stringValue, let allowed = media(url) { return .string(allowed) }
                        if item.objectValue != nil { return .object(applyMedia(to: item.objectValue!, report: report)) }
                        report(key, item)
                        return nil
                    })
                case .object(let inner): out[key] = .object(applyMedia(to: inner, report: report))
                default: report(key, value)
                }
            } else {
                switch value {
                case .object(let inner): out[key] = .object(applyMedia(to: inner, report: report))
                case .array(let list):
                    out[key] = .array(list.map { $0.objectValue.map { .object(applyMedia(to: $0, report: report)) } ?? $0 })
                default: out[key] = value
                }
            }
        }
        return out
    }

    /// Why the UI may not run `tool` now, or nil when it may: a read-only tool
    /// (`readOnlyHint`) runs whenever the UI asks, any other only from a user's tap.
    public static func refusal(of tool: AIToolDefinition, userInitiated: Bool) -> AIToolResult? {
        guard !tool.isReadOnly && !userInitiated else { return nil }
        return .failed(reason: "The tool \"\(tool.name)\" changes things, so it runs only when the user taps something that runs it.")
    }

    /// `value` without any member named by `secure`, and without any string
    /// equal to one of `secrets` (values typed into secret inputs), at any depth.
    static func scrub(_ value: JSONValue, _ secure: Set<String>, secrets: Set<String> = []) -> JSONValue {
        guard !secure.isEmpty || !secrets.isEmpty else { return value }
        func isSecret(_ v: JSONValue) -> Bool { v.stringValue.map(secrets.contains) ?? false }
        switch value {
        case .object(let o):
            return .object(JSONObject(o.filter { !secure.contains($0.key) && !isSecret($0.value) }.map { ($0.key, scrub($0.value, secure, secrets: secrets)) }))
        case .array(let a): return .array(a.filter { !isSecret($0) }.map { scrub($0, secure, secrets: secrets) })
        default: return isSecret(value) ? .null : value
        }
    }
}
