import StreamChatAI

/// A component library: what programs may call, with each component's props
/// in positional order (a LibrarySpec, spec prompt.md §2).
public struct OpenUILibrary: Sendable {
    /// One prop of a component, or one parameter of a function or action.
    public struct Prop: Sendable, Equatable {
        /// The members, in one object shared by the copies of a prop until one of them changes: every call of a
        /// component reads its props in turn, and a copy then costs one reference, not one per member.
        private struct Members: Equatable {
            var name: String
            var type: OpenUIPropType
            var isRequired: Bool
            var defaultValue: OpenUIValue?
            var isBindable: Bool
        }

        private var storage: CopyOnWrite<SharedMembers<Members>>

        /// Its name, as a program's named argument and the IR's prop are called.
        public var name: String {
            get { storage.shared.members.name }
            set { storage.unique.members.name = newValue }
        }
        /// What values it takes (checked, and coerced where the spec says, when a component is materialized).
        public var type: OpenUIPropType {
            get { storage.shared.members.type }
            set { storage.unique.members.type = newValue }
        }
        /// Whether a call must give it: a missing one is `missing-required`, and the component is left out.
        public var isRequired: Bool {
            get { storage.shared.members.isRequired }
            set { storage.unique.members.isRequired = newValue }
        }
        /// Filled in when the prop is missing or null.
        public var defaultValue: OpenUIValue? {
            get { storage.shared.members.defaultValue }
            set { storage.unique.members.defaultValue = newValue }
        }
        /// A `$variable` given to it binds both ways (`$binding<…>`).
        public var isBindable: Bool {
            get { storage.shared.members.isBindable }
            set { storage.unique.members.isBindable = newValue }
        }

        /// A prop called `name`, taking `type`; optional unless `required`, filled with `defaultValue` when missing or
        /// null, and binding a `$variable` both ways when `bindable`.
        public init(_ name: String, _ type: OpenUIPropType, required: Bool = false, default defaultValue: OpenUIValue? = nil,
                    bindable: Bool = false) {
            storage = CopyOnWrite(SharedMembers(Members(name: name, type: type, isRequired: required, defaultValue: defaultValue,
                                                        isBindable: bindable)))
        }

        public static func == (a: Prop, b: Prop) -> Bool {
            a.storage.shared === b.storage.shared || a.storage.shared.members == b.storage.shared.members
        }

        /// `name: type` or `name?: type` (bindable props print `$binding<type>`).
        var signatureText: String {
            (isRequired ? name + ": " : name + "?: ") + (isBindable ? "$binding<\(type.signatureText)>" : type.signatureText)
        }
    }

    /// A component, a function or an action: a name, what it does, and its props in order.
    public struct Entry: Sendable {
        /// The members, in one object shared by the copies of an entry until one of them changes: every call of a
        /// component looks its entry up, and a copy then costs one reference, not one per member.
        private struct Members {
            var name: String
            var description: String
            var props: [Prop]
            var signature: String?
            var returns: OpenUIPropType?
        }

        private var storage: CopyOnWrite<SharedMembers<Members>>

        /// The name a program calls it by (`Card`, `@Count`'s `Count`, `@ToAssistant`'s `ToAssistant`).
        public var name: String {
            get { storage.shared.members.name }
            set { storage.unique.members.name = newValue }
        }
        /// What it does, in a line for the model (the prompt prints it after the signature).
        public var description: String {
            get { storage.shared.members.description }
            set { storage.unique.members.description = newValue }
        }
        /// Its props (a function's or an action's parameters) in positional order.
        public var props: [Prop] {
            get { storage.shared.members.props }
            set { storage.unique.members.props = newValue }
        }
        /// The signature as the library writes it; generated from the props when nil.
        public var signature: String? {
            get { storage.shared.members.signature }
            set { storage.unique.members.signature = newValue }
        }
        /// A function's result type.
        public var returns: OpenUIPropType? {
            get { storage.shared.members.returns }
            set { storage.unique.members.returns = newValue }
        }

        /// An entry called `name` that does what `description` says, with `props` in positional order; `signature` as the
        /// library writes it (made from the props when nil), and a function's result type in `returns`.
        public init(_ name: String, _ description: String, _ props: [Prop], signature: String? = nil, returns: OpenUIPropType? = nil) {
            storage = CopyOnWrite(SharedMembers(Members(name: name, description: description, props: props, signature: signature,
                                                        returns: returns)))
        }

        /// `Name(a: string, b?: number)`.
        public var signatureText: String {
            if let signature { return signature }
            let head = "\(name)(" + props.map(\.signatureText).joined(separator: ", ") + ")"
            return returns.map { head + " → " + $0.signatureText } ?? head
        }

        /// The short form used in hints: `Name(a*, b*, c)`.
        var shortSignature: String { "\(name)(" + props.map { $0.name + ($0.isRequired ? "*" : "") }.joined(separator: ", ") + ")" }
    }

    /// Components shown together in the prompt, with notes for the model.
    public struct Group: Sendable {
        /// Its heading in the prompt (`Layout`, `Charts (2D)`).
        public var name: String
        /// The names of its components, in the order the prompt lists them.
        public var components: [String]
        /// Rules for the model about these components, printed after them.
        public var notes: [String]

        /// A group headed `name` listing `components`, with `notes` for the model.
        public init(_ name: String, _ components: [String], notes: [String] = []) {
            self.name = name
            self.components = components
            self.notes = notes
        }
    }

    /// The members, in one object shared by the copies of a library until one of them changes: every render's
    /// evaluator and IR builder keep a copy, which then costs one reference. Changed only through a copy of its own,
    /// so exclusivity is not checked.
    private final class Storage: CopyableObject {
        @exclusivity(unchecked) var id: String = ""
        @exclusivity(unchecked) var version: String = ""
        @exclusivity(unchecked) var root: String? = nil
        @exclusivity(unchecked) var components: [Entry] = []
        @exclusivity(unchecked) var functions: [Entry] = []
        @exclusivity(unchecked) var actions: [Entry] = []
        @exclusivity(unchecked) var groups: [Group] = []
        @exclusivity(unchecked) var aliases: [String: String] = [:]
        @exclusivity(unchecked) var index: [String: Int] = [:]

        func copy() -> Self {
            let copy = Self()
            copy.id = id
            copy.version = version
            copy.root = root
            copy.components = components
            copy.functions = functions
            copy.actions = actions
            copy.groups = groups
            copy.aliases = aliases
            copy.index = index
            return copy
        }
    }

    private var storage = CopyOnWrite(Storage())

    /// Which library this is (`chat`, `standard`, or a LibrarySpec's id).
    public var id: String {
        _read { yield storage.shared.id }
        _modify { yield &storage.unique.id }
    }
    /// The library's version, as its spec gives it.
    public var version: String {
        _read { yield storage.shared.version }
        _modify { yield &storage.unique.version }
    }
    /// The component every response is wrapped in (`Card`, `Stack`), if the library has one.
    public var root: String? {
        _read { yield storage.shared.root }
        _modify { yield &storage.unique.root }
    }
    /// The components, in the library's order.
    public private(set) var components: [Entry] {
        _read { yield storage.shared.components }
        _modify { yield &storage.unique.components }
    }
    /// The library's own functions (a LibrarySpec's `schema.functions`, such as `@Upper`), called with `@`; the host
    /// gives their implementations. The spec's built-ins (`@Count`, `@Filter`, …) are not listed here.
    public var functions: [Entry] {
        _read { yield storage.shared.functions }
        _modify { yield &storage.unique.functions }
    }
    /// The library's own actions (a LibrarySpec's `schema.actions`, such as `@CopyToClipboard`), which an action plan
    /// may hold besides the spec's (`@ToAssistant`, `@OpenUrl`, `@Set`, `@Reset`, `@Run`), which are not listed here.
    public var actions: [Entry] {
        _read { yield storage.shared.actions }
        _modify { yield &storage.unique.actions }
    }
    /// How the prompt groups the components, with its notes for the model.
    public var groups: [Group] {
        _read { yield storage.shared.groups }
        _modify { yield &storage.unique.groups }
    }
    /// Old names still accepted: alias → component.
    public private(set) var aliases: [String: String] {
        _read { yield storage.shared.aliases }
        _modify { yield &storage.unique.aliases }
    }
    private var index: [String: Int] {
        _read { yield storage.shared.index }
        _modify { yield &storage.unique.index }
    }

    /// A library called `id` at `version`, whose responses are wrapped in `root` (none when nil), offering `components`,
    /// `functions` and `actions`, grouped for the prompt by `groups`, and accepting the old names of `aliases`.
    public init(id: String, version: String, root: String?, components: [Entry], functions: [Entry] = [], actions: [Entry] = [],
                groups: [Group] = [], aliases: [String: String] = [:]) {
        self.id = id
        self.version = version
        self.root = root
        self.components = components
        self.functions = functions
        self.actions = actions
        self.groups = groups
        self.aliases = aliases
        for (i, c) in components.enumerated() { index[c.name] = i }
    }

    /// The component a name calls (an alias resolved), if there is one.
    public func component(named name: String) -> Entry? {
        if let i = index[name] { return components[i] }
        if let target = aliases[name], let i = index[target] { return components[i] }
        return nil
    }

    /// The function a name calls (without its `@`), if there is one.
    public func function(named name: String) -> Entry? { functions.first { $0.name == name } }
    /// The action a name calls (without its `@`), if there is one.
    public func action(named name: String) -> Entry? { actions.first { $0.name == name } }

    /// Adds components (the app's); a name the library has already is left out and returned.
    public mutating func add(_ extra: [Entry]) -> [String] {
        var skipped: [String] = []
        for c in extra {
            guard component(named: c.name) == nil else {
                skipped.append(c.name)
                continue
            }
            index[c.name] = components.count
            components.append(c)
        }
        return skipped
    }

    /// Reads a LibrarySpec JSON document (as in the conformance fixtures).
    /// - Throws: when it is not an object or a component is malformed.
    public init(spec: JSONValue) throws(StreamChatAIError) {
        guard case .object(let o) = spec else { throw .invalid(at: "$", "a LibrarySpec must be an object") }
        let schema = o["schema"]?.objectValue ?? JSONObject()
        let defs = schema["$defs"]?.objectValue ?? JSONObject()
        let meta = o["components"]?.objectValue ?? JSONObject()
        let actionDefs = schema["actions"]?.objectValue ?? JSONObject()
        let functionDefs = schema["functions"]?.objectValue ?? JSONObject()
        // Component names: the schema's properties (or $defs entries that the components list names).
        var names: [String] = []
        if case .object(let properties)? = schema["properties"] { names = properties.keys }
        for key in meta.keys where !names.contains(key) { names.append(key) }
        let componentNames = Set(names)
        var actionNames = Set(actionDefs.keys).union(["OpenUrl", "ToAssistant", "Set", "Reset", "Run"])
        for (key, def) in defs where !componentNames.contains(key) && key != "ActionExpression" {
            // A $def that describes an action payload (`type` const) stands for that action.
            if def["properties"]?["type"]?["const"] != nil { actionNames.insert(key) }
        }
        func props(of def: JSONValue, signature: String?, order explicitOrder: JSONValue? = nil) -> [Prop] {
            let properties = def["properties"]?.objectValue ?? JSONObject()
            let required = Set((def["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            var order = properties.keys
            // The `order` array wins (readers must use it); without one, the key order of `properties`.
            if case .array(let explicit)? = explicitOrder ?? def["order"] {
                let listed = explicit.compactMap(\.stringValue).filter { properties[$0] != nil }
                order = listed + order.filter { !listed.contains($0) }
            }
            return order.map { name in
                let schema = properties[name] ?? .null
                let bindable = schema["x-openui"]?.stringValue == "binding"
                    || (signature.map { Self.signature($0, bindsProp: name) } ?? false)
                return Prop(name, OpenUIPropType(schema: schema, components: componentNames, actions: actionNames),
                            required: required.contains(name), default: schema["default"].map(OpenUIValue.init(json:)),
                            bindable: bindable)
            }
        }
        var components: [Entry] = []
        var aliases: [String: String] = [:]
        for name in names {
            let def = defs[name] ?? .object(JSONObject())
            let info = meta[name]
            let signature = info?["signature"]?.stringValue
            components.append(Entry(name, info?["description"]?.stringValue ?? def["description"]?.stringValue ?? "",
                                    props(of: def, signature: signature, order: info?["order"]), signature: signature))
            for alias in (info?["aliases"]?.arrayValue ?? def["aliases"]?.arrayValue ?? []).compactMap(\.stringValue) {
                aliases[alias] = name
            }
        }
        func entries(_ defs: JSONObject, info: JSONObject?) -> [Entry] {
            defs.map { name, def in
                let signature = info?[name]?["signature"]?.stringValue
                let returns = def["returns"].map { OpenUIPropType(schema: $0, components: componentNames, actions: actionNames) }
                return Entry(name, def["description"]?.stringValue ?? "", props(of: def["params"] ?? .null, signature: nil,
                                                                                order: def["order"] ?? info?[name]?["order"]),
                             signature: signature, returns: returns)
            }
        }
        var groups: [Group] = []
        for g in o["componentGroups"]?.arrayValue ?? [] {
            groups.append(Group(g["name"]?.stringValue ?? "", (g["components"]?.arrayValue ?? []).compactMap(\.stringValue),
                                notes: (g["notes"]?.arrayValue ?? []).compactMap(\.stringValue)))
        }
        self.init(id: o["id"]?.stringValue ?? "library", version: o["version"]?.stringValue ?? "1.0.0", root: o["root"]?.stringValue,
                  components: components, functions: entries(functionDefs, info: o["functions"]?.objectValue),
                  actions: entries(actionDefs, info: o["actions"]?.objectValue), groups: groups, aliases: aliases)
    }

    /// Whether `signature` prints `prop` as `$binding<…>`.
    static func signature(_ signature: String, bindsProp prop: String) -> Bool {
        // Each parameter starts after "(" or ","; compare its head.
        let parameters = signature.split(whereSeparator: { $0 == "(" || $0 == "," })
        return parameters.contains { part in
            let text = part.drop(while: { $0 == " " })
            return text.hasPrefix(prop + ": $binding") || text.hasPrefix(prop + "?: $binding")
        }
    }
}
