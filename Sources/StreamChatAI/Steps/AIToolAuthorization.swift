/// The sign-in a tool call waits for (`authorization`).
public struct AIToolAuthorization: Sendable, Hashable {
    /// The kind of sign-in; `oauth` when not given.
    public let type: String
    /// The provider's id, such as `linear`.
    public let provider: String?
    /// The provider's name for people, such as "Linear".
    public let providerName: String?
    /// The sign-in's title, such as "Connect Linear".
    public let title: String?
    /// More words under the title.
    public let message: String?
    /// The agent's own sign-in page.
    public let url: String?
    /// A one-time token that binds the sign-in to the first browser that opens it.
    public let handoffToken: String?
    /// When the sign-in stops being offered (RFC 3339 text, as sent).
    public let expiresAt: String?
    /// How the sign-in ended, once it has.
    public let status: AIToolAuthorizationStatus?

    init(fields: LenientFields) {
        type = fields.string("type") ?? "oauth"
        provider = fields.string("provider")
        providerName = fields.string("provider_name")
        title = fields.string("title")
        message = fields.string("message")
        url = fields.string("url")
        handoffToken = fields.string("handoff_token")
        expiresAt = fields.string("expires_at")
        status = fields.string("status").map(AIToolAuthorizationStatus.init(rawValue:))
    }

    /// The page to open: ``url`` with the handoff token as its fragment, which
    /// no server sees. Nil unless ``url`` is an `http` or `https` URL with a host.
    public var launchURL: String? {
        url.flatMap { WebURL.withFragment($0, handoffToken) }
    }
}
