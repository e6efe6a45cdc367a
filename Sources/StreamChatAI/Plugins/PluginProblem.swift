/// Why a plugin was skipped or failed: the reason, and where (file and JSON path).
public struct PluginProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The file it is about, when known.
    public var file: String?
    /// The JSON path in the manifest, when it is about the manifest.
    public var path: String?

    public init(reason: String, file: String? = nil, path: String? = nil) {
        self.reason = reason
        self.file = file
        self.path = path
    }

    public var description: String {
        [file, path].compactMap { $0 }.joined(separator: " ") + (file == nil && path == nil ? "" : ": ") + reason
    }
}
