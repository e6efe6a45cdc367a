import Synchronization

/// The tools run while one event was handled, for its outcome.
final class AIUIToolRunLog: Sendable {
    private let runs = Mutex<[(String, AIToolResult)]>([])
    func record(_ tool: String, _ result: AIToolResult) { runs.withLock { $0.append((tool, result)) } }
    var all: [(String, AIToolResult)] { runs.withLock { $0 } }
}
