/// `@Name(...)` calls: action steps (each a plan of one step), the built-ins
/// (spec §3.4–3.5), the library's custom functions (§3.6) and actions (§6.3).
extension OpenUIEvaluator {
    static let stepNames: Set<String> = ["ToAssistant", "OpenUrl", "Set", "Reset", "Run"]

    func call(_ name: String, _ args: [OpenUIExpression], scope: [String: OpenUIValue], position: Position) -> OpenUIValue? {
        if Self.stepNames.contains(name) { return .plan(OpenUIPlan(steps: [step(name, args, scope: scope)])) }
        if name == "Each" { return each(args, scope: scope) }
        if OpenUIParser.builtinNames.contains(name) {
            return builtin(name, args.map { evaluate($0, scope: scope, position: .computed) ?? .null })
        }
        if let function = library.function(named: name) { return customFunction(function, args, scope: scope) }
        if let action = library.action(named: name) { return .plan(OpenUIPlan(steps: [customStep(action, args, scope: scope)])) }
        report("unknown-function", "@\(name) is not a built-in, an action step or a function of this library",
               hint: "Built-ins: " + OpenUIParser.builtinNames.sorted().map { "@" + $0 }.joined(separator: ", "))
        return .null
    }

    // MARK: Plans

    /// `Action([...])`: the steps of every plan among its arguments, nested plans flattened.
    func plan(_ items: [OpenUIExpression], scope: [String: OpenUIValue]) -> OpenUIPlan {
        var steps: [OpenUIStep] = []
        func take(_ value: OpenUIValue) {
            switch value {
            case .plan(let p): steps += p.steps
            case .array(let items): items.forEach(take)
            default: break
            }
        }
        for item in items { take(evaluate(item, scope: scope, position: .computed) ?? .null) }
        return OpenUIPlan(steps: steps)
    }

    /// A step of the language; `Set`, `Reset` and `Run` name their targets rather than evaluate them.
    func step(_ name: String, _ args: [OpenUIExpression], scope: [String: OpenUIValue]) -> OpenUIStep {
        var summary: [OpenUIValue] = []
        var valid = true
        switch name {
        case "Set":
            if case .state(let target)? = args.first {
                summary = [.string(target), args.count > 1 ? evaluate(args[1], scope: scope, position: .computed) ?? .null : .null]
            } else {
                valid = false
            }
        case "Reset":
            for arg in args {
                if case .state(let target) = arg { summary.append(.string(target)) } else { valid = false }
            }
        case "Run":
            if case .reference(let target)? = args.first, scope[target] == nil { summary = [.string(target)] } else { valid = false }
        case "ToAssistant":
            summary = [args.first.flatMap { evaluate($0, scope: scope, position: .computed) } ?? .null]
            if args.count > 1, let context = evaluate(args[1], scope: scope, position: .computed), context != .null {
                summary.append(context)
            }
        default:  // OpenUrl
            summary = [args.first.flatMap { evaluate($0, scope: scope, position: .computed) } ?? .null]
        }
        return OpenUIStep(name: name, args: summary, expressions: args, scope: scope, isValid: valid)
    }

    /// A custom action of the library: arguments by the order of its params, checked like a function's.
    func customStep(_ action: OpenUILibrary.Entry, _ args: [OpenUIExpression], scope: [String: OpenUIValue]) -> OpenUIStep {
        let checked = checkedArguments(of: action, args, scope: scope, what: "@\(action.name)")
        return OpenUIStep(name: action.name, args: checked.values, expressions: args, scope: scope, isValid: checked.isValid)
    }

    // MARK: Custom functions

    func customFunction(_ function: OpenUILibrary.Entry, _ args: [OpenUIExpression], scope: [String: OpenUIValue]) -> OpenUIValue {
        let checked = checkedArguments(of: function, args, scope: scope, what: "@\(function.name)")
        guard checked.isValid else { return .null }
        guard let implementation = inputs.functions[function.name] else {
            report("runtime-error", "@\(function.name) has no implementation in this app", source: .runtime)
            return .null
        }
        do {
            let result = try implementation(checked.values)
            if let returns = function.returns, result != .null, !Self.matches(result, returns) {
                report("runtime-error", "@\(function.name) returned \(Self.kindName(result)), not \(returns.signatureText)", source: .runtime)
                return .null
            }
            return result
        } catch {
            report("runtime-error", "@\(function.name) failed: \(error)", source: .runtime)
            return .null
        }
    }

    /// Arguments mapped to params and checked (spec §3.6): literals when
    /// parsed (`type-mismatch`, `missing-required`, `excess-args`, which only
    /// drops the extras), run-time values when called (a null required one
    /// makes the call null quietly, another bad one is a `runtime-error`).
    func checkedArguments(of entry: OpenUILibrary.Entry, _ args: [OpenUIExpression], scope: [String: OpenUIValue],
                          what: String) -> (values: [OpenUIValue], isValid: Bool) {
        if args.count > entry.props.count, speaksNow() {
            report("excess-args", component: entry.name, "\(what) takes \(entry.props.count) arguments, not \(args.count)", hint: signatureHint(entry))
        }
        var values: [OpenUIValue] = []
        var valid = true
        for (i, param) in entry.props.enumerated() {
            guard i < args.count else {
                if let fallback = param.defaultValue {
                    values.append(fallback)
                } else if param.isRequired {
                    valid = false
                    if speaksNow() { report("missing-required", component: entry.name, path: "/" + param.name, "\(what): missing required \"\(param.name)\"", hint: signatureHint(entry)) }
                } else {
                    values.append(.null)
                }
                continue
            }
            let expression = args[i]
            let value = evaluate(expression, scope: scope, position: .computed) ?? .null
            if value == .null {
                if let fallback = param.defaultValue {
                    values.append(fallback)
                } else if param.isRequired {
                    valid = false
                    if expression.isLiteral, speaksNow() {
                        report("null-required", component: entry.name, path: "/" + param.name, "\(what): \"\(param.name)\" is null", hint: signatureHint(entry))
                    }
                } else {
                    values.append(.null)
                }
                continue
            }
            if !Self.matches(value, param.type) {
                valid = false
                if speaksNow() {
                    if expression.isLiteral {
                        report("type-mismatch", component: entry.name, path: "/" + param.name,
                               "\(what): \"\(param.name)\" expects \(param.type.signatureText), found \(Self.kindName(value))", hint: signatureHint(entry))
                    } else {
                        report("runtime-error", component: entry.name, path: "/" + param.name,
                               "\(what): \"\(param.name)\" expects \(param.type.signatureText), found \(Self.kindName(value))", source: .runtime)
                    }
                }
                continue
            }
            values.append(value)
        }
        return (values, valid)
    }

    // MARK: @Each

    /// `@Each(array, "v", template)`: the template once per element, `v` bound to it (spec §3.5).
    func each(_ args: [OpenUIExpression], scope: [String: OpenUIValue]) -> OpenUIValue {
        guard args.count >= 3, case .array(let items) = evaluate(args[0], scope: scope, position: .computed) ?? .null,
              case .string(let variable) = evaluate(args[1], scope: scope, position: .computed) ?? .null
        else { return .array([]) }
        var out: [OpenUIValue] = []
        for item in items {
            var inner = scope
            inner[variable] = item
            if let value = evaluate(args[2], scope: inner, position: .value) { out.append(value) }
        }
        return .array(out)
    }
}
