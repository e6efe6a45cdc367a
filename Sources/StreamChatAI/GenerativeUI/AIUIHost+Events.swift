extension AIUIHost {
    /// Delivers a user's event on a node of a rendered reply. An input's new
    /// value goes to the format's engine first, else a bound input updates
    /// the reply's data model; an app component's event becomes an action;
    /// any other event of the node goes to the engine.
    public func handle(_ event: AIUIEvent, messageID: String) throws(StreamChatAIError) -> AIUIEventOutcome {
        guard let (reply, renderer, engine) = replyAndRenderer(messageID) else {
            throw StreamChatAIError(.notFound, "no rendered UI for the reply \(messageID)")
        }
        // A render under way let go of the last tree: the event goes to the one it makes (the engine makes one view at a time).
        let tree = reply.tree ?? (reply.rendering > 0 ? render(messageID: messageID)?.root : nil)
        guard let node = tree?.find(event.nodeID) else {
            throw StreamChatAIError(.notFound, "the reply \(messageID) has no node \(event.nodeID) (render it first)")
        }
        // A secret input's value may reach the engine's own state, but nothing the engine or the host sends.
        var event = event
        if node.isSecure {
            // Four characters at least: shorter strings are too common to strip wherever they appear.
            if let secret = event.value?.stringValue, secret.count >= 4 {
                state.withLock { s in _ = s.replies[messageID]?.secrets.insert(secret) }
            }
            if !event.isInput { event.value = nil }
        }
        let toolRuns = AIUIToolRunLog()
        let context = context(messageID, renderer, streaming: reply.document.isStreaming, toolRuns: toolRuns)
        var actions: [AIUIAction] = []
        if event.isInput, engine.input(event, on: node, context: context) {
            invalidate(messageID)  // the engine took the value into its own state
        } else if event.name == "change", let binding = node.bindings["value"]?.stringValue {
            let pointer = binding.hasPrefix("/") ? (try? JSONPointer(binding)) : JSONPointer(tokens: [binding])
            guard let pointer else { throw .invalid(at: "$.bindings.value", "the node \(node.id) is bound to \(binding), which is not a JSON pointer") }
            do {
                try setValue(event.value ?? .null, at: pointer, messageID: messageID)
            } catch {
                throw .invalid(at: "$.value", "the value of \(node.id) can't be kept at \(binding): \(error)")
            }
        } else if let component = components.first(where: { $0.name == node.type }), node.events.contains(event.name) {
            var payload: [(String, JSONValue)] = [("component", .string(component.name)), ("node_id", .string(node.id))]
            if let value = event.value { payload.append(("value", value)) }
            actions = [AIUIAction(messageID: messageID, format: reply.document.format, name: event.name,
                                  label: event.label ?? node.visibleText ?? event.name, payload: .object(JSONObject(payload)))]
        } else if node.events.contains(event.name) {
            actions = engine.handle(event, on: node, context: context)
            invalidate(messageID)  // handling may have changed the engine's state
        } else {
            let raised = node.events.isEmpty ? "it raises none" : "it raises: " + node.events.joined(separator: ", ")
            throw StreamChatAIError(.invalidArgument, "the node \(event.nodeID) raises no \(event.name) event (\(raised))")
        }
        var outcome = enqueue(actions, messageID: messageID)
        outcome.toolRuns = toolRuns.all.map { (tool: $0.0, result: $0.1) }
        return outcome
    }

    /// Sends the actions still waiting for a reply (after `send` failed).
    public func retryActions(messageID: String) -> AIUIEventOutcome { enqueue([], messageID: messageID) }

    /// Queues a reply's actions (without secret values) and sends the queue in
    /// order, one at a time: a failed send keeps it and everything after it
    /// waiting. While one thread sends, others (also `send` itself handling an
    /// event) only queue, so no action is sent twice.
    private func enqueue(_ actions: [AIUIAction], messageID: String) -> AIUIEventOutcome {
        let (cleaned, send) = state.withLock { s -> ([AIUIAction], Send?) in
            guard var reply = s.replies[messageID] else { return ([], nil) }
            let cleaned = actions.map { action in
                var clean = action
                clean.payload = AIUIPolicy.scrub(action.payload, reply.secureKeys, secrets: reply.secrets)
                return clean
            }
            reply.queue += cleaned
            let mine = !reply.draining && s.callbacks.send != nil
            if mine { reply.draining = true }
            s.replies[messageID] = reply
            return (cleaned, mine ? s.callbacks.send : nil)
        }
        if let send {
            while let next = state.withLock({ s -> AIUIAction? in
                guard let reply = s.replies[messageID], let first = reply.queue.first else {
                    s.replies[messageID]?.draining = false
                    return nil
                }
                return first
            }) {
                let sent = send(next)
                let more = state.withLock { s -> Bool in
                    guard var reply = s.replies[messageID] else { return false }
                    if sent, reply.queue.first == next { reply.queue.removeFirst() }
                    if !sent || reply.queue.isEmpty { reply.draining = false }
                    s.replies[messageID] = reply
                    return sent && !reply.queue.isEmpty
                }
                if !more { break }
            }
        }
        return state.withLock { s in
            guard let reply = s.replies[messageID] else { return AIUIEventOutcome(actions: cleaned, unsent: 0, state: JSONObject()) }
            return AIUIEventOutcome(actions: cleaned, unsent: reply.queue.count,
                                    state: AIUIPolicy.scrub(reply.dataModel, reply.secureKeys, secrets: reply.secrets).objectValue ?? JSONObject())
        }
    }

    /// The reply's form values for an action's payload, without password values.
    public func formValues(messageID: String) -> JSONObject {
        state.withLock { s in
            guard let reply = s.replies[messageID] else { return JSONObject() }
            return AIUIPolicy.scrub(reply.dataModel, reply.secureKeys, secrets: reply.secrets).objectValue ?? JSONObject()
        }
    }
}
