/// The type of a component parameter, as a JSON Schema.
public struct AIUIParameterType: Sendable {
    /// The JSON Schema.
    public let schema: JSONValue

    /// Any JSON Schema.
    public init(schema: JSONValue) { self.schema = schema }

    public static let string = AIUIParameterType(schema: ["type": "string"])
    public static let number = AIUIParameterType(schema: ["type": "number"])
    public static let integer = AIUIParameterType(schema: ["type": "integer"])
    public static let boolean = AIUIParameterType(schema: ["type": "boolean"])
    /// A day, such as `2026-11-14`.
    public static let date = AIUIParameterType(schema: ["type": "string", "format": "date"])
    /// A moment in RFC 3339.
    public static let dateTime = AIUIParameterType(schema: ["type": "string", "format": "date-time"])
    public static let url = AIUIParameterType(schema: ["type": "string", "format": "uri"])
    /// One of the given strings.
    public static func enumeration(_ values: [String]) -> AIUIParameterType {
        AIUIParameterType(schema: ["type": "string", "enum": .array(values.map(JSONValue.string))])
    }
    /// A list of values of one type.
    public static func array(_ item: AIUIParameterType) -> AIUIParameterType {
        AIUIParameterType(schema: ["type": "array", "items": item.schema])
    }
    /// An object with these properties (all of them optional).
    public static func object(_ properties: [String: AIUIParameterType]) -> AIUIParameterType {
        AIUIParameterType(schema: ["type": "object", "properties": .object(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.schema) }))])
    }
}
