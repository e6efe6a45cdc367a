extension AIUIHost {
    /// What the agent's backend needs. Each renderer's instructions are the
    /// app's, then the format's own, written from its components, the app's and
    /// the host's tools. Deterministic.
    public var capabilities: AIUICapabilities {
        let (renderers, components) = state.withLock { s in (s.renderers.map(\.renderer), s.components) }
        let tools = self.tools
        return AIUICapabilities(renderers: renderers.map { renderer in
            let instructions = [configuration.instructions, renderer.instructions(components: renderer.usable(components), tools: tools)]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
            return AIUICapabilities.Renderer(format: renderer.format, fence: renderer.fence, instructions: instructions, fields: renderer.capabilityFields)
        }, components: components)
    }

    /// The fence info strings the host's renderers read, each to its format (`openui-lang` → `openui`): what an
    /// ``AIUIFenceExtractor`` for this host takes. A renderer without a fence is not listed; of two with one fence, the first asked.
    public var fences: [String: String] {
        let renderers = state.withLock { s in s.renderers.map(\.renderer) }
        var out: [String: String] = [:]
        for renderer in renderers {
            if let fence = renderer.fence, out[fence] == nil { out[fence] = renderer.format }
        }
        return out
    }

    /// The `ai_ui` document of a UI fenced in a whole reply's `text` (a fence
    /// of one of the host's renderers), and the text without it; nil when the
    /// text has none.
    public func fencedUI(in text: String) -> (ui: JSONValue, text: String)? {
        let fences = self.fences
        guard !fences.isEmpty else { return nil }
        var extractor = AIUIFenceExtractor(fences: fences)
        extractor.feed(text)
        extractor.finish()
        return extractor.ui.map { ($0, extractor.text) }
    }
}
