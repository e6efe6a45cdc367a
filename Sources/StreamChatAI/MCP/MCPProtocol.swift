/// The Model Context Protocol versions this library speaks, and what tells
/// the two eras apart on the wire.
///
/// - The modern era (2026-07-28) has no handshake: every request carries the
///   protocol version and the client's capabilities in `params._meta`.
/// - The handshake era (2024-11-05 to 2025-11-25) starts a connection with
///   `initialize` and `notifications/initialized`.
///
/// One stdio connection speaks one era, decided by its first request.
public enum MCPProtocol {
    /// The modern version.
    public static let modernVersion = "2026-07-28"
    /// The handshake versions, newest first.
    public static let handshakeVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Every version, newest first.
    public static var versions: [String] { [modernVersion] + handshakeVersions }

    /// The `_meta` key naming the protocol version of a modern request.
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    /// The `_meta` key holding the client's capabilities.
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    /// The `_meta` key holding the client's name and version.
    static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    /// The `_meta` key of a modern result naming the server.
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    /// JSON-RPC error codes used here.
    enum ErrorCode {
        static let parse: Int64 = -32700
        static let invalidRequest: Int64 = -32600
        static let methodNotFound: Int64 = -32601
        static let invalidParams: Int64 = -32602
        static let internalError: Int64 = -32603
        static let unsupportedVersion: Int64 = -32022
    }

    /// This library as an MCP peer: `{"name": "streamchatai", "version"}`.
    static var implementation: JSONValue {
        .object(JSONObject([("name", "streamchatai"), ("version", .string(StreamChatAIVersion.string))]))
    }
}

/// Which era one connection speaks, and the version agreed on.
public enum MCPEra: Sendable, Hashable {
    /// 2026-07-28: the `_meta` envelope on every request.
    case modern
    /// The `initialize` handshake, with the version the server agreed to.
    case handshake(version: String)

    /// The protocol version.
    public var version: String {
        switch self {
        case .modern: return MCPProtocol.modernVersion
        case .handshake(let version): return version
        }
    }
}
