/// One schema object of a ``JSONSchema``, compiled once: its keywords as
/// typed fields and its subschemas as node indexes, so validating a value
/// looks nothing up by name.
struct SchemaNode: Sendable {
    /// `true` or `false` for a boolean schema.
    var boolean: Bool?
    /// The node lies past the deepest chain of subschemas and `$ref`s compiled: it fails every value.
    var tooDeep = false
    var ref: Int?
    /// The allowed types as bits (see ``typeBits(of:)``); 0 allows any.
    var types: UInt8 = 0
    var typeNames: [String] = []
    var enumValues: [JSONValue]?
    var constValue: JSONValue?
    var minimum: Double?, maximum: Double?, exclusiveMinimum: Double?, exclusiveMaximum: Double?, multipleOf: Double?
    var minLength: Int?, maxLength: Int?
    var pattern: String?
    var format: String?
    var items: Int?
    var prefixItems: [Int] = []
    var contains: Int?
    var minItems: Int?, maxItems: Int?
    var uniqueItems = false
    var required: [String] = []
    var minProperties: Int?, maxProperties: Int?
    var properties: [String: Int] = [:]
    var patternProperties: [(String, Int)] = []
    var propertyNames: Int?
    var additionalProperties: Int?
    var allOf: [Int] = [], anyOf: [Int] = [], oneOf: [Int] = []
    var not: Int?, ifNode: Int?, thenNode: Int?, elseNode: Int?

    var hasCombinators: Bool { !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifNode != nil }

    static func typeBit(_ name: String) -> UInt8 {
        switch name {
        case "null": return 1
        case "boolean": return 2
        case "integer": return 4
        case "number": return 8
        case "string": return 16
        case "array": return 32
        case "object": return 64
        default: return 0
        }
    }

    /// The type bits a value satisfies: an integer (or a float with no
    /// fraction) is both "integer" and "number".
    static func typeBits(of value: JSONValue) -> UInt8 {
        switch value {
        case .null: return 1
        case .bool: return 2
        case .integer: return 4 | 8
        case .number(let d): return d.isFinite && d == d.rounded() ? 4 | 8 : 8
        case .string: return 16
        case .array: return 32
        case .object: return 64
        }
    }

    /// Compiles a checked schema document into nodes; `$ref`s become node
    /// indexes (cycles included), each reference compiled once.
    final class Compiler {
        let document: JSONValue
        let references: [String: JSONValue]
        var nodes: [SchemaNode] = []
        var byReference: [String: Int] = [:]
        /// How deep compilation is (subschemas and `$ref`s followed).
        var depth = 0
        /// The deepest compilation goes: a longer `$ref` chain fails validation instead of the stack.
        static let maxDepth = 256

        init(document: JSONValue, references: [String: JSONValue]) {
            self.document = document
            self.references = references
        }

        func compileAll() -> [SchemaNode] {
            byReference["#"] = 0
            nodes.append(SchemaNode())
            nodes[0] = node(for: document)
            return nodes
        }

        func compile(_ schema: JSONValue) -> Int {
            let index = nodes.count
            nodes.append(SchemaNode())
            nodes[index] = node(for: schema)
            return index
        }

        func reference(_ ref: String) -> Int? {
            if let known = byReference[ref] { return known }
            guard let target = references[ref] else { return nil }
            let index = nodes.count
            byReference[ref] = index
            nodes.append(SchemaNode())
            nodes[index] = node(for: target)
            return index
        }

        private func node(for schema: JSONValue) -> SchemaNode {
            var n = SchemaNode()
            guard depth < Self.maxDepth, StackGuard.hasRoom() else {
                n.tooDeep = true
                return n
            }
            depth += 1
            defer { depth -= 1 }
            guard case .object(let o) = schema else {
                n.boolean = schema.boolValue ?? true
                return n
            }
            func integer(_ v: JSONValue) -> Int? { if case .integer(let i) = v { return Int(clamping: i) } else { return nil } }
            for (key, value) in o {
                switch key {
                case "$ref": n.ref = value.stringValue.flatMap(reference)
                case "type":
                    n.typeNames = (value.arrayValue ?? [value]).compactMap(\.stringValue)
                    n.types = n.typeNames.reduce(0) { $0 | SchemaNode.typeBit($1) }
                case "enum": n.enumValues = value.arrayValue
                case "const": n.constValue = value
                case "minimum": n.minimum = value.doubleValue
                case "maximum": n.maximum = value.doubleValue
                case "exclusiveMinimum": n.exclusiveMinimum = value.doubleValue
                case "exclusiveMaximum": n.exclusiveMaximum = value.doubleValue
                case "multipleOf": n.multipleOf = value.doubleValue
                case "minLength": n.minLength = integer(value)
                case "maxLength": n.maxLength = integer(value)
                case "pattern": n.pattern = value.stringValue
                case "format": n.format = value.stringValue
                case "items": n.items = compile(value)
                case "prefixItems": n.prefixItems = (value.arrayValue ?? []).map(compile)
                case "contains": n.contains = compile(value)
                case "minItems": n.minItems = integer(value)
                case "maxItems": n.maxItems = integer(value)
                case "uniqueItems": n.uniqueItems = value == .bool(true)
                case "required": n.required = (value.arrayValue ?? []).compactMap(\.stringValue)
                case "minProperties": n.minProperties = integer(value)
                case "maxProperties": n.maxProperties = integer(value)
                case "properties":
                    for (name, sub) in value.objectValue ?? JSONObject() { n.properties[name] = compile(sub) }
                case "patternProperties":
                    for (pattern, sub) in value.objectValue ?? JSONObject() { n.patternProperties.append((pattern, compile(sub))) }
                case "propertyNames": n.propertyNames = compile(value)
                case "additionalProperties": n.additionalProperties = compile(value)
                case "allOf": n.allOf = (value.arrayValue ?? []).map(compile)
                case "anyOf": n.anyOf = (value.arrayValue ?? []).map(compile)
                case "oneOf": n.oneOf = (value.arrayValue ?? []).map(compile)
                case "not": n.not = compile(value)
                case "if": n.ifNode = compile(value)
                case "then": n.thenNode = compile(value)
                case "else": n.elseNode = compile(value)
                default: continue
                }
            }
            return n
        }
    }
}

/// Where validation is (kept as components, written out only for a
/// violation), and how much work it has done against the budget.
struct PathTrail {
    /// Schema nodes visited so far.
    var steps = 0
    /// Set once the walk ran out of budget (or stack): it stops, with one violation saying so.
    var exhausted = false

    enum Component {
        case key(String)
        case index(Int)
    }

    private var components: [Component] = []

    mutating func push(_ component: Component) { components.append(component) }
    mutating func pop() { components.removeLast() }

    /// `$`, `$.a[2]["odd key"]`.
    var rendered: String {
        components.reduce("$") { path, component in
            switch component {
            case .key(let key): return JSONPath.appending(key: key, to: path)
            case .index(let i): return JSONPath.appending(index: i, to: path)
            }
        }
    }
}
