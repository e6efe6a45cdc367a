/// A value a JSON Schema accepts, made from the schema alone: what a plugin
/// checker calls each tool with. It follows `const`, `enum`, `default`,
/// `examples`, `type` (the first listed), `properties` with `required`,
/// `items` with `minItems`, string `minLength`/`format`, number bounds,
/// and the first branch of `anyOf`/`oneOf`/`allOf`. Check the result with
/// the schema: a schema with constraints beyond these may still refuse it.
public enum JSONSchemaExample {
    /// An instance for `schema`, going at most `depth` levels into objects and arrays.
    public static func value(for schema: JSONValue, depth: Int = 8) -> JSONValue {
        guard case .object(let s) = schema else { return schema == .bool(false) ? .null : .object(JSONObject()) }
        if let constant = s["const"] { return constant }
        if let first = s["enum"]?.arrayValue?.first { return first }
        if let given = s["default"] { return given }
        if let example = s["examples"]?.arrayValue?.first { return example }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let branch = s[key]?.arrayValue?.first, s["type"] == nil, s["properties"] == nil { return value(for: branch, depth: depth) }
        }
        let type: String? = switch s["type"] {
        case .string(let t)?: t
        case .array(let list)?: list.compactMap(\.stringValue).first { $0 != "null" } ?? list.first?.stringValue
        default: s["properties"] != nil ? "object" : s["items"] != nil ? "array" : nil
        }
        switch type {
        case "object"?:
            var members: [(String, JSONValue)] = []
            guard depth > 0 else { return .object(JSONObject()) }
            let properties = s["properties"]?.objectValue ?? JSONObject()
            for name in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                members.append((name, value(for: properties[name] ?? .object(JSONObject()), depth: depth - 1)))
            }
            return .object(JSONObject(members))
        case "array"?:
            let count = min(Int(clamping: s["minItems"].flatMap(integer) ?? 0), 16)
            guard depth > 0, count > 0 else { return .array([]) }
            return .array((0..<count).map { _ in value(for: s["items"] ?? .object(JSONObject()), depth: depth - 1) })
        case "integer"?:
            let low = s["minimum"].flatMap(integer) ?? s["exclusiveMinimum"].flatMap(integer).map { $0 + 1 }
            let high = s["maximum"].flatMap(integer) ?? s["exclusiveMaximum"].flatMap(integer).map { $0 - 1 }
            return .integer(low ?? min(1, high ?? 1))
        case "number"?:
            if let low = s["minimum"].flatMap(number) { return .number(low) }
            if let low = s["exclusiveMinimum"].flatMap(number) { return .number(low + 0.5) }
            if let high = s["maximum"].flatMap(number) { return .number(min(1.5, high)) }
            return .number(1.5)
        case "boolean"?:
            return .bool(true)
        case "null"?:
            return .null
        case "string"?:
            switch s["format"]?.stringValue {
            case "date-time"?: return "2026-01-01T00:00:00Z"
            case "date"?: return "2026-01-01"
            case "time"?: return "12:00:00Z"
            case "email"?: return "someone@example.com"
            case "uri"?, "url"?: return "https://example.com/"
            case "uuid"?: return "00000000-0000-4000-8000-000000000000"
            default:
                let length = min(Int(clamping: s["minLength"].flatMap(integer) ?? 1), 1024)
                return .string(String(repeating: "a", count: max(1, length)))
            }
        default:
            return .object(JSONObject())
        }
    }

    private static func integer(_ value: JSONValue) -> Int64? {
        switch value {
        case .integer(let i): i
        case .number(let d) where d.isFinite && d.magnitude < 9e15: Int64(d.rounded(.up))
        default: nil
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let i): Double(i)
        case .number(let d) where d.isFinite: d
        default: nil
        }
    }
}
