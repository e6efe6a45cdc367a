import StreamChatAI

extension AIChatClient {
    /// How a chat client reaches its agent.
    public enum Transport: Sendable, Hashable {
        /// The AI SDK UI message stream: every round POSTs the whole
        /// conversation to `url` (Vercel AI SDK, pydantic-ai and the like).
        case uiMessageStream(url: String)
        /// Chatbase's endpoints under `baseURL` for agent `agentID`; the
        /// server keeps the conversation.
        case chatbase(baseURL: String, agentID: String, identityToken: String?)
    }

    /// What a chat client talks to and how.
    public struct Configuration: Sendable, Hashable {
        /// Where the agent is.
        public var transport: Transport
        /// Extra request headers, in order (such as `Authorization`).
        public var headers: [Header]
        /// How long a connection may take to open and a response may stay silent, in milliseconds.
        public var timeoutMs = 60_000
        /// How many rounds of tool calls one send runs before it stops with a limit error.
        public var maxToolLoopSteps = 10
        /// The waits before each retry of a delivery (a tool result, a continuation) that failed.
        public var retryDelaysMs = [300, 600, 1200]
        /// Where the ledger is kept, so a call is run once across restarts; nil keeps it in memory.
        public var ledgerPath: String?
        /// The user the client runs tools for (the ledger's key and the steps' target).
        public var userID: String?
        /// This install (the ledger's key, the steps' target, Chatbase's device id).
        public var clientID: String?
        /// How long a handler may take, in milliseconds; nil: as long as it needs.
        public var toolTimeoutMs: Int? = 300_000
        /// Accept plugins whose files or folders are writable by group or others.
        public var allowWritablePlugins = false

        /// One request header.
        public struct Header: Sendable, Hashable {
            /// The header's name.
            public var name: String
            /// Its value.
            public var value: String
            /// A header.
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// A configuration for `transport`, with the defaults.
        public init(transport: Transport, headers: [Header] = []) {
            self.transport = transport
            self.headers = headers
        }

        /// The settings the C ABI and the command read.
        public static let knownSettings = [
            "transport", "url", "base_url", "agent_id", "identity_token", "headers", "timeout_ms", "max_tool_loop_steps",
            "retry_delays_ms", "ledger_path", "user_id", "client_id", "tool_timeout_ms", "allow_writable_plugins",
        ]

        /// Reads `{"transport": "ui-message-stream" | "chatbase", "url", "base_url",
        /// "agent_id", "identity_token", "headers", "timeout_ms", "max_tool_loop_steps",
        /// "retry_delays_ms", "ledger_path", "user_id", "client_id", "tool_timeout_ms",
        /// "allow_writable_plugins"}`; each wrong value names its path.
        public init(json: JSONValue) throws(StreamChatAIError) {
            let settings = try SettingsReader(json, what: "the chat client config", known: Self.knownSettings)
            let kind = try settings.string("transport") ?? "ui-message-stream"
            switch kind {
            case "ui-message-stream":
                for key in ["base_url", "agent_id", "identity_token"] where settings[key] != nil {
                    throw .invalid(at: settings.path(of: key), "belongs to the \"chatbase\" transport, not \"ui-message-stream\"")
                }
                transport = .uiMessageStream(url: try Self.webURL(settings, "url"))
            case "chatbase":
                if settings["url"] != nil { throw .invalid(at: "$.url", "belongs to the \"ui-message-stream\" transport; the chatbase transport takes \"base_url\"") }
                let base = settings["base_url"] == nil ? "https://www.chatbase.co/api/sdk" : try Self.webURL(settings, "base_url")
                let agent = try settings.requiredString("agent_id")
                guard agent.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }) else {
                    throw .invalid(at: "$.agent_id", "an agent id is printable ASCII without spaces, '/', '?' or '#'")
                }
                transport = .chatbase(baseURL: base.hasSuffix("/") ? String(base.dropLast()) : base, agentID: agent,
                                      identityToken: try settings.string("identity_token", nonEmpty: true))
            default:
                throw .invalid(at: "$.transport", "expected \"ui-message-stream\" or \"chatbase\", found \(JSONSerializer.quoted(kind))")
            }
            headers = []
            if let given = settings["headers"] {
                guard case .object(let o) = given else { throw .invalid(at: "$.headers", "expected an object of header names to strings, found \(given.typeName)") }
                for (name, value) in o {
                    let at = JSONPath.appending(key: name, to: "$.headers")
                    guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                        throw .invalid(at: at, "a header name is printable ASCII without spaces or ':'")
                    }
                    guard case .string(let text) = value, !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
                        throw .invalid(at: at, "a header value is a string on one line")
                    }
                    headers.append(Header(name: name, value: text))
                }
            }
            let whole = 1...Int(Int32.max)
            timeoutMs = try settings.integer("timeout_ms", in: whole) ?? 60_000
            maxToolLoopSteps = try settings.integer("max_tool_loop_steps", in: 1...10_000) ?? 10
            if let delays = settings["retry_delays_ms"] {
                guard case .array(let list) = delays, list.count <= 100 else {
                    throw .invalid(at: "$.retry_delays_ms", "expected an array of at most 100 delays in milliseconds")
                }
                retryDelaysMs = []
                for (i, value) in list.enumerated() {
                    guard case .integer(let ms) = value, ms >= 0, ms <= 600_000 else {
                        throw .invalid(at: "$.retry_delays_ms[\(i)]", "expected a whole number of milliseconds from 0 to 600000, found \(value.typeName)")
                    }
                    retryDelaysMs.append(Int(ms))
                }
            }
            ledgerPath = try settings.string("ledger_path", nonEmpty: true)
            userID = try settings.string("user_id", nonEmpty: true)
            clientID = try settings.string("client_id", nonEmpty: true)
            if ledgerPath != nil, userID == nil || clientID == nil {
                throw .invalid(at: userID == nil ? "$.user_id" : "$.client_id", "a ledger keeps calls per user and install: \"user_id\" and \"client_id\" are required with \"ledger_path\"")
            }
            let toolTimeout = try settings.integer("tool_timeout_ms", in: 0...Int(Int32.max)) ?? 300_000
            toolTimeoutMs = toolTimeout == 0 ? nil : toolTimeout
            allowWritablePlugins = try settings.bool("allow_writable_plugins") ?? false
        }

        private static func webURL(_ settings: SettingsReader, _ key: String) throws(StreamChatAIError) -> String {
            let url = try settings.requiredString(key)
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8,
                  !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
                throw .invalid(at: settings.path(of: key), "expected an http:// or https:// URL without spaces, found \(JSONSerializer.quoted(url))")
            }
            return url
        }
    }
}
