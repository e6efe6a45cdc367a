/// A parsed program: its statements, with the later of two of a name winning
/// (spec §2.4), and what the parse metadata says about references.
public struct OpenUIProgram: Sendable {
    /// Every statement in order, a redefined name included each time.
    public let statements: [OpenUIStatement]
    private let byName: [String: OpenUIStatement]

    public init(statements: [OpenUIStatement]) {
        self.statements = statements
        var map: [String: OpenUIStatement] = [:]
        for s in statements { map[s.name] = s }
        byName = map
    }

    /// The statement a name means now (the last one of that name).
    public func statement(_ name: String) -> OpenUIStatement? { byName[name] }

    /// The names, each once, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return statements.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// Every `$name` the program declares or uses, declared ones first.
    public var stateNames: [String] {
        var out = names.filter { $0.hasPrefix("$") && byName[$0]?.kind == .state }
        for s in statements {
            for name in s.expression.stateNames where !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// The statement names an expression reads, outside `@Each` loop variables.
    static func references(in expression: OpenUIExpression, shadowed: Set<String> = []) -> [String] {
        var out: [String] = []
        func walk(_ e: OpenUIExpression, _ hidden: Set<String>) {
            switch e {
            case .reference(let name): if !hidden.contains(name) { out.append(name) }
            case .function("Each", let args) where args.count >= 3:
                walk(args[0], hidden)
                var inner = hidden
                if case .string(let v) = args[1] { inner.insert(v) }
                walk(args[2], inner)
                for extra in args.dropFirst(3) { walk(extra, hidden) }
            case .array(let items), .component(_, let items), .function(_, let items), .action(let items),
                 .query(let items), .mutation(let items):
                for item in items { walk(item, hidden) }
            case .object(let members): for m in members { walk(m.value, hidden) }
            case .unary(_, let x), .member(let x, _), .assign(_, let x): walk(x, hidden)
            case .binary(_, let a, let b), .index(let a, let b):
                walk(a, hidden)
                walk(b, hidden)
            case .ternary(let c, let a, let b):
                walk(c, hidden)
                walk(a, hidden)
                walk(b, hidden)
            case .string, .number, .bool, .null, .state: break
            }
        }
        walk(expression, shadowed)
        return out
    }

    /// Names referenced anywhere that no statement defines (the parse metadata's `unresolved`).
    public var missingReferences: Set<String> {
        var out = Set<String>()
        for s in statements {
            for name in Self.references(in: s.expression) where byName[name] == nil { out.insert(name) }
        }
        return out
    }

    /// The statements `entry` reaches through references, through value
    /// statements only: what a query's arguments read is not rendered by it.
    func reachable(from entry: String) -> Set<String> {
        var seen: Set<String> = [entry]
        var queue = [entry]
        while let name = queue.popLast() {
            guard let s = byName[name], s.kind == .value else { continue }
            for ref in Self.references(in: s.expression) where byName[ref] != nil && seen.insert(ref).inserted {
                queue.append(ref)
            }
        }
        return seen
    }
}
