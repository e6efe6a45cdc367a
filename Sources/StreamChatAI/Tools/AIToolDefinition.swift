/// A tool's description, in the JSON of a Model Context Protocol (MCP) `Tool`
/// plus this library's `instructions` and `showExternalSourcesIndicator`.
///
/// The definition keeps the JSON it was read from, so an MCP tool converts
/// without loss (`icons`, `_meta`, `execution` and anything newer stay as they
/// were) and ``jsonValue`` writes it back.
///
/// ```swift
/// let definition = try AIToolDefinition(json: [
///     "name": "openScreen", "description": "Open a screen of the app",
///     "inputSchema": ["type": "object", "properties": ["screen": ["enum": ["settings", "profile"]]]],
///     "annotations": ["readOnlyHint": false],
/// ])
/// ```
public struct AIToolDefinition: Sendable, Hashable {
    /// The definition as JSON, as it was read.
    public let jsonValue: JSONValue
    /// The tool's unique name.
    public let name: String
    /// A title for people (`title`, else `annotations.title`).
    public let title: String?
    /// What the tool does, for the model.
    public let description: String?
    /// When the model should use the tool.
    public let instructions: String?
    /// Whether the app shows that the tool reaches outside the conversation.
    public let showExternalSourcesIndicator: Bool
    /// The JSON Schema of the arguments (its root has `"type": "object"`).
    public let inputSchema: JSONObject
    /// The JSON Schema of the output, when the tool declares one.
    public let outputSchema: JSONObject?
    /// The MCP hints.
    public let annotations: AIToolAnnotations
    let validator: JSONSchema

    /// Reads a definition.
    /// - Throws: ``StreamChatAIError`` (invalid argument) when it has no name,
    ///   its `inputSchema` is not an object schema, or a field has the wrong type.
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = json else {
            throw .invalid(at: "$", "a tool definition must be an object, found \(json.typeName)")
        }
        guard case .string(let name)? = o["name"], !name.isEmpty else {
            throw .invalid(at: "$.name", "a tool definition needs a non-empty string name")
        }
        guard case .object(let schema)? = o["inputSchema"] else {
            throw .invalid(at: "$.inputSchema", "tool \"\(name)\" needs an inputSchema object")
        }
        guard schema["type"] == .string("object") else {
            throw .invalid(at: "$.inputSchema.type", "the inputSchema of tool \"\(name)\" must have \"type\": \"object\"")
        }
        do {
            validator = try JSONSchema(.object(schema))
        } catch {
            throw .invalid(at: "$.inputSchema", "tool \"\(name)\": \(error)")
        }
        func string(_ key: String) throws(StreamChatAIError) -> String? {
            switch o[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s.isEmpty ? nil : s
            case let other?: throw .invalid(at: "$.\(key)", "expected a string, found \(other.typeName)")
            }
        }
        jsonValue = json
        self.name = name
        description = try string("description")
        instructions = try string("instructions")
        inputSchema = schema
        switch o["outputSchema"] {
        case nil, .null?: outputSchema = nil
        case .object(let out)? where out["type"] == .string("object"): outputSchema = out
        case .some:
            throw .invalid(at: "$.outputSchema", "the outputSchema of tool \"\(name)\" must be an object schema")
        }
        switch o["showExternalSourcesIndicator"] ?? o["show_external_sources_indicator"] {
        case nil, .null?: showExternalSourcesIndicator = false
        case .bool(let b)?: showExternalSourcesIndicator = b
        case let other?: throw .invalid(at: "$.showExternalSourcesIndicator", "expected a boolean, found \(other.typeName)")
        }
        annotations = try AIToolAnnotations(json: o["annotations"])
        title = try string("title") ?? annotations.title
    }

    /// Reads a definition from JSON text.
    public init(jsonText: String) throws(StreamChatAIError) {
        do {
            try self.init(json: try JSONParser.parse(jsonText))
        } catch let error as JSONError {
            throw StreamChatAIError(error, what: "tool definition")
        } catch {
            throw error as! StreamChatAIError
        }
    }

    /// Whether the tool only reads and changes nothing (`annotations.readOnlyHint`).
    public var isReadOnly: Bool { annotations.readOnlyHint }

    /// The problems of `arguments` against ``inputSchema``, empty when they are valid.
    public func validate(arguments: JSONValue) -> [JSONSchemaViolation] {
        validator.validate(arguments)
    }

    /// What the backend registers for this tool: `name`, `description` (the
    /// instructions when there is none), `instructions`, `parameters`,
    /// `showExternalSourcesIndicator`.
    public var registration: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("description", .string(description ?? instructions ?? "")),
        ]
        if let instructions { members.append(("instructions", .string(instructions))) }
        members.append(("parameters", .object(inputSchema)))
        members.append(("showExternalSourcesIndicator", .bool(showExternalSourcesIndicator)))
        return .object(JSONObject(members))
    }

    public static func == (a: AIToolDefinition, b: AIToolDefinition) -> Bool { a.jsonValue == b.jsonValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(jsonValue) }
}
