import Synchronization

/// The tools one runner, UI host or chat client can run, gathered from its
/// tool sources in order: when two sources offer a tool of one name, the
/// earlier source's tool is the one that runs, and the other is reported as a
/// conflict. The box's own list (``add(_:)``) comes first.
///
/// The resolved tools are kept until a source says its tools changed, so a
/// lookup costs one dictionary access.
public final class AIToolBox: Sendable {
    /// A tool left out because an earlier source has one of its name.
    public struct Conflict: Sendable, Hashable {
        /// The tool's name.
        public var tool: String
        /// The origin of the tool that is kept.
        public var kept: String
    }

    private struct Resolved {
        var tools: [String: AIClientTool] = [:]
        var origins: [String: String] = [:]
        var owners: [String: ObjectIdentifier] = [:]
        var sorted: [String] = []
    }

    private struct State {
        var sources: [any AIToolSource] = []
        var resolved: Resolved?
        /// Counts changes, so a resolution that raced with one is not kept.
        var generation = 0
        var observers: [@Sendable () -> Void] = []
    }

    /// The box's own tools, asked first.
    public let own: AIToolList
    private let state = Mutex(State())

    /// A box whose own tools have `origin` (default "the app").
    public init(origin: String = "the app", tools: [AIClientTool] = []) {
        own = AIToolList(origin: origin, tools: tools)
        attach(own)
    }

    /// Adds a tool to the box's own list. The first tool of a name wins:
    /// returns false, keeping the earlier one, when the box can already run a
    /// tool of that name (from any source).
    @discardableResult
    public func add(_ tool: AIClientTool) -> Bool {
        guard self.tool(named: tool.name) == nil else { return false }
        return own.add(tool)
    }

    /// Adds a source after the others; returns the tools it offers that an
    /// earlier source already has. Adding the same source again changes nothing.
    @discardableResult
    public func add(source: any AIToolSource) -> [Conflict] {
        let added = state.withLock { s -> Bool in
            guard !s.sources.contains(where: { $0 === source }) else { return false }
            s.sources.append(source)
            s.resolved = nil
            s.generation += 1
            return true
        }
        if added {
            source.observeChanges { [weak self] in self?.sourceChanged() }
            notify()
        }
        return conflicts(of: source)
    }

    /// The tools of `source` that an earlier source shadows.
    public func conflicts(of source: any AIToolSource) -> [Conflict] {
        let resolved = resolve()
        let id = ObjectIdentifier(source)
        return source.tools.compactMap { tool in
            guard let owner = resolved.owners[tool.name], owner != id else { return nil }
            return Conflict(tool: tool.name, kept: resolved.origins[tool.name] ?? "another tool")
        }
    }

    /// The tool that runs for `name`, if any source offers one.
    public func tool(named name: String) -> AIClientTool? { resolve().tools[name] }

    /// Who provides the tool that runs for `name`.
    public func origin(of name: String) -> String? { resolve().origins[name] }

    /// Every tool that can run, sorted by name.
    public var tools: [AIClientTool] {
        let resolved = resolve()
        return resolved.sorted.map { resolved.tools[$0]! }
    }

    /// The names of the tools that can run, sorted.
    public var toolNames: [String] { resolve().sorted }

    /// Calls `handler` (on any thread) whenever the tools that can run may have changed.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(handler) }
    }

    private func attach(_ source: any AIToolSource) {
        state.withLock { $0.sources.append(source) }
        source.observeChanges { [weak self] in self?.sourceChanged() }
    }

    private func sourceChanged() {
        state.withLock { s in
            s.resolved = nil
            s.generation += 1
        }
        notify()
    }

    private func notify() {
        for observer in state.withLock({ $0.observers }) { observer() }
    }

    private func resolve() -> Resolved {
        if let resolved = state.withLock({ $0.resolved }) { return resolved }
        // Listing runs outside the lock: a source may take its own locks to answer.
        let (sources, generation) = state.withLock { ($0.sources, $0.generation) }
        var resolved = Resolved()
        for source in sources {
            let origin = source.origin
            let id = ObjectIdentifier(source)
            for tool in source.tools where resolved.tools[tool.name] == nil {
                resolved.tools[tool.name] = tool
                resolved.origins[tool.name] = origin
                resolved.owners[tool.name] = id
            }
        }
        resolved.sorted = resolved.tools.keys.sorted()
        state.withLock { s in if s.generation == generation { s.resolved = resolved } }
        return resolved
    }
}
