/// Why a plugin was skipped or failed: the reason, and where (file and JSON path).
public struct PluginProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The file it is about, when known.
    public var file: String?
    /// The JSON path in the manifest, when it is about the manifest.
    public var path: String?
    /// A safety rule refused the plugin (or the plugins folder), rather than it being unreadable.
    public var refused: Bool
    /// The failure may pass (a helper that started too slowly): the next call tries again.
    public var transient: Bool

    /// A problem: `reason`, in `file` at the manifest's JSON `path`, refused by a safety rule or failing for a while only.
    public init(reason: String, file: String? = nil, path: String? = nil, refused: Bool = false, transient: Bool = false) {
        self.reason = reason
        self.file = file
        self.path = path
        self.refused = refused
        self.transient = transient
    }

    public var description: String {
        [file, path].compactMap { $0 }.joined(separator: " ") + (file == nil && path == nil ? "" : ": ") + reason
    }
}
