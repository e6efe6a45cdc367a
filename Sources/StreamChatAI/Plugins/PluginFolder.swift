#if canImport(Glibc)
import Glibc
#endif

/// A plugin folder that passed discovery: its manifest and where its library is.
/// Discovery reads files only; no plugin code runs.
public struct PluginFolder: Sendable, Hashable {
    /// The folder's real path.
    public let path: String
    /// The manifest.
    public let manifest: PluginManifest
    /// The library's real path, inside the folder (kind `library`).
    public let libraryPath: String?

    /// The largest manifest read.
    static let maxManifestBytes = 1 << 20

    /// Reads and checks the plugin in `path`.
    /// - Parameter allowWritable: accept files and folders writable by group or others.
    public init(path: String, allowWritable: Bool = false) throws(PluginProblem) {
        let manifestPath = path + "/manifest.json"
        var info = stat()
        guard lstat(path, &info) == 0 else { throw PluginProblem(reason: POSIX.errnoText("cannot read the folder"), file: path) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw PluginProblem(reason: "a plugin must be a real folder, not a link or a file", file: path)
        }
        try PluginTrust.check(info, of: path, allowWritable: allowWritable)
        guard let real = POSIX.realPath(path) else { throw PluginProblem(reason: POSIX.errnoText("cannot resolve the folder"), file: path) }
        self.path = real

        guard lstat(manifestPath, &info) == 0 else {
            throw PluginProblem(reason: errno == ENOENT ? "no manifest.json in the folder" : POSIX.errnoText("cannot read manifest.json"), file: manifestPath)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PluginProblem(reason: "manifest.json must be a regular file, not a link", file: manifestPath)
        }
        try PluginTrust.check(info, of: manifestPath, allowWritable: allowWritable)
        guard Int(info.st_size) <= Self.maxManifestBytes else {
            throw PluginProblem(reason: "manifest.json is \(info.st_size) bytes, over the limit of \(Self.maxManifestBytes)", file: manifestPath)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(manifestPath, limit: Self.maxManifestBytes)
        } catch {
            throw PluginProblem(reason: error.message, file: manifestPath)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: Self.maxManifestBytes))
        } catch {
            throw PluginProblem(reason: "manifest.json is not valid JSON: \(error.message) at byte \(error.offset)", file: manifestPath, path: error.path)
        }
        do {
            manifest = try PluginManifest(json: json)
        } catch {
            throw PluginProblem(reason: error.reason, file: manifestPath, path: error.path)
        }

        switch manifest.kind {
        case .library:
            libraryPath = try Self.checkedFile(manifest.library ?? "", in: real, path: "$.library", allowWritable: allowWritable)
        case .mcpServer:
            libraryPath = nil
            try Self.checkServerFiles(manifest.mcpServer?.command ?? [], in: real, allowWritable: allowWritable)
        }
    }

    /// An MCP server's program, when it names a file with a slash, must be
    /// inside the folder; it and every argument naming a file of the folder
    /// (`server.py`) pass the same checks as a library.
    static func checkServerFiles(_ command: [String], in real: String, allowWritable: Bool) throws(PluginProblem) {
        for (i, part) in command.enumerated() where !part.hasPrefix("-") && !part.hasPrefix("/") {
            let path = "$.mcp_server.command[\(i)]"
            var info = stat()
            let named = real + "/" + part
            if i == 0 && part.contains("/") || (i > 0 && lstat(named, &info) == 0) {
                if part.split(separator: "/").contains("..") {
                    throw PluginProblem(reason: "the server's files must stay inside the plugin's folder", file: named, path: path)
                }
                do {
                    _ = try checkedFile(part, in: real, path: path, allowWritable: allowWritable, noun: "the server's file")
                } catch {
                    var problem = error
                    problem.path = path
                    throw problem
                }
            }
        }
        if let program = command.first, program.hasPrefix("/") {
            throw PluginProblem(reason: "the server's program is a file inside the folder or a bare name found on PATH, not \(program)",
                                path: "$.mcp_server.command[0]")
        }
    }

    /// The real path of `relative` inside the folder `real`: refused when it is
    /// missing, leaves the folder (also through a link), is not a regular
    /// file, or may be changed by others.
    static func checkedFile(_ relative: String, in real: String, path jsonPath: String, allowWritable: Bool,
                            noun: String = "the library") throws(PluginProblem) -> String {
        var info = stat()
        let library = real + "/" + relative
        guard let realLibrary = POSIX.realPath(library) else {
            throw PluginProblem(reason: errno == ENOENT ? "\(noun) \(relative) is missing" : POSIX.errnoText("cannot resolve \(noun)"),
                                file: library, path: jsonPath)
        }
        guard realLibrary.hasPrefix(real + "/") else {
            throw PluginProblem(reason: "\(noun) resolves to \(realLibrary), outside the plugin's folder", file: library, path: jsonPath)
        }
        guard stat(realLibrary, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw PluginProblem(reason: "\(noun) is not a regular file", file: library, path: jsonPath)
        }
        try PluginTrust.check(info, of: realLibrary, allowWritable: allowWritable)
        try PluginTrust.checkFolders(from: real, to: realLibrary, allowWritable: allowWritable)
        return realLibrary
    }

    /// The subfolders of `directory`, sorted by name (hidden ones left out).
    static func subfolders(of directory: String) throws(PluginProblem) -> [String] {
        guard let dir = opendir(directory) else { throw PluginProblem(reason: POSIX.errnoText("cannot read the plugins folder"), file: directory) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        return names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }).map { directory + "/" + $0 }
    }
}
