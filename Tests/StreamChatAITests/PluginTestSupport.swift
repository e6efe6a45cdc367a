import Testing
@testable import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The repository's root, from this file's place in it.
let repositoryRoot: String = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

/// A folder of built plugins (`make plugins`): `plugins` or `test-plugins`.
func builtPlugins(_ set: String) throws -> String {
    let path = repositoryRoot + "/build/" + set
    try #require(access(path + "/.", F_OK) == 0, "\(path) is missing: run `make plugins` first (make test does)")
    return path
}

/// Runs one tool call through a runner with the plugins of `directory` and returns its result.
func runPluginTool(_ runner: AIClientToolRunner, _ tool: String, arguments: String = "{}", id: String = "call") throws -> AIToolResult? {
    let r = Recorder()
    runner.run(try parts(clientCall(id, tool: tool, arguments: arguments)), send: r.sender())
    if r.sent.isEmpty { _ = r.waitForSend() }
    return r.sent.first?.1
}

/// Makes a plugin folder in a fresh temporary directory; returns (directory, folder).
func makePluginFolder(name: String = "p", manifest: String, library: (source: String, as: String)? = nil,
                      mode: mode_t = 0o755) -> (String, String) {
    let directory = temporaryDirectory()
    let folder = directory + "/" + name
    mkdir(folder, mode)
    chmod(folder, mode)
    write(manifest, to: folder + "/manifest.json")
    if let library {
        let bytes = readBytes(library.source)
        let f = fopen(folder + "/" + library.as, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        chmod(folder + "/" + library.as, 0o755)
    }
    return (directory, folder)
}

func write(_ text: String, to path: String) {
    let f = fopen(path, "wb")!
    fputs(text, f)
    fclose(f)
    chmod(path, 0o644)
}

/// The file's bytes; a file that can't be read is recorded as an issue (with why), not taken for an empty one.
func readBytes(_ path: String, missingIsEmpty: Bool = false) -> [UInt8] {
    do { return try FileBytes.read(path) } catch {
        if !missingIsEmpty || access(path, F_OK) == 0 { Issue.record("cannot read \(path): \(error)") }
        return []
    }
}
