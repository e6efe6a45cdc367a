import Testing
import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VersionTests {
    /// The text of a file of this repository.
    static func repositoryFile(_ relative: String) throws -> String {
        String(decoding: try FileBytes.read(repositoryRoot + "/" + relative), as: UTF8.self)
    }

    @Test func `the header's version macros match the library`() throws {
        let header = try Self.repositoryFile("include/streamchatai.h")
        #expect(header.contains("#define SCA_VERSION_STRING \"\(StreamChatAIVersion.string)\""))
        #expect(header.contains("#define SCA_ABI_VERSION \(StreamChatAIVersion.abi)\n"))
        #expect(UITree.version == 1)
    }
}
