/// A view of the app that the agent can place in a reply's UI, described once
/// as JSON and shared by every platform and by the agent's backend:
///
/// ```json
/// {"name": "place_card", "description": "A photo and a short summary of a place.",
///  "parameters": {"type": "object", "properties": {"title": {"type": "string"},
///                 "visit_date": {"type": "string", "format": "date"}},
///                 "required": ["title"], "x-order": ["title", "visit_date"]},
///  "events": [{"name": "ask_about", "description": "The user asks about the place."}]}
/// ```
public struct AIUIComponentDefinition: Sendable, Hashable {
    /// One event the component reports.
    public struct Event: Sendable, Hashable {
        /// The event's name (snake_case), as a front end raises it on the component's node.
        public var name: String
        /// What the event means, for the model.
        public var description: String?
        /// An event called `name`, described for the model by `description`.
        public init(name: String, description: String? = nil) {
            self.name = name
            self.description = description
        }
    }

    /// The component's name (snake_case), the same in every format.
    public let name: String
    /// What it shows, for the model.
    public let description: String?
    /// The JSON Schema object of its arguments, with `x-order` for their order.
    public let parameters: JSONObject
    /// The events it reports.
    public let events: [Event]
    let validator: JSONSchema

    /// Reads a definition; refuses one without a name or with parameters that are not an object schema.
    public init(json: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = json else { throw .invalid(at: "$", "a component must be an object, found \(json.typeName)") }
        guard case .string(let name)? = o["name"], Self.isName(name) else {
            throw .invalid(at: "$.name", "a component needs a name of letters, digits and _ (snake_case)")
        }
        let parameters: JSONObject
        switch o["parameters"] {
        case nil, .null?: parameters = ["type": "object", "properties": [:]]
        case .object(let p)? where p["type"] == "object": parameters = p
        default: throw .invalid(at: "$.parameters", "the parameters of \"\(name)\" must be a JSON Schema object with \"type\": \"object\"")
        }
        do {
            validator = try JSONSchema(.object(parameters))
        } catch {
            throw .invalid(at: "$.parameters", "\(name): \(error)")
        }
        var events: [Event] = []
        for (i, e) in (o["events"]?.arrayValue ?? []).enumerated() {
            guard case .string(let eventName)? = e["name"], Self.isName(eventName) else {
                throw .invalid(at: "$.events[\(i)].name", "an event needs a name of letters, digits and _")
            }
            events.append(Event(name: eventName, description: e["description"]?.stringValue))
        }
        self.name = name
        description = o["description"]?.stringValue
        self.parameters = parameters
        self.events = events
    }

    /// A definition from parameters written in Swift.
    public init(name: String, description: String?, parameters: [AIUIParameter], events: [Event] = []) throws(StreamChatAIError) {
        var properties: [(String, JSONValue)] = []
        for p in parameters {
            var schema = p.type.schema
            if let d = p.description, case .object(var s) = schema {
                s["description"] = .string(d)
                schema = .object(s)
            }
            properties.append((p.name, schema))
        }
        let json: JSONValue = [
            "name": .string(name), "description": description.map(JSONValue.string) ?? .null,
            "parameters": [
                "type": "object", "properties": .object(JSONObject(properties)),
                "required": .array(parameters.filter(\.isRequired).map { .string($0.name) }),
                "x-order": .array(parameters.map { .string($0.name) }),
            ],
            "events": .array(events.map { ["name": .string($0.name), "description": $0.description.map(JSONValue.string) ?? .null] }),
        ]
        try self.init(json: json)
    }

    static func isName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// The parameters in order: `x-order`, then any others in the order written.
    public var parameterOrder: [String] {
        let listed = parameters["x-order"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let all = parameters["properties"]?.objectValue?.keys ?? []
        return listed.filter { all.contains($0) } + all.filter { !listed.contains($0) }
    }

    /// The name OpenUI-style formats use: `place_card` → `PlaceCard`.
    public var pascalCaseName: String {
        name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The arguments' problems (empty when they fit the parameters).
    public func problems(with arguments: JSONValue) -> [JSONSchemaViolation] { validator.validate(arguments) }

    /// The definition as JSON, in the shape it is read from.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("name", .string(name)), ("description", description.map(JSONValue.string) ?? .null),
            ("parameters", .object(parameters)),
            ("events", .array(events.map { e in
                .object(JSONObject([("name", .string(e.name)), ("description", e.description.map(JSONValue.string) ?? .null)]))
            })),
        ]))
    }

    public static func == (a: Self, b: Self) -> Bool { a.jsonValue == b.jsonValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(jsonValue) }
}

extension AIUIComponentDefinition {
    /// Decodes arguments that fit the parameters into your type, with
    /// snake_case keys (`visit_date` → `visitDate`); use ``AIUIDate`` for
    /// dates. Throws while they don't fit yet.
    public func decodeArguments<T: Decodable>(_ arguments: JSONValue, as type: T.Type) throws -> T {
        let problems = problems(with: arguments)
        if let first = problems.first {
            throw StreamChatAIError(.invalidArgument, "arguments of \(name) don't fit its parameters: \(first)")
        }
        return try JSONValueDecoder(keyStrategy: .convertFromSnakeCase).decode(type, from: arguments)
    }
}
