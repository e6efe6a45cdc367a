import Testing
import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VersionTests {
    /// The text of a file of this repository.
    static func repositoryFile(_ relative: String) throws -> String {
        let here = #filePath
        let root = here.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let file = try #require(fopen(root + "/" + relative, "rb"))
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func `the header's version macros match the library`() throws {
        let header = try Self.repositoryFile("include/streamchatai.h")
        #expect(header.contains("#define SCA_VERSION_STRING \"\(StreamChatAIVersion.string)\""))
        #expect(header.contains("#define SCA_ABI_VERSION \(StreamChatAIVersion.abi)\n"))
        #expect(UITree.version == 1)
    }
}
