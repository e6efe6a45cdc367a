import StreamChatAI

/// What the user does in a reply: typing into inputs (bound variables or form
/// fields) and triggering controls, whose action plans run step by step (spec §5–§6.3).
extension OpenUIReply {
    /// An input's new value: a bound `$variable` takes it (two-way binding),
    /// else the field of its form (or the page-level scope). Returns the
    /// Queries that read a changed variable, fetched again.
    public func input(nodeID: String, value: OpenUIValue) -> [OpenUIToolCall] {
        guard let info = nodes[nodeID] else { return [] }
        let c = info.component
        fieldErrors[nodeID] = nil
        let secret = Self.isSecret(c)
        if let variable = c.props.members.lazy.compactMap({ if case .binding(let v) = $0.value { v } else { nil } }).first {
            written[variable] = value
            if secret { secretVariables.insert(variable) }
            return queriesReading([variable])
        }
        let name = c.props["name"]?.text ?? nodeID
        var form = fields[info.formName ?? "", default: []]
        let entry = (name: name, value: value, componentType: c.type.lowercased(), isSecret: secret)
        if let i = form.firstIndex(where: { $0.name == name }) { form[i] = entry } else { form.append(entry) }
        fields[info.formName ?? ""] = form
        return []
    }

    /// The user triggered a control (a tap): its action plan runs, or the
    /// component's default action (a button with none, a follow-up: its text
    /// goes to the assistant). A primary button in a form checks the form
    /// first; when a field fails, nothing runs.
    public func trigger(nodeID: String) -> OpenUIActivation {
        guard let info = nodes[nodeID] else { return OpenUIActivation() }
        let c = info.component
        let plan: OpenUIPlan? = {
            if case .plan(let p)? = c.props["action"] { return p }
            for (name, value) in c.props.members where name != "share" {
                if case .plan(let p) = value { return p }
            }
            return nil
        }()
        let submits = plan.map { $0.steps.contains { s in
            s.name == "ToAssistant" || library.action(named: s.name) != nil
                || (s.name == "Run" && program.statement(s.args.first?.text ?? "")?.kind == .mutation)
        } } ?? true
        let variant = c.props["variant"]?.text
        if let form = info.formName, submits, variant == nil || variant == "primary" {
            let invalid = validate(form: form)
            if !invalid.isEmpty {
                fieldErrors.merge(invalid) { $1 }
                var activation = OpenUIActivation()
                activation.invalidFields = invalid
                return activation
            }
        }
        guard let plan else {
            // The default action: the control's text continues the conversation.
            let label = (c.props["label"] ?? c.props["text"] ?? c.props["title"] ?? .null).text
            var activation = OpenUIActivation()
            activation.events.append(OpenUIEvent(type: "continue_conversation", humanFriendlyMessage: label, formName: info.formName,
                                                 formState: formState(info.formName)))
            return activation
        }
        return run(plan.steps, from: 0, formName: info.formName)
    }

    /// Runs steps in order from `start`; stops at a Mutation (the rest waits for it) or after the last.
    func run(_ steps: [OpenUIStep], from start: Int, formName: String?) -> OpenUIActivation {
        var activation = OpenUIActivation()
        var changed = Set<String>()
        var i = start
        while i < steps.count {
            let step = steps[i]
            i += 1
            guard step.isValid else { continue }
            let evaluator = OpenUIEvaluator(program: program, library: library, inputs: inputs(state: state))
            func value(_ n: Int) -> OpenUIValue {
                n < step.expressions.count ? evaluator.evaluate(step.expressions[n], scope: step.scope, position: .computed) ?? .null : .null
            }
            switch step.name {
            case "Set":
                let target = step.args.first?.text ?? ""
                written[target] = value(1)
                changed.insert(target)
            case "Reset":
                for target in step.args.map(\.text) {
                    written[target] = nil
                    changed.insert(target)
                }
            case "Run":
                let target = step.args.first?.text ?? ""
                switch program.statement(target)?.kind {
                case .query?:
                    if let call = queryCall(target) { activation.queries.append(call) }
                case .mutation?:
                    guard let call = mutationCall(target) else { continue }  // already running: a second run is rejected
                    waitingPlans[call.generation] = (steps, i, formName)
                    activation.mutation = call
                    activation.queries += queriesReading(changed)
                    return activation
                default: continue
                }
            case "ToAssistant":
                var params = OpenUIObject()
                if step.expressions.count > 1, case let context = value(1), context != .null { params["context"] = context }
                activation.events.append(OpenUIEvent(type: "continue_conversation", params: params, humanFriendlyMessage: value(0).text,
                                                     formName: formName, formState: formState(formName)))
            case "OpenUrl":
                activation.events.append(OpenUIEvent(type: "open_url", params: OpenUIObject([("url", value(0))]), formName: formName,
                                                     formState: formState(formName)))
            default:
                guard let action = library.action(named: step.name) else { continue }
                var params = OpenUIObject()
                for (n, param) in action.props.enumerated() {
                    let v = value(n)
                    params[param.name] = v == .null ? (param.defaultValue ?? .null) : v
                }
                activation.events.append(OpenUIEvent(type: step.name, params: params, formName: formName, formState: formState(formName)))
            }
        }
        activation.queries += queriesReading(changed)
        return activation
    }

    /// A run of the Mutation `name` with its arguments evaluated now; nil while it is still running.
    func mutationCall(_ name: String) -> OpenUIToolCall? {
        guard let statement = program.statement(name), case .mutation(let args) = statement.expression, !args.isEmpty else { return nil }
        if case .object(let status)? = mutationResults[name], status["status"] == .string("loading") { return nil }
        let evaluator = OpenUIEvaluator(program: program, library: library, inputs: inputs(state: state))
        let tool = evaluator.evaluate(args[0], scope: [:], position: .computed)?.text ?? ""
        let arguments = args.count > 1 ? evaluator.evaluate(args[1], scope: [:], position: .computed) ?? .null : .null
        mutationGeneration += 1
        mutationResults[name] = .object(OpenUIObject([("status", .string("loading")), ("data", .null), ("error", .null)]))
        invalidate([name])
        return OpenUIToolCall(kind: .mutation, statement: name, tool: tool, arguments: arguments.jsonValue.objectValue ?? JSONObject(),
                              generation: mutationGeneration)
    }

    /// A form's fields (`{form: {field: {value, componentType}}}`), or outside a
    /// form the page-level fields and the state variables, read now.
    func formState(_ formName: String?) -> JSONValue {
        func encode(_ list: [(name: String, value: OpenUIValue, componentType: String, isSecret: Bool)]) -> [(String, JSONValue)] {
            list.filter { !$0.isSecret }.map { ($0.name, ["value": $0.value.jsonValue, "componentType": .string($0.componentType)]) }
        }
        if let formName {
            return .object(JSONObject([(formName, .object(JSONObject(encode(fields[formName] ?? []))))]))
        }
        var members = encode(fields[""] ?? [])
        for (name, value) in state.sorted(by: { $0.key < $1.key }) where !secretVariables.contains(name) { members.append((name, value.jsonValue)) }
        return .object(JSONObject(members))
    }

    /// A password input: what the user types there is never sent.
    static func isSecret(_ c: OpenUIComponent) -> Bool {
        c.props["type"] == .string("password") || UINode.namesPassword(c.type)
    }

    /// The fields of `form` that break their rules, by node id.
    func validate(form: String) -> [String: String] {
        var failures: [String: String] = [:]
        let current = state
        for (id, info) in nodes where info.formName == form {
            guard case .object(let rules)? = info.component.props["rules"] else { continue }
            let c = info.component
            let value: OpenUIValue
            if let variable = c.props.members.lazy.compactMap({ if case .binding(let v) = $0.value { v } else { nil } }).first {
                value = current[variable] ?? .null
            } else {
                let name = c.props["name"]?.text ?? id
                value = fields[form]?.first { $0.name == name }?.value ?? c.props["value"] ?? .null
            }
            if let message = OpenUIValidation.failure(of: value, rules: rules) { failures[id] = message }
        }
        return failures
    }
}
