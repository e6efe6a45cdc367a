/// A JSON Schema (2020-12) that validates values, for tool arguments.
///
/// Supported: `type` (one or a list), `properties`, `required`,
/// `additionalProperties`, `patternProperties`, `items`, `prefixItems`,
/// `minItems`/`maxItems`, `uniqueItems`, `enum`, `const`,
/// `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum`, `multipleOf`,
/// `minLength`/`maxLength` (in Unicode code points), `pattern`,
/// `minProperties`/`maxProperties`, `format` `date`, `date-time`, `email` and
/// `uri`, `anyOf`/`oneOf`/`allOf`/`not`, `if`/`then`/`else`, boolean
/// schemas, and local `$ref` (`#`, `#/$defs/…`, any JSON pointer into the
/// same document). Annotations (`title`, `description`, `default`, ...) are
/// ignored. Unknown `format`s pass, as the specification asks.
///
/// ```swift
/// let schema = try JSONSchema(try JSONValue(parsing: #"{"type": "object", "required": ["city"]}"#))
/// schema.validate(["town": "Oslo"])   // [$: missing required property "city" (required)]
/// ```
public struct JSONSchema: Sendable {
    /// The schema document.
    public let document: JSONValue
    private let patterns: [String: SchemaPattern]

    /// Prepares `document` for validation.
    /// - Throws: a ``JSONSchemaError`` when a keyword has a value of the wrong
    ///   type, a `pattern` does not compile, or a `$ref` points nowhere.
    public init(_ document: JSONValue) throws(JSONSchemaError) {
        self.document = document
        var compiled: [String: SchemaPattern] = [:]
        try Self.check(document, root: document, at: "#", depth: 0, patterns: &compiled)
        patterns = compiled
    }

    /// The problems of `value`, empty when it is valid.
    public func validate(_ value: JSONValue) -> [JSONSchemaViolation] {
        var violations: [JSONSchemaViolation] = []
        validate(value, against: document, at: "$", into: &violations, depth: 0)
        return violations
    }

    /// Whether `value` is valid.
    public func isValid(_ value: JSONValue) -> Bool { validate(value).isEmpty }

    // MARK: - Checking the schema itself

    private static func check(_ schema: JSONValue, root: JSONValue, at path: String, depth: Int,
                              patterns: inout [String: SchemaPattern]) throws(JSONSchemaError) {
        guard depth < 128 else { throw JSONSchemaError(path: path, message: "schema nested too deeply") }
        switch schema {
        case .bool: return
        case .object(let s):
            for (key, value) in s {
                let here = path + "/" + key
                switch key {
                case "properties", "patternProperties", "$defs", "definitions":
                    guard case .object(let members) = value else { throw JSONSchemaError(path: here, message: "must be an object") }
                    for (name, sub) in members {
                        if key == "patternProperties" { try compile(name, at: here + "/" + name, into: &patterns) }
                        try check(sub, root: root, at: here + "/" + name, depth: depth + 1, patterns: &patterns)
                    }
                case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames":
                    try check(value, root: root, at: here, depth: depth + 1, patterns: &patterns)
                case "allOf", "anyOf", "oneOf", "prefixItems":
                    guard case .array(let list) = value, !list.isEmpty || key == "prefixItems" else {
                        throw JSONSchemaError(path: here, message: "must be a non-empty array of schemas")
                    }
                    for (i, sub) in list.enumerated() { try check(sub, root: root, at: here + "/\(i)", depth: depth + 1, patterns: &patterns) }
                case "required":
                    guard case .array(let list) = value, list.allSatisfy({ $0.stringValue != nil }) else {
                        throw JSONSchemaError(path: here, message: "must be an array of strings")
                    }
                case "enum":
                    guard case .array = value else { throw JSONSchemaError(path: here, message: "must be an array") }
                case "type":
                    let names: [JSONValue] = value.arrayValue ?? [value]
                    for name in names {
                        guard let n = name.stringValue, Self.typeNames.contains(n) else {
                            throw JSONSchemaError(path: here, message: "unknown type \(name); use \(Self.typeNames.sorted().joined(separator: ", "))")
                        }
                    }
                case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
                    guard value.doubleValue != nil else { throw JSONSchemaError(path: here, message: "must be a number") }
                    if key == "multipleOf", (value.doubleValue ?? 0) <= 0 {
                        throw JSONSchemaError(path: here, message: "must be greater than 0")
                    }
                case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
                    guard case .integer(let n) = value, n >= 0 else {
                        throw JSONSchemaError(path: here, message: "must be a non-negative integer")
                    }
                case "pattern":
                    guard let p = value.stringValue else { throw JSONSchemaError(path: here, message: "must be a string") }
                    try compile(p, at: here, into: &patterns)
                case "$ref":
                    guard let ref = value.stringValue else { throw JSONSchemaError(path: here, message: "must be a string") }
                    guard resolve(ref, in: root) != nil else {
                        throw JSONSchemaError(path: here, message: "\(ref) does not point into this schema (only local references are supported)")
                    }
                default:
                    continue
                }
            }
        default:
            throw JSONSchemaError(path: path, message: "a schema must be an object or a boolean, found \(schema.typeName)")
        }
    }

    static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    private static func compile(_ pattern: String, at path: String, into patterns: inout [String: SchemaPattern]) throws(JSONSchemaError) {
        guard patterns[pattern] == nil else { return }
        do {
            patterns[pattern] = try SchemaPattern(pattern)
        } catch {
            throw JSONSchemaError(path: path, message: "pattern \(JSONSerializer.quoted(pattern)) is not a valid regular expression: \(error.message)")
        }
    }

    /// The schema a local reference (`#`, `#/a/b`) points to.
    func resolve(_ ref: String) -> JSONValue? { Self.resolve(ref, in: document) }

    static func resolve(_ ref: String, in document: JSONValue) -> JSONValue? {
        guard ref.hasPrefix("#") else { return nil }
        var node = document
        let pointer = ref.dropFirst()
        guard !pointer.isEmpty else { return node }
        guard pointer.hasPrefix("/") else { return nil }
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = String(raw).replacing("~1", with: "/").replacing("~0", with: "~")
                .removingPercentEncoding()
            switch node {
            case .object(let o):
                guard let next = o[token] else { return nil }
                node = next
            case .array(let a):
                guard let i = Int(token), i >= 0, i < a.count else { return nil }
                node = a[i]
            default:
                return nil
            }
        }
        return node
    }

    // MARK: - Validating values

    private func fail(_ into: inout [JSONSchemaViolation], _ path: String, _ keyword: String, _ message: String) {
        into.append(JSONSchemaViolation(path: path, keyword: keyword, message: message))
    }

    private func validate(_ value: JSONValue, against schema: JSONValue, at path: String,
                          into v: inout [JSONSchemaViolation], depth: Int) {
        guard depth < 256 else {
            fail(&v, path, "$ref", "schema references nest too deeply (a reference cycle?)")
            return
        }
        switch schema {
        case .bool(true): return
        case .bool(false):
            fail(&v, path, "false", "no value is allowed here")
            return
        case .object(let s):
            validate(value, against: s, at: path, into: &v, depth: depth)
        default:
            return
        }
    }

    private func validate(_ value: JSONValue, against s: JSONObject, at path: String,
                          into v: inout [JSONSchemaViolation], depth: Int) {
        if let ref = s["$ref"]?.stringValue, let target = resolve(ref) {
            validate(value, against: target, at: path, into: &v, depth: depth + 1)
        }
        if let type = s["type"] {
            let names = (type.arrayValue ?? [type]).compactMap(\.stringValue)
            if !names.contains(where: { Self.matches(value, type: $0) }) {
                fail(&v, path, "type", "expected \(names.joined(separator: " or ")), found \(value.typeName)")
                return
            }
        }
        if let options = s["enum"]?.arrayValue, !options.contains(where: { Self.equal($0, value) }) {
            fail(&v, path, "enum", "\(Self.shown(value)) is not one of \(Self.shown(.array(options)))")
        }
        if let constant = s["const"], !Self.equal(constant, value) {
            fail(&v, path, "const", "must be \(Self.shown(constant))")
        }
        switch value {
        case .integer, .number: validateNumber(value.doubleValue!, s, path, &v)
        case .string(let string): validateString(string, s, path, &v)
        case .array(let items): validateArray(items, s, path, &v, depth)
        case .object(let object): validateObject(object, s, path, &v, depth)
        default: break
        }
        validateCombinators(value, s, path, &v, depth)
    }

    private func validateCombinators(_ value: JSONValue, _ s: JSONObject, _ path: String,
                                     _ v: inout [JSONSchemaViolation], _ depth: Int) {
        if let all = s["allOf"]?.arrayValue {
            for sub in all { validate(value, against: sub, at: path, into: &v, depth: depth + 1) }
        }
        if let any = s["anyOf"]?.arrayValue {
            let results = any.map { sub in subViolations(value, sub, path, depth) }
            if !results.contains(where: \.isEmpty) {
                let first = results.first?.first.map { ": \($0.message)" } ?? ""
                fail(&v, path, "anyOf", "matches none of the \(any.count) allowed schemas\(first)")
            }
        }
        if let one = s["oneOf"]?.arrayValue {
            let matching = one.filter { subViolations(value, $0, path, depth).isEmpty }.count
            if matching != 1 {
                fail(&v, path, "oneOf", "must match exactly one of \(one.count) schemas, matches \(matching)")
            }
        }
        if let not = s["not"], subViolations(value, not, path, depth).isEmpty {
            fail(&v, path, "not", "must not match the schema in \"not\"")
        }
        if let condition = s["if"] {
            if subViolations(value, condition, path, depth).isEmpty {
                if let then = s["then"] { validate(value, against: then, at: path, into: &v, depth: depth + 1) }
            } else if let otherwise = s["else"] {
                validate(value, against: otherwise, at: path, into: &v, depth: depth + 1)
            }
        }
    }

    private func subViolations(_ value: JSONValue, _ schema: JSONValue, _ path: String, _ depth: Int) -> [JSONSchemaViolation] {
        var sub: [JSONSchemaViolation] = []
        validate(value, against: schema, at: path, into: &sub, depth: depth + 1)
        return sub
    }

    private func validateNumber(_ x: Double, _ s: JSONObject, _ path: String, _ v: inout [JSONSchemaViolation]) {
        if let m = s["minimum"]?.doubleValue, x < m { fail(&v, path, "minimum", "\(Self.number(x)) is less than the minimum \(Self.number(m))") }
        if let m = s["maximum"]?.doubleValue, x > m { fail(&v, path, "maximum", "\(Self.number(x)) is more than the maximum \(Self.number(m))") }
        if let m = s["exclusiveMinimum"]?.doubleValue, x <= m { fail(&v, path, "exclusiveMinimum", "\(Self.number(x)) must be more than \(Self.number(m))") }
        if let m = s["exclusiveMaximum"]?.doubleValue, x >= m { fail(&v, path, "exclusiveMaximum", "\(Self.number(x)) must be less than \(Self.number(m))") }
        if let m = s["multipleOf"]?.doubleValue, m > 0 {
            let q = x / m
            if !q.isFinite || abs(q - q.rounded()) > 1e-9 * max(1, abs(q)) {
                fail(&v, path, "multipleOf", "\(Self.number(x)) is not a multiple of \(Self.number(m))")
            }
        }
    }

    private func validateString(_ string: String, _ s: JSONObject, _ path: String, _ v: inout [JSONSchemaViolation]) {
        let length = string.unicodeScalars.count
        if case .integer(let m)? = s["minLength"], length < m { fail(&v, path, "minLength", "is \(length) characters, fewer than \(m)") }
        if case .integer(let m)? = s["maxLength"], length > m { fail(&v, path, "maxLength", "is \(length) characters, more than \(m)") }
        if let p = s["pattern"]?.stringValue, let pattern = patterns[p] {
            switch pattern.search(string) {
            case true?: break
            case false?: fail(&v, path, "pattern", "\(Self.shown(.string(string))) does not match the pattern \(JSONSerializer.quoted(p))")
            case nil: fail(&v, path, "pattern", "the pattern \(JSONSerializer.quoted(p)) takes too long to check against this value")
            }
        }
        if let format = s["format"]?.stringValue, let ok = StringFormats.check(string, format: format), !ok {
            fail(&v, path, "format", "\(Self.shown(.string(string))) is not a valid \(format)")
        }
    }

    private func validateArray(_ items: [JSONValue], _ s: JSONObject, _ path: String,
                               _ v: inout [JSONSchemaViolation], _ depth: Int) {
        if case .integer(let m)? = s["minItems"], items.count < m { fail(&v, path, "minItems", "has \(items.count) items, fewer than \(m)") }
        if case .integer(let m)? = s["maxItems"], items.count > m { fail(&v, path, "maxItems", "has \(items.count) items, more than \(m)") }
        if s["uniqueItems"] == .bool(true) {
            outer: for i in items.indices {
                for j in items.indices where j > i && Self.equal(items[i], items[j]) {
                    fail(&v, JSONPath.appending(index: j, to: path), "uniqueItems", "repeats item \(i)")
                    break outer
                }
            }
        }
        let prefix = s["prefixItems"]?.arrayValue ?? []
        for (i, item) in items.enumerated() {
            let itemPath = JSONPath.appending(index: i, to: path)
            if i < prefix.count {
                validate(item, against: prefix[i], at: itemPath, into: &v, depth: depth + 1)
            } else if let schema = s["items"] {
                validate(item, against: schema, at: itemPath, into: &v, depth: depth + 1)
            }
        }
        if let contains = s["contains"], !items.contains(where: { subViolations($0, contains, path, depth).isEmpty }) {
            fail(&v, path, "contains", "has no item that matches \"contains\"")
        }
    }

    private func validateObject(_ object: JSONObject, _ s: JSONObject, _ path: String,
                                _ v: inout [JSONSchemaViolation], _ depth: Int) {
        if let required = s["required"]?.arrayValue {
            for name in required.compactMap(\.stringValue) where object[name] == nil {
                fail(&v, path, "required", "missing required property \(JSONSerializer.quoted(name))")
            }
        }
        if case .integer(let m)? = s["minProperties"], object.count < m { fail(&v, path, "minProperties", "has \(object.count) properties, fewer than \(m)") }
        if case .integer(let m)? = s["maxProperties"], object.count > m { fail(&v, path, "maxProperties", "has \(object.count) properties, more than \(m)") }
        let properties = s["properties"]?.objectValue ?? JSONObject()
        let patternProperties = s["patternProperties"]?.objectValue ?? JSONObject()
        for (key, value) in object {
            let memberPath = JSONPath.appending(key: key, to: path)
            var matched = false
            if let schema = properties[key] {
                matched = true
                validate(value, against: schema, at: memberPath, into: &v, depth: depth + 1)
            }
            for (pattern, schema) in patternProperties {
                if patterns[pattern]?.search(key) == true {
                    matched = true
                    validate(value, against: schema, at: memberPath, into: &v, depth: depth + 1)
                }
            }
            if let names = s["propertyNames"] {
                validate(.string(key), against: names, at: memberPath, into: &v, depth: depth + 1)
            }
            if !matched, let additional = s["additionalProperties"] {
                if additional == .bool(false) {
                    fail(&v, memberPath, "additionalProperties", "property \(JSONSerializer.quoted(key)) is not allowed")
                } else {
                    validate(value, against: additional, at: memberPath, into: &v, depth: depth + 1)
                }
            }
        }
    }

    // MARK: - Helpers

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
             ("number", .integer), ("number", .number), ("integer", .integer):
            return true
        case ("integer", .number(let d)):
            return d.isFinite && d == d.rounded()
        default:
            return false
        }
    }

    /// JSON equality, where 1 and 1.0 are the same number.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.integer, .number), (.number, .integer): return a.doubleValue == b.doubleValue
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { k, v in y[k].map { equal(v, $0) } ?? false }
        default: return a == b
        }
    }

    static func shown(_ value: JSONValue) -> String {
        let text = JSONSerializer.string(value)
        return text.utf8.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}

/// One way a value breaks a schema: where, which keyword, and why.
public struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value, such as `$.days`.
    public let path: String
    /// The schema keyword that failed, such as `maximum`.
    public let keyword: String
    /// What is wrong, in words.
    public let message: String

    public var description: String { "\(path): \(message) (\(keyword))" }
}

/// A schema that can't be used: where in the schema, and why.
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer into the schema, such as `#/properties/city/pattern`.
    public let path: String
    /// What is wrong.
    public let message: String

    public var description: String { "schema \(path): \(message)" }
}

extension String {
    /// `%XX` sequences decoded (for JSON pointers in URI fragments); invalid ones kept as written.
    func removingPercentEncoding() -> String {
        guard contains("%") else { return self }
        var out: [UInt8] = []
        var bytes = Array(utf8)[...]
        while let b = bytes.popFirst() {
            if b == 0x25, bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(v)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
