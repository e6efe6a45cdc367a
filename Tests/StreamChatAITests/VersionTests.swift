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
        #expect(header.contains("#define SCA_VERSION_NUMBER \(StreamChatAIVersion.number)\n"))
        let parts = StreamChatAIVersion.string.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 3 && parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2] == StreamChatAIVersion.number)
        #expect(UITree.version == 1)
    }

    @Test func `the Python package and the Makefile take their version from the header`() throws {
        let pyproject = try Self.repositoryFile("python/pyproject.toml")
        #expect(pyproject.contains("version = \"\(StreamChatAIVersion.string)\""))
        let makefile = try Self.repositoryFile("Makefile")
        #expect(makefile.contains("VERSION := $(shell sed -n 's/^#define SCA_VERSION_STRING"))
    }

    @Test func `every declaration of the host header is dated and has a thread tag`() throws {
        let header = try Self.repositoryFile("include/streamchatai.h")
        // Each declaration's doc comment ends with the version it appeared in.
        var comment = ""
        for line in header.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("/**") { comment = "" }
            comment += line + "\n"
            let declares = line.hasPrefix("sca_status ") || line.hasPrefix("typedef ") || line.hasPrefix("void ")
                || line.hasPrefix("const char *") || line.hasPrefix("int ") || line.hasPrefix("int64_t ")
            if declares {
                #expect(comment.contains("Since 0."), "\(line) has no \"Since\"")
                if line.contains("(") && !line.hasPrefix("typedef struct") {
                    #expect(comment.contains("[any-thread") || comment.contains("[not concurrently") || comment.contains("[callback:"),
                            "\(line) has no thread tag")
                }
                comment = ""
            }
        }
    }
}
