import Synchronization

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
    /// Every `$ref` of the document, resolved once.
    private let references: [String: JSONValue]
    /// The document compiled into nodes (node 0 is the root), on first use:
    /// many schemas (every tool a plugin folder lists) are read but never used.
    private let compiled: CompiledNodes

    /// Prepares `document` for validation.
    /// - Throws: a ``JSONSchemaError`` when a keyword has a value of the wrong
    ///   type, a `pattern` does not compile, or a `$ref` points nowhere.
    public init(_ document: JSONValue) throws(JSONSchemaError) {
        self.document = document
        var compiledPatterns: [String: SchemaPattern] = [:]
        var resolved: [String: JSONValue] = [:]
        var trail: [String] = []
        try Self.check(document, root: document, at: &trail, depth: 0, patterns: &compiledPatterns, references: &resolved)
        patterns = compiledPatterns
        references = resolved
        compiled = CompiledNodes(document: document, references: resolved)
    }

    /// The problems of `value`, empty when it is valid.
    public func validate(_ value: JSONValue) -> [JSONSchemaViolation] {
        var violations: [JSONSchemaViolation] = []
        var path = PathTrail()
        let nodes = compiled.nodes
        validate(value, node: 0, in: nodes, at: &path, into: &violations, depth: 0)
        return violations
    }

    /// Whether `value` is valid.
    public func isValid(_ value: JSONValue) -> Bool { validate(value).isEmpty }

    // MARK: - Checking the schema itself

    /// A JSON pointer (`#/properties/a`) from its components; built only for an error.
    private static func pointer(_ trail: [String]) -> String { (["#"] + trail).joined(separator: "/") }

    private static func check(_ schema: JSONValue, root: JSONValue, at trail: inout [String], depth: Int,
                              patterns: inout [String: SchemaPattern], references: inout [String: JSONValue]) throws(JSONSchemaError) {
        guard depth < 128 else { throw JSONSchemaError(path: pointer(trail), message: "schema nested too deeply") }
        guard StackGuard.hasRoom() else { throw JSONSchemaError(path: pointer(trail), message: "schema \(StackGuard.refusal)") }
        switch schema {
        case .bool: return
        case .object(let s):
            for (key, value) in s {
                trail.append(key)
                defer { trail.removeLast() }
                var here: String { pointer(trail) }
                switch key {
                case "properties", "patternProperties", "$defs", "definitions":
                    guard case .object(let members) = value else { throw JSONSchemaError(path: here, message: "must be an object") }
                    for (name, sub) in members {
                        trail.append(name)
                        defer { trail.removeLast() }
                        if key == "patternProperties" { try compile(name, at: pointer(trail), into: &patterns) }
                        try check(sub, root: root, at: &trail, depth: depth + 1, patterns: &patterns, references: &references)
                    }
                case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames":
                    try check(value, root: root, at: &trail, depth: depth + 1, patterns: &patterns, references: &references)
                case "allOf", "anyOf", "oneOf", "prefixItems":
                    guard case .array(let list) = value, !list.isEmpty || key == "prefixItems" else {
                        throw JSONSchemaError(path: here, message: "must be a non-empty array of schemas")
                    }
                    for (i, sub) in list.enumerated() {
                        trail.append(String(i))
                        defer { trail.removeLast() }
                        try check(sub, root: root, at: &trail, depth: depth + 1, patterns: &patterns, references: &references)
                    }
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
                    guard let target = resolve(ref, in: root) else {
                        throw JSONSchemaError(path: here, message: "\(ref) does not point into this schema (only local references are supported)")
                    }
                    references[ref] = target
                default:
                    continue
                }
            }
        default:
            throw JSONSchemaError(path: pointer(trail), message: "a schema must be an object or a boolean, found \(schema.typeName)")
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
    func resolve(_ ref: String) -> JSONValue? { references[ref] ?? Self.resolve(ref, in: document) }

    static func resolve(_ ref: String, in document: JSONValue) -> JSONValue? {
        // A URI fragment: percent-decoded first, then read as a JSON pointer (RFC 6901 §6).
        guard ref.hasPrefix("#"), let pointer = try? JSONPointer(ref.dropFirst().removingPercentEncoding()) else { return nil }
        return document.value(at: pointer)
    }

    // MARK: - Validating values

    private func fail(_ into: inout [JSONSchemaViolation], _ path: PathTrail, _ keyword: String, _ message: String) {
        into.append(JSONSchemaViolation(path: path.rendered, keyword: keyword, message: message))
    }

    /// The most schema nodes one validation visits: a schema that fans out
    /// (`allOf` of `$ref`s of `allOf`s) or a huge value can't stall the caller.
    static let stepBudget = 500_000
    /// The most violations one validation reports; past it, one more says the rest were not listed.
    static let maxViolations = 1_000

    private func validate(_ value: JSONValue, node index: Int, in nodes: [SchemaNode], at path: inout PathTrail,
                          into v: inout [JSONSchemaViolation], depth: Int) {
        guard !path.exhausted else { return }
        if v.count >= Self.maxViolations {
            path.exhausted = true
            fail(&v, path, "schema", "more problems were found; the first \(Self.maxViolations) are listed")
            return
        }
        path.steps += 1
        if path.steps > Self.stepBudget || !StackGuard.hasRoom() {
            path.exhausted = true
            let why = path.steps > Self.stepBudget ? "over \(Self.stepBudget) steps" : StackGuard.refusal
            fail(&v, path, "schema", "the schema takes too much work to check against this value (\(why))")
            return
        }
        guard depth < 256, !nodes[index].tooDeep else {
            fail(&v, path, "$ref", "schema references nest too deeply (a reference cycle?)")
            return
        }
        let n = nodes[index]
        if let boolean = n.boolean {
            if !boolean { fail(&v, path, "false", "no value is allowed here") }
            return
        }
        if let ref = n.ref { validate(value, node: ref, in: nodes, at: &path, into: &v, depth: depth + 1) }
        if n.types != 0 && n.types & SchemaNode.typeBits(of: value) == 0 {
            fail(&v, path, "type", "expected \(n.typeNames.joined(separator: " or ")), found \(value.typeName)")
            return
        }
        if let options = n.enumValues, !options.contains(where: { Self.equal($0, value) }) {
            fail(&v, path, "enum", "\(Self.shown(value)) is not one of \(Self.shown(.array(options)))")
        }
        if let constant = n.constValue, !Self.equal(constant, value) {
            fail(&v, path, "const", "must be \(Self.shown(constant))")
        }
        switch value {
        case .integer, .number: validateNumber(value.doubleValue!, n, path, &v)
        case .string(let string): validateString(string, n, path, &v)
        case .array(let items): validateArray(items, n, nodes, &path, &v, depth)
        case .object(let object): validateObject(object, n, nodes, &path, &v, depth)
        default: break
        }
        if n.hasCombinators { validateCombinators(value, n, nodes, &path, &v, depth) }
    }

    private func validateCombinators(_ value: JSONValue, _ n: SchemaNode, _ nodes: [SchemaNode], _ path: inout PathTrail,
                                     _ v: inout [JSONSchemaViolation], _ depth: Int) {
        for sub in n.allOf { validate(value, node: sub, in: nodes, at: &path, into: &v, depth: depth + 1) }
        if !n.anyOf.isEmpty {
            var firstProblem: String?
            var matched = false
            for sub in n.anyOf {
                let problems = subViolations(value, sub, nodes, &path, depth)
                if problems.isEmpty { matched = true; break }
                if firstProblem == nil { firstProblem = problems.first?.message }
            }
            if !matched {
                fail(&v, path, "anyOf", "matches none of the \(n.anyOf.count) allowed schemas\(firstProblem.map { ": \($0)" } ?? "")")
            }
        }
        if !n.oneOf.isEmpty {
            let matching = n.oneOf.filter { subViolations(value, $0, nodes, &path, depth).isEmpty }.count
            if matching != 1 {
                fail(&v, path, "oneOf", "must match exactly one of \(n.oneOf.count) schemas, matches \(matching)")
            }
        }
        if let not = n.not, subViolations(value, not, nodes, &path, depth).isEmpty {
            fail(&v, path, "not", "must not match the schema in \"not\"")
        }
        if let condition = n.ifNode {
            if subViolations(value, condition, nodes, &path, depth).isEmpty {
                if let then = n.thenNode { validate(value, node: then, in: nodes, at: &path, into: &v, depth: depth + 1) }
            } else if let otherwise = n.elseNode {
                validate(value, node: otherwise, in: nodes, at: &path, into: &v, depth: depth + 1)
            }
        }
    }

    private func subViolations(_ value: JSONValue, _ node: Int, _ nodes: [SchemaNode], _ path: inout PathTrail, _ depth: Int) -> [JSONSchemaViolation] {
        var sub: [JSONSchemaViolation] = []
        validate(value, node: node, in: nodes, at: &path, into: &sub, depth: depth + 1)
        return sub
    }

    private func validateNumber(_ x: Double, _ n: SchemaNode, _ path: PathTrail, _ v: inout [JSONSchemaViolation]) {
        if let m = n.minimum, x < m { fail(&v, path, "minimum", "\(Self.number(x)) is less than the minimum \(Self.number(m))") }
        if let m = n.maximum, x > m { fail(&v, path, "maximum", "\(Self.number(x)) is more than the maximum \(Self.number(m))") }
        if let m = n.exclusiveMinimum, x <= m { fail(&v, path, "exclusiveMinimum", "\(Self.number(x)) must be more than \(Self.number(m))") }
        if let m = n.exclusiveMaximum, x >= m { fail(&v, path, "exclusiveMaximum", "\(Self.number(x)) must be less than \(Self.number(m))") }
        if let m = n.multipleOf, m > 0 {
            let q = x / m
            if !q.isFinite || abs(q - q.rounded()) > 1e-9 * max(1, abs(q)) {
                fail(&v, path, "multipleOf", "\(Self.number(x)) is not a multiple of \(Self.number(m))")
            }
        }
    }

    private func validateString(_ string: String, _ n: SchemaNode, _ path: PathTrail, _ v: inout [JSONSchemaViolation]) {
        if n.minLength != nil || n.maxLength != nil {
            let length = string.unicodeScalars.count
            if let m = n.minLength, length < m { fail(&v, path, "minLength", "is \(length) characters, fewer than \(m)") }
            if let m = n.maxLength, length > m { fail(&v, path, "maxLength", "is \(length) characters, more than \(m)") }
        }
        if let p = n.pattern, let pattern = patterns[p] {
            switch pattern.search(string) {
            case true?: break
            case false?: fail(&v, path, "pattern", "\(Self.shown(.string(string))) does not match the pattern \(JSONSerializer.quoted(p))")
            case nil: fail(&v, path, "pattern", "the pattern \(JSONSerializer.quoted(p)) takes too long to check against this value")
            }
        }
        if let format = n.format, let ok = StringFormats.check(string, format: format), !ok {
            fail(&v, path, "format", "\(Self.shown(.string(string))) is not a valid \(format)")
        }
    }

    private func validateArray(_ items: [JSONValue], _ n: SchemaNode, _ nodes: [SchemaNode], _ path: inout PathTrail,
                               _ v: inout [JSONSchemaViolation], _ depth: Int) {
        if let m = n.minItems, items.count < m { fail(&v, path, "minItems", "has \(items.count) items, fewer than \(m)") }
        if let m = n.maxItems, items.count > m { fail(&v, path, "maxItems", "has \(items.count) items, more than \(m)") }
        if n.uniqueItems {
            // By hashing a canonical form (1 and 1.0 alike, members in any order): linear, not quadratic.
            var seen: [JSONValue: Int] = [:]
            seen.reserveCapacity(items.count)
            for (j, item) in items.enumerated() {
                let key = Self.canonical(item)
                if let i = seen[key] {
                    path.push(.index(j))
                    fail(&v, path, "uniqueItems", "repeats item \(i)")
                    path.pop()
                    break
                }
                seen[key] = j
            }
        }
        if !n.prefixItems.isEmpty || n.items != nil {
            for (i, item) in items.enumerated() {
                let schema = i < n.prefixItems.count ? n.prefixItems[i] : n.items
                guard let schema else { continue }
                path.push(.index(i))
                validate(item, node: schema, in: nodes, at: &path, into: &v, depth: depth + 1)
                path.pop()
            }
        }
        if let contains = n.contains, !items.contains(where: { subViolations($0, contains, nodes, &path, depth).isEmpty }) {
            fail(&v, path, "contains", "has no item that matches \"contains\"")
        }
    }

    private func validateObject(_ object: JSONObject, _ n: SchemaNode, _ nodes: [SchemaNode], _ path: inout PathTrail,
                                _ v: inout [JSONSchemaViolation], _ depth: Int) {
        for name in n.required where object[name] == nil {
            fail(&v, path, "required", "missing required property \(JSONSerializer.quoted(name))")
        }
        if let m = n.minProperties, object.count < m { fail(&v, path, "minProperties", "has \(object.count) properties, fewer than \(m)") }
        if let m = n.maxProperties, object.count > m { fail(&v, path, "maxProperties", "has \(object.count) properties, more than \(m)") }
        guard !n.properties.isEmpty || !n.patternProperties.isEmpty || n.propertyNames != nil || n.additionalProperties != nil else { return }
        for (key, value) in object {
            path.push(.key(key))
            var matched = false
            if let schema = n.properties[key] {
                matched = true
                validate(value, node: schema, in: nodes, at: &path, into: &v, depth: depth + 1)
            }
            for (pattern, schema) in n.patternProperties where patterns[pattern]?.search(key) == true {
                matched = true
                validate(value, node: schema, in: nodes, at: &path, into: &v, depth: depth + 1)
            }
            if let names = n.propertyNames {
                validate(.string(key), node: names, in: nodes, at: &path, into: &v, depth: depth + 1)
            }
            if !matched, let additional = n.additionalProperties {
                if nodes[additional].boolean == false {
                    fail(&v, path, "additionalProperties", "property \(JSONSerializer.quoted(key)) is not allowed")
                } else {
                    validate(value, node: additional, in: nodes, at: &path, into: &v, depth: depth + 1)
                }
            }
            path.pop()
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

    /// A form of `value` in which values `equal(_:_:)` calls the same are
    /// the same: whole floats become integers, object members are sorted.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let d) where d.isFinite && d == d.rounded() && abs(d) < 9.2e18: return .integer(Int64(d))
        case .array(let a): return .array(a.map(canonical))
        case .object(let o):
            return .object(JSONObject(o.map { ($0.key, canonical($0.value)) }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
        default: return value
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
