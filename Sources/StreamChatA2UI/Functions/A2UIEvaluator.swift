import StreamChatAI

/// Resolves a surface's dynamic values: bindings read the data model,
/// calls run the basic catalog's functions (or, for a name the catalog does
/// not define, one of the host's tools), literals stay. A failure makes the
/// value null and is reported, never thrown.
struct A2UIEvaluator {
    /// The deepest nesting of function calls (a call in a call's arguments).
    static let maxCallDepth = 5
    /// The deepest nesting of `${…}` expressions in one formatString.
    static let maxExpressionDepth = 10

    let surfaceID: String
    let model: JSONValue
    /// The catalog ids a call may name.
    let knownCatalogs: Set<String>
    /// The pointers of paths read outside any template, kept between views (nil: none are kept).
    let pointers: A2UIPointerMemo?
    /// Runs a function the catalog does not define (a host tool); nil when none provides it.
    let external: (String, JSONObject) -> Result<JSONValue, A2UIProblem>
    private(set) var problems: [A2UIProblem] = []
    /// The node being made, to which the data it reads is counted.
    var reader: A2UIViewNode?
    /// The data each node read (for remaking only the nodes whose data changed).
    private(set) var reads: [(node: A2UIViewNode, path: JSONPointer)] = []

    /// `pointers`: where the pointers of paths read outside templates are kept between views, if anywhere.
    init(surfaceID: String, model: JSONValue, knownCatalogs: Set<String>, pointers: A2UIPointerMemo? = nil,
         external: @escaping (String, JSONObject) -> Result<JSONValue, A2UIProblem>) {
        self.surfaceID = surfaceID
        self.model = model
        self.knownCatalogs = knownCatalogs
        self.pointers = pointers
        self.external = external
    }

    mutating func report(_ code: String, _ message: String) {
        problems.append(A2UIProblem(code, message, surfaceID: surfaceID))
    }

    /// Counts a read of `path` to the node being made.
    mutating func recordRead(_ path: JSONPointer) {
        if let reader { reads.append((reader, path)) }
    }

    /// The pointer a binding names in `scope`, or nil (reported) when it is not one.
    mutating func pointer(_ path: String, _ scope: A2UIScope) -> JSONPointer? {
        // Outside a template a path means the same pointer at every view: it is read once.
        let memo = scope.index == nil && scope.path.isRoot ? pointers : nil
        if let known = memo?.pointers[path] { return known }
        do {
            let pointer = try scope.pointer(path)
            memo?.keep(pointer, for: path)
            return pointer
        } catch {
            report(A2UIProblem.Code.validationFailed, "the binding path \(JSONSerializer.quoted(path)) is not a JSON pointer: \(error)")
            return nil
        }
    }

    /// The value of `raw` in `scope`: a binding's data (null when missing), a call's result, a literal with its dynamic members resolved.
    mutating func resolve(_ raw: JSONValue?, _ scope: A2UIScope, depth: Int = 0) -> JSONValue {
        guard let raw else { return .null }
        switch A2UIDynamic(raw) {
        case .binding(let path):
            guard let p = pointer(path, scope) else { return .null }
            recordRead(p)
            return model.value(at: p) ?? .null
        case .call(let name, let arguments, let catalogID):
            return call(name, arguments, catalogID: catalogID, scope, depth: depth + 1)
        case .literal(let value):
            guard depth < 16, StackGuard.hasRoom() else { return value }
            switch value {
            case .array(let list) where list.contains(where: Self.mayHoldDynamic):
                return .array(list.map { resolve($0, scope, depth: depth + 1) })
            case .object(let o) where o.values.contains(where: Self.mayHoldDynamic):
                return .object(JSONObject(o.map { ($0.key, resolve($0.value, scope, depth: depth + 1)) }))
            default: return value
            }
        }
    }

    private static func mayHoldDynamic(_ v: JSONValue) -> Bool {
        switch v {
        case .object, .array: true
        default: false
        }
    }

    /// The result of calling `name`; null (reported) when it fails.
    mutating func call(_ name: String, _ args: JSONObject, catalogID: String?, _ scope: A2UIScope, depth: Int, resolved: Bool = false) -> JSONValue {
        guard depth <= Self.maxCallDepth, StackGuard.hasRoom() else {
            report(A2UIProblem.Code.limit, "function calls nest deeper than \(Self.maxCallDepth) levels (\(name))")
            return .null
        }
        if let catalogID, !knownCatalogs.contains(catalogID) {
            report(A2UIProblem.Code.catalogNotFound, "Catalog not found: \(catalogID) (for the function \(name))")
            return .null
        }
        func arg(_ key: String) -> JSONValue? { resolved ? args[key] : args[key].map { resolve($0, scope, depth: depth) } }
        do throws(A2UIProblem) {
            switch name {
            case "@index":
                guard let index = scope.index else {
                    throw A2UIProblem(A2UIProblem.Code.functionFailed, "@index function can only be evaluated inside a collection template iteration scope.")
                }
                return .integer(Int64(index + A2UICoercion.int(arg("offset"))))
            case "and", "or":
                guard case .array(let values)? = args["values"], values.count >= 2 else {
                    throw A2UIProblem(A2UIProblem.Code.functionFailed, "\(name) needs values: a list of at least two booleans")
                }
                let wanted = name == "or"
                for v in values where A2UICoercion.truthy(resolved ? v : resolve(v, scope, depth: depth)) == wanted { return .bool(wanted) }
                return .bool(!wanted)
            case "not": return .bool(!A2UICoercion.truthy(arg("value")))
            case "required": return A2UIValidators.required(arg("value"))
            case "regex": return try A2UIValidators.regex(arg("value"), pattern: arg("pattern"))
            case "length": return try A2UIValidators.length(arg("value"), min: arg("min"), max: arg("max"))
            case "numeric": return try A2UIValidators.numeric(arg("value"), min: arg("min"), max: arg("max"))
            case "email": return A2UIValidators.email(arg("value"))
            case "formatString": return .string(try formatString(A2UICoercion.string(arg("value")), scope, depth: depth))
            case "formatNumber", "formatCurrency":
                let value = try number(arg("value"), name)
                let decimals = arg("decimals").flatMap { $0.isNull ? nil : A2UICoercion.int($0, in: 0...20) }
                let grouping = arg("grouping").map { $0.isNull || A2UICoercion.bool($0) } ?? true
                guard name == "formatCurrency" else { return .string(A2UIFormatters.number(value, decimals: decimals, grouping: grouping)) }
                guard let code = arg("currency")?.stringValue, !code.isEmpty else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "formatCurrency needs currency (an ISO 4217 code)") }
                return .string(A2UIFormatters.currency(value, code: code, decimals: decimals, grouping: grouping))
            case "formatDate":
                guard let format = arg("format")?.stringValue else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "formatDate needs format (a TR35 pattern)") }
                return .string(try A2UIDateFormat.format(arg("value"), pattern: format))
            case "pluralize":
                var forms: [String: String] = [:]
                for key in ["zero", "one", "two", "few", "many", "other"] { if let v = arg(key), !v.isNull { forms[key] = A2UICoercion.string(v) } }
                guard let text = A2UIFormatters.plural(A2UICoercion.double(arg("value")), forms: forms) else {
                    throw A2UIProblem(A2UIProblem.Code.functionFailed, "pluralize needs other")
                }
                return .string(text)
            case "openUrl":
                throw A2UIProblem(A2UIProblem.Code.functionFailed, "openUrl opens a link on a user's tap; it has no value while rendering")
            default:
                var values = JSONObject()
                for (key, value) in args { values[key] = resolved ? value : resolve(value, scope, depth: depth) }
                return try external(name, values).get()
            }
        } catch {
            problems.append(A2UIProblem(error.code, error.message, surfaceID: surfaceID))
            return .null
        }
    }

    /// A formatting function's `value` as a number: null (no data yet) is 0, as the protocol coerces it; text that is
    /// no number, an object or a list is refused, as the conformance suite's ValidationError requires
    /// (`formatNumber(value: "not_a_number")`), rather than shown as 0.
    private func number(_ value: JSONValue?, _ function: String) throws(A2UIProblem) -> Double {
        switch value {
        case nil, .null?, .bool?: return A2UICoercion.double(value)
        default:
            guard let n = A2UICoercion.strictDouble(value) else {
                throw A2UIProblem(A2UIProblem.Code.functionFailed, "\(function) needs value (a number), found \(JSONSerializer.string(value ?? .null))")
            }
            return n
        }
    }
}

/// The pointers of binding paths outside templates, by their text: a surface's views read the same
/// bindings again and again, and reading a pointer costs more than finding it. Used under the engine's lock.
final class A2UIPointerMemo {
    /// The most pointers kept (past it the memo starts over).
    static let capacity = 4_096
    @exclusivity(unchecked) private(set) var pointers: [String: JSONPointer] = [:]

    func keep(_ pointer: JSONPointer, for path: String) {
        if pointers.count >= Self.capacity { pointers.removeAll(keepingCapacity: true) }
        pointers[path] = pointer
    }
}
