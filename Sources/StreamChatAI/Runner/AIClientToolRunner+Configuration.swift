extension AIClientToolRunner {
    /// Who the runner runs for, and how.
    public struct Configuration: Sendable, Hashable {
        /// The signed-in user.
        public var userID: String
        /// This install (see ``AIClientIdentity``).
        public var clientID: String
        /// How many times a result is offered to `send` in all (at least 1).
        public var maxAttempts: Int
        /// Where the ledger is kept, for exactly-once across restarts; nil keeps it in memory.
        public var ledgerPath: String?
        /// How long a tool may take before its call fails, in milliseconds.
        public var toolTimeoutMs: Int
        /// Accept plugins whose files or folders are writable by group or others.
        public var allowWritablePlugins = false
        /// How long calls whose delivery ended are remembered, in memory and in the ledger.
        public var retention = LedgerRetention.standard

        /// A configuration; `maxAttempts` 3 and a 60 s tool timeout by default.
        public init(userID: String, clientID: String, maxAttempts: Int = 3, ledgerPath: String? = nil,
                    toolTimeoutMs: Int = 60_000) {
            self.userID = userID
            self.clientID = clientID
            self.maxAttempts = maxAttempts
            self.ledgerPath = ledgerPath
            self.toolTimeoutMs = toolTimeoutMs
        }

        /// Reads `{"user_id", "client_id", "max_attempts", "ledger_path", "ledger_retention_calls",
        /// "ledger_retention_days", "tool_timeout_ms", "allow_writable_plugins"}`.
        public init(json: JSONValue) throws(StreamChatAIError) {
            let settings = try SettingsReader(json, what: "the runner config", known: [
                "user_id", "client_id", "max_attempts", "ledger_path", "ledger_retention_calls", "ledger_retention_days",
                "tool_timeout_ms", "allow_writable_plugins",
            ])
            let whole = 1...Int(Int32.max)
            self.init(userID: try settings.requiredString("user_id"), clientID: try settings.requiredString("client_id"),
                      maxAttempts: try settings.integer("max_attempts", in: whole) ?? 3,
                      ledgerPath: try settings.string("ledger_path", nonEmpty: true),
                      toolTimeoutMs: try settings.integer("tool_timeout_ms", in: whole) ?? 60_000)
            allowWritablePlugins = try settings.bool("allow_writable_plugins") ?? false
            retention = LedgerRetention(
                deliveredCalls: try settings.integer("ledger_retention_calls", in: whole) ?? LedgerRetention.standard.deliveredCalls,
                days: try settings.integer("ledger_retention_days", in: 1...36_500) ?? LedgerRetention.standard.days)
        }
    }
}
