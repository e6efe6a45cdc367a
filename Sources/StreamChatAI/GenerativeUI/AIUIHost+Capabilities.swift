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
            return AIUICapabilities.Renderer(format: renderer.format, fence: renderer.fence, instructions: instructions)
        }, components: components)
    }
}
