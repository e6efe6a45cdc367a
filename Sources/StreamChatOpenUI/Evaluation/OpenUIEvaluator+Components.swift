/// Materialization (spec §8.4): positional arguments become named props,
/// each checked against its prop's type, and the smallest broken piece is
/// dropped and reported.
extension OpenUIEvaluator {
    /// What checking a value against a prop's type gave.
    enum Conformance {
        case accepted(OpenUIValue)
        /// No value: `explicitNull` when the program wrote `null`, `unresolved` when a reference had nothing.
        case absent(explicitNull: Bool, unresolved: Bool)
        case mismatch(String)
    }

    /// `lists`: the numbers of the references in the list arguments, when the call is a statement's
    /// (``OpenUIProgram/listReferences(slot:)``).
    func component(_ name: String, _ args: [OpenUIExpression], scope: [String: OpenUIValue], position: Position,
                   lists: [[Int]]? = nil) -> OpenUIValue? {
        guard let spec = library.component(named: name) else {
            let names = library.components.prefix(40).map(\.name).joined(separator: ", ")
            report("unknown-component", component: name, "\(name) is not a component of this library", hint: "Available: " + names)
            return position == .value ? nil : .invisible(name)
        }
        if args.count > spec.props.count {
            report("excess-args", component: spec.name, "\(spec.name) takes \(spec.props.count) arguments, not \(args.count)",
                   hint: signatureHint(spec))
        }
        // Each prop is set once, in the library's order: room made up front, no search before each.
        var props = OpenUIObject(minimumCapacity: spec.props.count)
        var broken = false
        for (i, prop) in spec.props.enumerated() {
            let outcome: Conformance
            if i < args.count {
                let expression = args[i]
                if prop.isBindable, case .state(let variable) = expression {
                    props.add(.binding(variable), newKey: prop.name)
                    continue
                }
                let value: OpenUIValue?
                if let lists, i < lists.count, !lists[i].isEmpty, case .array(let items) = expression {
                    value = evaluateList(items, numbers: lists[i], scope: scope)
                } else {
                    value = evaluate(expression, scope: scope, position: .value)
                }
                outcome = conform(value, to: prop.type, component: spec.name, prop: prop.name)
            } else {
                outcome = .absent(explicitNull: false, unresolved: false)
            }
            switch outcome {
            case .accepted(let value):
                props.add(value, newKey: prop.name)
            case .absent(let explicitNull, let unresolved):
                if let fallback = prop.defaultValue {
                    props.add(fallback, newKey: prop.name)
                } else if prop.isRequired {
                    broken = true
                    // While streaming, a reference that hasn't arrived yet is not a mistake.
                    if !(unresolved && waitsForEnd()) {
                        report(explicitNull ? "null-required" : "missing-required", component: spec.name, path: "/" + prop.name,
                               "\(explicitNull ? "null" : "missing") required field \"/\(prop.name)\"",
                               hint: signatureHint(spec))
                    }
                }
            case .mismatch(let why):
                report("type-mismatch", component: spec.name, path: "/" + prop.name, "\(spec.name).\(prop.name): \(why)",
                       hint: signatureHint(spec))
                if let fallback = prop.defaultValue {
                    props.add(fallback, newKey: prop.name)
                } else if prop.isRequired {
                    broken = true
                }
            }
        }
        if broken { return position == .value ? nil : .null }
        return .component(OpenUIComponent(type: spec.name, props: props))
    }

    /// Checks a prop's value; list items that don't fit are left out and reported one by one.
    func conform(_ value: OpenUIValue?, to type: OpenUIPropType, component: String, prop: String) -> Conformance {
        guard let value else { return .absent(explicitNull: false, unresolved: true) }
        switch value {
        case .null: return .absent(explicitNull: true, unresolved: false)
        case .invisible: return .absent(explicitNull: false, unresolved: false)
        default: break
        }
        switch type {
        case .any, .action:
            return .accepted(value)
        case .string, .number, .boolean, .object:
            return Self.matches(value, type) ? .accepted(value) : .mismatch("expected \(type.signatureText), found \(Self.kindName(value))")
        case .enumeration(let options):
            guard case .string(let s) = value else { return .mismatch("expected one of \(type.signatureText), found \(Self.kindName(value))") }
            // Enum checks wait for the stream's end: a value may still be arriving.
            if options.contains(s) || waitsForEnd() { return .accepted(value) }
            return .mismatch("\"\(s)\" is not one of \(type.signatureText)")
        case .component:
            if case .component = value { return .accepted(value) }
            return .mismatch("this slot takes components, found \(Self.kindName(value))")
        case .array(let item):
            guard case .array(let elements) = value else {
                return .mismatch("a list needs [...], even for one item; found \(Self.kindName(value))")
            }
            // Made only once an item is left out or changed: a list whose items all fit is accepted as it is.
            var kept: [OpenUIValue]?
            for (i, element) in elements.enumerated() {
                let outcome: Conformance
                switch (element, item) {
                case (.null, _): outcome = .accepted(.null)  // an explicit null renders nothing but keeps its place
                case (.invisible, _): outcome = .absent(explicitNull: false, unresolved: false)
                case (.component, .component), (.component, .any):
                    // Fits as it is (most lists hold components).
                    kept?.append(element)
                    continue
                default: outcome = conform(element, to: item, component: component, prop: prop)
                }
                switch outcome {
                case .accepted(let v):
                    // Only a list is changed by being accepted (its own items are checked).
                    if case .array = v { if kept == nil { kept = Array(elements[..<i]) } }
                    kept?.append(v)
                case .absent:
                    if kept == nil { kept = Array(elements[..<i]) }
                case .mismatch(let why):
                    if kept == nil { kept = Array(elements[..<i]) }
                    report("type-mismatch", component: component, path: "/" + prop, "\(component).\(prop): an item: \(why)")
                }
            }
            return .accepted(kept.map { .array($0) } ?? value)
        }
    }

    /// Whether a list of `item`s takes a component as it is (see ``conform(_:to:component:prop:)``).
    static func takesComponentsAsTheyAre(_ item: OpenUIPropType) -> Bool {
        switch item {
        case .component, .any: return true
        default: return false
        }
    }

    static func matches(_ value: OpenUIValue, _ type: OpenUIPropType) -> Bool {
        switch (type, value) {
        case (.any, _), (.action, _): return true
        case (.string, .string), (.number, .number), (.boolean, .bool), (.object, .object), (.component, .component): return true
        case (.enumeration(let options), .string(let s)): return options.contains(s)
        case (.array(let item), .array(let items)): return items.allSatisfy { $0 == .null || matches($0, item) }
        default: return false
        }
    }

    static func kindName(_ value: OpenUIValue) -> String {
        switch value {
        case .null, .invisible: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        case .component(let c): return "the component \(c.type)"
        case .plan: return "an action"
        case .binding: return "a binding"
        }
    }
}
