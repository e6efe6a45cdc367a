import Synchronization

/// A tool source the program fills itself: tools added and removed by name.
public final class AIToolList: AIToolSource {
    /// Who provides the tools, for reports.
    public let origin: String
    private let state = Mutex<(tools: [AIClientTool], observers: [@Sendable () -> Void])>(([], []))

    /// An empty list.
    public init(origin: String = "the app", tools: [AIClientTool] = []) {
        self.origin = origin
        for tool in tools { add(tool) }
    }

    /// The tools in the order added.
    public var tools: [AIClientTool] { state.withLock { $0.tools } }

    /// Adds a tool; false (and the list unchanged) when it has one of that name.
    @discardableResult
    public func add(_ tool: AIClientTool) -> Bool {
        changing { tools in
            guard !tools.contains(where: { $0.name == tool.name }) else { return false }
            tools.append(tool)
            return true
        }
    }

    /// Removes the tool of that name; false when there is none.
    @discardableResult
    public func remove(named name: String) -> Bool {
        changing { tools in
            guard let i = tools.firstIndex(where: { $0.name == name }) else { return false }
            tools.remove(at: i)
            return true
        }
    }

    /// Calls `handler` after each change to the list, on the thread that made it, outside the list's lock.
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(handler) }
    }

    private func changing(_ body: (inout [AIClientTool]) -> Bool) -> Bool {
        let observers = state.withLock { s -> [@Sendable () -> Void]? in body(&s.tools) ? s.observers : nil }
        guard let observers else { return false }
        for observer in observers { observer() }
        return true
    }
}
