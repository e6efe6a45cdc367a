/// The checks of a `register-tools` request, as the reference endpoint makes
/// them, for backends that receive a client's tool registrations.
///
/// - `channel_id` must be a non-blank string (`400 Missing or invalid
///   channel_id`); it is trimmed, and one with whitespace or control
///   characters inside, or over 255 bytes, is `400 Invalid channel_id`.
/// - `tools` must be an array (`400 Missing or invalid tools array`).
/// - Each tool needs a `name` and a `description` that are non-blank strings
///   (both trimmed); a tool without them is listed in `invalid_tools` by its
///   `name` as sent, or as `tool_NN` (its index) when it has no string name.
/// - `instructions` are kept trimmed when non-blank; `parameters` only when a
///   plain object; the external-sources flag is read from
///   `showExternalSourcesIndicator` or `show_external_sources_indicator`.
/// - No valid tool in a non-empty array is `400 No valid tools provided` with
///   the invalid ones; otherwise `200` with the message, the channel id, the
///   count, and the invalid tools when there are any.
public struct RegisterToolsCheck: Sendable, Hashable {
    /// The HTTP status the endpoint answers with: 200 or 400.
    public let httpStatus: Int
    /// The JSON body of the answer.
    public let response: JSONObject
    /// The normalized channel id, when the request had a valid one.
    public let channelID: String?
    /// The sanitized tools to register (empty on a 400).
    public let tools: [JSONValue]

    /// Checks a request body.
    public init(request: JSONValue) {
        func answer(_ status: Int, _ body: [(String, JSONValue)], channel: String? = nil, tools: [JSONValue] = []) -> RegisterToolsCheck {
            RegisterToolsCheck(httpStatus: status, response: JSONObject(body), channelID: channel, tools: tools)
        }
        let body = request.objectValue ?? JSONObject()
        guard case .string(let rawChannel)? = body["channel_id"], !rawChannel.trimmingWhitespace().isEmpty else {
            self = answer(400, [("error", "Missing or invalid channel_id")])
            return
        }
        guard case .array(let rawTools)? = body["tools"] else {
            self = answer(400, [("error", "Missing or invalid tools array")])
            return
        }
        guard let channel = Self.normalizedChannelID(rawChannel) else {
            self = answer(400, [("error", "Invalid channel_id")])
            return
        }
        var sanitized: [JSONValue] = []
        var invalid: [JSONValue] = []
        for (index, raw) in rawTools.enumerated() {
            let tool = raw.objectValue ?? JSONObject()
            let name = tool["name"]?.stringValue?.trimmingWhitespace() ?? ""
            let description = tool["description"]?.stringValue?.trimmingWhitespace() ?? ""
            guard !name.isEmpty, !description.isEmpty else {
                let padded = index < 10 ? "0\(index)" : String(index)
                invalid.append(tool["name"]?.stringValue.map(JSONValue.string) ?? .string("tool_\(padded)"))
                continue
            }
            var members: [(String, JSONValue)] = [("name", .string(name)), ("description", .string(description))]
            if let instructions = tool["instructions"]?.stringValue?.trimmingWhitespace(), !instructions.isEmpty {
                members.append(("instructions", .string(instructions)))
            }
            if case .object(let parameters)? = tool["parameters"] { members.append(("parameters", .object(parameters))) }
            if case .bool(let flag)? = tool["showExternalSourcesIndicator"] {
                members.append(("showExternalSourcesIndicator", .bool(flag)))
            } else if case .bool(let flag)? = tool["show_external_sources_indicator"] {
                members.append(("showExternalSourcesIndicator", .bool(flag)))
            }
            sanitized.append(.object(JSONObject(members)))
        }
        if sanitized.isEmpty && !rawTools.isEmpty {
            self = answer(400, [("error", "No valid tools provided"), ("invalid_tools", .array(invalid))], channel: channel)
            return
        }
        var response: [(String, JSONValue)] = [
            ("message", "Client tools registered"), ("channel_id", .string(channel)), ("count", .integer(Int64(sanitized.count))),
        ]
        if !invalid.isEmpty { response.append(("invalid_tools", .array(invalid))) }
        self = answer(200, response, channel: channel, tools: sanitized)
    }

    private init(httpStatus: Int, response: JSONObject, channelID: String?, tools: [JSONValue]) {
        self.httpStatus = httpStatus
        self.response = response
        self.channelID = channelID
        self.tools = tools
    }

    /// The trimmed id, or nil when it holds whitespace or control characters or is over 255 bytes.
    static func normalizedChannelID(_ raw: String) -> String? {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 255,
              !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return trimmed
    }

    /// `{"status", "response", "channel_id", "tools"}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("status", .integer(Int64(httpStatus))), ("response", .object(response)),
            ("channel_id", channelID.map(JSONValue.string) ?? .null), ("tools", .array(tools)),
        ]))
    }
}
