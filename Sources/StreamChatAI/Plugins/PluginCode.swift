/// A plugin's loaded code, whatever kind it is: a shared object in the host,
/// the same in a child process, (later) a server. The host loads it on first
/// need and keeps it; calls go through this seam only.
protocol PluginCode: Sendable {
    /// Starts one tool call; the code completes `completion` now or later.
    func call(tool name: String, arguments: JSONObject, completion: AIToolCompletion)
    /// An optional feature by versioned id (`streamchatai.renderer/1`), for code in the host.
    func feature(_ id: String) -> UnsafeRawPointer?
}

extension PluginCode {
    func feature(_ id: String) -> UnsafeRawPointer? { nil }
}
