/// One HTTP request of the chat client: a method, a URL, headers and a body.
public struct HTTPRequest: Sendable {
    /// `POST`, `GET`, …
    public var method: String
    /// An `http` or `https` URL.
    public var url: String
    /// Header lines in order, as name and value.
    public var headers: [(name: String, value: String)]
    /// The request body (empty: none).
    public var body: [UInt8]
    /// How long the connection may take to open, and how long the response
    /// may stay silent, in milliseconds: a stream that goes quiet longer fails.
    public var idleTimeoutMs: Int

    /// A request; `headers` keep their order.
    public init(method: String = "POST", url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                idleTimeoutMs: Int = 60_000) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.idleTimeoutMs = idleTimeoutMs
    }

    /// `METHOD url`, for messages.
    public var line: String { "\(method) \(url)" }
}

/// The status and headers of a response.
public struct HTTPResponseHead: Sendable, Hashable {
    /// The HTTP status code (0 before one arrived).
    public var status: Int
    /// Header values by lowercased name (the last of a repeated header).
    public var headers: [String: String]

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// A head.
    public init(status: Int = 0, headers: [String: String] = [:]) {
        self.status = status
        self.headers = headers
    }
}
