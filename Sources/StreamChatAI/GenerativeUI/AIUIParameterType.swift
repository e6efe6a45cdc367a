/// The type of a component parameter, as a JSON Schema.
public struct AIUIParameterType: Sendable {
    /// The JSON Schema.
    public let schema: JSONValue

    /// Any JSON Schema.
    public init(schema: JSONValue) { self.schema = schema }

    /// Text.
    public static let string = AIUIParameterType(schema: ["type": "string"])
    /// Any number.
    public static let number = AIUIParameterType(schema: ["type": "number"])
    /// A whole number.
    public static let integer = AIUIParameterType(schema: ["type": "integer"])
    /// `true` or `false`.
    public static let boolean = AIUIParameterType(schema: ["type": "boolean"])
    /// A day, such as `2026-11-14`.
    public static let date = AIUIParameterType(schema: ["type": "string", "format": "date"])
    /// A moment in RFC 3339.
    public static let dateTime = AIUIParameterType(schema: ["type": "string", "format": "date-time"])
    /// A URL (the host's link and media policies decide what it may open or show).
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
