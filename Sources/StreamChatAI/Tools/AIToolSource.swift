/// Where tools come from: the embedding program's own tools (``AIToolList``),
/// a plugin, an MCP server. A source's tools can change and go away; it tells
/// its observers when they do, and whoever runs calls asks it again.
///
/// ```swift
/// let app = AIToolList(origin: "the app")
/// app.add(openScreen)
/// runner.add(source: app)
/// ```
public protocol AIToolSource: AnyObject, Sendable {
    /// Who provides the tools, for reports: `the app`, `plugin "weather"`.
    var origin: String { get }
    /// The tools as they are now, in a stable order.
    var tools: [AIClientTool] { get }
    /// Calls `handler` (on any thread) each time the tools change.
    func observeChanges(_ handler: @escaping @Sendable () -> Void)
}
