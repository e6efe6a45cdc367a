import StreamChatAI

/// A value of OpenUI Lang at run time (spec §3.1): the JSON kinds, component
/// instances, action plans, two-way bindings, and the invisible trace of an
/// unknown component left in a computed expression.
public enum OpenUIValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([OpenUIValue])
    case object(OpenUIObject)
    case component(OpenUIComponent)
    case plan(OpenUIPlan)
    /// A `$variable` given to a bindable prop: the component shows it and writes the user's changes back.
    case binding(String)
    /// An unknown component inside a computed expression: kept for the error, renders nothing.
    case invisible(String)

    /// JavaScript ToBoolean.
    public var isTruthy: Bool {
        switch self {
        case .null, .invisible: return false
        case .bool(let b): return b
        case .number(let n): return n != 0 && !n.isNaN
        case .string(let s): return !s.isEmpty
        case .array, .object, .component, .plan, .binding: return true
        }
    }

    /// `toNumber` (spec §3.1): strings parse or give 0, `true` is 1, anything else 0; never NaN.
    public var number: Double {
        switch self {
        case .number(let n): return n.isNaN ? 0 : n
        case .string(let s):
            let n = OpenUIJS.number(s)
            return n.isNaN ? 0 : n
        case .bool(let b): return b ? 1 : 0
        default: return 0
        }
    }

    /// ToString, with null as "" (the spec's `+`).
    public var text: String {
        switch self {
        case .null, .invisible: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return OpenUIJS.string(n)
        case .string(let s): return s
        case .array(let items): return items.map(\.text).joined(separator: ",")
        case .object, .component, .plan: return "[object Object]"
        case .binding(let name): return name
        }
    }

    /// Whether it is a primitive (null, boolean, number, string).
    var isPrimitive: Bool {
        switch self {
        case .null, .bool, .number, .string: return true
        default: return false
        }
    }

    /// JavaScript IsLooselyEqual, with null for both null and undefined.
    public func looselyEquals(_ other: OpenUIValue) -> Bool {
        switch (self, other) {
        case (.null, .null), (.invisible, .null), (.null, .invisible): return true
        case (.null, _), (_, .null), (.invisible, _), (_, .invisible): return false
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return OpenUIJS.same(a, b)
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .string(let b)): return a == OpenUIJS.number(b)
        case (.string(let a), .number(let b)): return OpenUIJS.number(a) == b
        case (.bool(let a), _): return OpenUIValue.number(a ? 1 : 0).looselyEquals(other)
        case (_, .bool(let b)): return looselyEquals(.number(b ? 1 : 0))
        case (_, _) where isPrimitive && !other.isPrimitive: return looselyEquals(.string(other.text))
        case (_, _) where !isPrimitive && other.isPrimitive: return OpenUIValue.string(text).looselyEquals(other)
        default: return false  // two objects are equal only when they are the same one, which values can't tell
        }
    }

    /// The value as JSON: components as `{"type", "props"}`, plans as
    /// `{"action": [...]}`, bindings as `{"$binding": name}`, numbers as
    /// integers when whole.
    public var jsonValue: JSONValue {
        switch self {
        case .null, .invisible: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return Self.json(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let o): return .object(JSONObject(o.members.map { ($0.key, $0.value.jsonValue) }))
        case .component(let c): return c.jsonValue
        case .plan(let plan): return plan.jsonValue
        case .binding(let name): return ["$binding": .string(name)]
        }
    }

    static func json(_ n: Double) -> JSONValue {
        if n.isNaN || n.isInfinite { return .null }
        if n == n.rounded(), abs(n) < 9.007_199_254_740_992e15 { return .integer(Int64(n)) }
        return .number(n)
    }

    /// The value of a JSON document (a tool's result, a persisted state).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .number(Double(i))
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(OpenUIValue.init(json:)))
        case .object(let o): self = .object(OpenUIObject(o.map { ($0.key, OpenUIValue(json: $0.value)) }))
        }
    }

    /// The component, when it is one.
    public var component: OpenUIComponent? {
        if case .component(let c) = self { return c }
        return nil
    }
}

/// An object value, with JavaScript's member order: keys that are array
/// indices first, in numeric order, then the others as written; a repeated
/// key keeps its place and takes the last value.
public struct OpenUIObject: Sendable, Equatable {
    /// The members, in JavaScript's order.
    public private(set) var members: [(key: String, value: OpenUIValue)] = []

    /// An empty object.
    public init() {}

    /// An empty object with room for `capacity` members.
    init(minimumCapacity capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// The object of `pairs`, set in turn (a repeated key keeps its first place and takes its last value).
    public init(_ pairs: [(String, OpenUIValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The member of `key`, compared as JavaScript compares keys (see ``OpenUIJS/same(_:_:)``).
    public subscript(key: String) -> OpenUIValue? {
        get { members.last { OpenUIJS.same($0.key, key) }?.value }
        set {
            if let i = members.firstIndex(where: { OpenUIJS.same($0.key, key) }) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                if let index = Self.arrayIndex(key) {
                    let at = members.firstIndex { Self.arrayIndex($0.key).map { $0 > index } ?? true } ?? members.count
                    members.insert((key, newValue), at: at)
                } else {
                    members.append((key, newValue))
                }
            }
        }
    }

    /// A key that is an array index to JavaScript, which puts such keys first, in numeric order: the canonical form of
    /// an integer below 2^32 - 1 (`"0"`, `"42"`; not `"01"`, `"+1"`, `"-0"` or `"1.0"`).
    private static func arrayIndex(_ key: String) -> UInt32? {
        guard let value = UInt32(key), value < UInt32.max, String(value) == key else { return nil }
        return value
    }

    /// Whether it has no member.
    public var isEmpty: Bool { members.isEmpty }

    /// Sets the value of the member at `index` (of ``members``).
    mutating func setValue(_ value: OpenUIValue, at index: Int) {
        members[index].value = value
    }

    /// Takes the value of the member at `index` (of ``members``) out, leaving null: changed outside and set back,
    /// it is then held once.
    mutating func takeValue(at index: Int) -> OpenUIValue {
        var value = OpenUIValue.null
        swap(&value, &members[index].value)
        return value
    }

    /// Sets a member the object does not have yet (the caller knows): no search for it first.
    mutating func add(_ value: OpenUIValue, newKey key: String) {
        if Self.arrayIndex(key) != nil { self[key] = value } else { members.append((key, value)) }
    }

    /// (Keys compared as Swift compares strings: this tells whether a value changed, where two keys that differ only
    /// in how an accent is written are the same change; ``subscript(_:)`` tells them apart, as a program reads them.)
    public static func == (a: OpenUIObject, b: OpenUIObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A component instance after materialization: its library name and its named props.
public struct OpenUIComponent: Sendable, Equatable {
    /// The members, in one object shared by the copies of a component until one of them changes: a kept value is
    /// handed out, compared and placed in trees far more often than it changes, and a copy then costs one reference.
    final class Storage: @unchecked Sendable {
        // Safe to share across threads: a storage is changed only while one component holds it (copy on write).
        @exclusivity(unchecked) var type: String
        @exclusivity(unchecked) var props: OpenUIObject
        @exclusivity(unchecked) var statementID: String?
        @exclusivity(unchecked) var statementSlot: Int

        init(type: String, props: OpenUIObject, statementID: String?, statementSlot: Int) {
            self.type = type
            self.props = props
            self.statementID = statementID
            self.statementSlot = statementSlot
        }
    }

    private var storage: Storage

    /// The storage, made this component's own before a change.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(type: storage.type, props: storage.props, statementID: storage.statementID,
                                  statementSlot: storage.statementSlot)
            }
            return storage
        }
    }

    /// The component's name as its library names it (an alias resolved).
    public var type: String {
        get { storage.type }
        set { unique.type = newValue }
    }
    /// The props set, in the library's order; an absent or null prop is not here.
    public var props: OpenUIObject {
        get { storage.props }
        _modify { yield &unique.props }
    }
    /// The statement whose value it is, when it is one (`title = CardHeader(...)`).
    public var statementID: String? {
        get { storage.statementID }
        set { unique.statementID = newValue }
    }
    /// That statement's number in its program (see ``OpenUIProgram``), or -1.
    var statementSlot: Int {
        get { storage.statementSlot }
        set { unique.statementSlot = newValue }
    }

    /// A component of `type` with `props`, the value of the statement `statementID` when it is one.
    public init(type: String, props: OpenUIObject, statementID: String? = nil) {
        storage = Storage(type: type, props: props, statementID: statementID, statementSlot: -1)
    }

    /// Whether it is a copy of `other` that neither changed since (what a kept value's parts are found by).
    func isSame(as other: OpenUIComponent) -> Bool { storage === other.storage }

    /// The same members (a copy of this component that neither changed since compares without reading them).
    public static func == (a: OpenUIComponent, b: OpenUIComponent) -> Bool {
        a.storage === b.storage || a.type == b.type && a.statementID == b.statementID && a.props == b.props
    }

    /// `{"type", "props"}`, null props left out.
    public var jsonValue: JSONValue {
        ["type": .string(type), "props": .object(JSONObject(props.members.filter { $0.value != .null }.map { ($0.key, $0.value.jsonValue) }))]
    }
}

/// An action plan: steps that run in order when the user triggers it (spec §6.3).
public struct OpenUIPlan: Sendable, Equatable {
    /// The steps, in the order they run.
    public var steps: [OpenUIStep]

    /// The plan of `steps`.
    public init(steps: [OpenUIStep]) { self.steps = steps }

    /// `{"action": [{"step", "args"}]}`.
    public var jsonValue: JSONValue { ["action": .array(steps.map(\.jsonValue))] }
}

/// One step of a plan, with what it needs to run later.
public struct OpenUIStep: Sendable, Equatable {
    /// `ToAssistant`, `OpenUrl`, `Set`, `Reset`, `Run`, or a custom action's name.
    public var name: String
    /// Its arguments as they evaluate now (targets by name for `Set`, `Reset`, `Run`).
    public var args: [OpenUIValue]
    /// The argument expressions, evaluated again when the step runs.
    var expressions: [OpenUIExpression]
    /// `@Each` loop variables the step was written under.
    var scope: [String: OpenUIValue]
    /// False for a step that does nothing (`@Run` of no statement, `@Reset("x")`, bad custom arguments).
    public var isValid: Bool

    init(name: String, args: [OpenUIValue], expressions: [OpenUIExpression], scope: [String: OpenUIValue], isValid: Bool = true) {
        self.name = name
        self.args = args
        self.expressions = expressions
        self.scope = scope
        self.isValid = isValid
    }

    /// `{"step", "args"}`.
    public var jsonValue: JSONValue { ["step": .string(name), "args": .array(args.map(\.jsonValue))] }
}
