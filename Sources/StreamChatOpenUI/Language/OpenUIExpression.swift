/// An expression of OpenUI Lang, as parsed (spec §1.5–1.6).
indirect enum OpenUIExpression: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([OpenUIExpression])
    case object([OpenUIMember])
    /// A bare name: a statement (or a loop variable of `@Each`).
    case reference(String)
    /// `$name`, with the `$`.
    case state(String)
    /// `Name(...)` with an upper-case name: a component.
    case component(String, [OpenUIExpression])
    /// `@Name(...)`: a built-in, a custom function, an action step, or `@Action`.
    case function(String, [OpenUIExpression])
    /// `Action([...])` (with or without `@`).
    case action([OpenUIExpression])
    /// `Query(...)` or `Mutation(...)`: statement forms, inline only by mistake.
    case query([OpenUIExpression])
    case mutation([OpenUIExpression])
    case unary(String, OpenUIExpression)
    case binary(String, OpenUIExpression, OpenUIExpression)
    case ternary(OpenUIExpression, OpenUIExpression, OpenUIExpression)
    case member(OpenUIExpression, String)
    case index(OpenUIExpression, OpenUIExpression)
    /// `$name = expression` inside an expression: a binding assignment.
    case assign(String, OpenUIExpression)

    /// Whether it is a literal value with no references (strings, numbers,
    /// booleans, null, and arrays and objects of them): checked when parsed.
    var isLiteral: Bool {
        switch self {
        case .string, .number, .bool, .null: return true
        case .array(let items): return items.allSatisfy(\.isLiteral)
        case .object(let members): return members.allSatisfy { $0.value.isLiteral }
        default: return false
        }
    }

    /// Whether it is a statement's name, read.
    var isReference: Bool {
        if case .reference = self { true } else { false }
    }

    /// Every `$name` written in it, in order of appearance (a Query's dependencies).
    var stateNames: [String] {
        var out: [String] = []
        visit { if case .state(let name) = $0, !out.contains(name) { out.append(name) } }
        return out
    }

    /// Every bare name it references, outside `@Each` templates' own variable.
    func visit(_ body: (OpenUIExpression) -> Void) {
        body(self)
        switch self {
        case .array(let items), .component(_, let items), .function(_, let items), .action(let items),
             .query(let items), .mutation(let items):
            for item in items { item.visit(body) }
        case .object(let members): for m in members { m.value.visit(body) }
        case .unary(_, let e), .member(let e, _), .assign(_, let e): e.visit(body)
        case .binary(_, let a, let b), .index(let a, let b):
            a.visit(body)
            b.visit(body)
        case .ternary(let c, let a, let b):
            c.visit(body)
            a.visit(body)
            b.visit(body)
        case .string, .number, .bool, .null, .reference, .state: break
        }
    }
}

extension OpenUIExpression {
    /// Calls `read` for every name it reads, in order, outside an `@Each` template's own variable: whether the name is
    /// a `$name`, and whether the place may show its value many times (an `@Each` template, the arguments of a step, a
    /// custom function or an action, an assignment; everything, with `repeated`).
    func visitReads(repeated: Bool = false, _ read: (_ name: String, _ isState: Bool, _ repeated: Bool) -> Void) {
        var hidden: [String] = []
        func walk(_ e: OpenUIExpression, _ repeated: Bool) {
            switch e {
            case .reference(let name): if hidden.isEmpty || !hidden.contains(name) { read(name, false, repeated) }
            case .state(let name): read(name, true, repeated)
            case .function("Each", let args) where args.count >= 3:
                walk(args[0], repeated)
                walk(args[1], repeated)
                let outer = hidden.count
                if case .string(let variable) = args[1] { hidden.append(variable) }
                walk(args[2], true)
                hidden.removeLast(hidden.count - outer)
                for extra in args.dropFirst(3) { walk(extra, true) }
            case .function(let name, let args):
                // A built-in gives back at most what it was given, once; a step, a custom function or action may keep
                // or repeat it.
                let inner = repeated || !OpenUIParser.builtinNames.contains(name)
                for arg in args { walk(arg, inner) }
            case .array(let items), .component(_, let items), .action(let items), .query(let items), .mutation(let items):
                for item in items { walk(item, repeated) }
            case .object(let members): for m in members { walk(m.value, repeated) }
            case .unary(_, let x), .member(let x, _): walk(x, repeated)
            case .assign(_, let x): walk(x, true)
            case .binary(_, let a, let b), .index(let a, let b):
                walk(a, repeated)
                walk(b, repeated)
            case .ternary(let c, let a, let b):
                walk(c, repeated)
                walk(a, repeated)
                walk(b, repeated)
            case .string, .number, .bool, .null: break
            }
        }
        walk(self, repeated)
    }
}

/// One `key: value` of an object literal.
struct OpenUIMember: Equatable, Sendable {
    var key: String
    var value: OpenUIExpression
}
