// The JSON shape of decoded steps, shared by the C ABI, the CLI and the Python binding.

private func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
private func optional(_ i: Int?) -> JSONValue { i.map { .integer(Int64($0)) } ?? .null }

extension AIMessagePart {
    /// `{"kind", "id", "has_own_id", "v", "supported", "payload", "reasoning", "tool_call"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("kind", .string(kind.rawValue)),
            ("id", .string(id)),
            ("has_own_id", .bool(hasOwnID)),
            ("v", .integer(Int64(version))),
            ("supported", .bool(isSupported)),
            ("payload", .object(payload)),
            ("reasoning", reasoning?.jsonValue ?? .null),
            ("tool_call", toolCall?.jsonValue ?? .null),
        ]))
    }
}

extension AIReasoningPart {
    /// `{"id", "status", "summary", "preview", "duration_ms"}`, absent values as null.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("status", .string(status.rawValue)),
            ("summary", optional(summary)),
            ("preview", optional(preview)),
            ("duration_ms", optional(durationMs)),
        ]))
    }
}

extension AIToolCallPart {
    /// Every tool-call field, absent values as null, plus `is_declined`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("has_own_id", .bool(hasOwnID)),
            ("name", optional(name)),
            ("display_title", optional(displayTitle)),
            ("status", .string(status.rawValue)),
            ("executor", .string(executor.rawValue)),
            ("target_user_id", optional(targetUserID)),
            ("target_client_id", optional(targetClientID)),
            ("arguments", arguments.map(JSONValue.object) ?? .null),
            ("summary", optional(summary)),
            ("duration_ms", optional(durationMs)),
            ("approval", approval?.jsonValue ?? .null),
            ("authorization", authorization?.jsonValue ?? .null),
            ("is_declined", .bool(isDeclined)),
        ]))
    }
}

extension AIToolApproval {
    /// `{"title", "message", "reason", "allow_title", "decline_title", "decision"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("title", .string(title)),
            ("message", optional(message)),
            ("reason", optional(reason)),
            ("allow_title", optional(allowTitle)),
            ("decline_title", optional(declineTitle)),
            ("decision", optional(decision?.rawValue)),
        ]))
    }
}

extension AIToolAuthorization {
    /// Every sign-in field plus the computed `launch_url`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("type", .string(type)),
            ("provider", optional(provider)),
            ("provider_name", optional(providerName)),
            ("title", optional(title)),
            ("message", optional(message)),
            ("url", optional(url)),
            ("handoff_token", optional(handoffToken)),
            ("expires_at", optional(expiresAt)),
            ("status", optional(status?.rawValue)),
            ("launch_url", optional(launchURL)),
        ]))
    }
}
