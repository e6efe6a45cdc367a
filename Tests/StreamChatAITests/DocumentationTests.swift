import Testing
import TestSupport

/// The public API is documented where its users read it: each public Swift declaration by a `///` comment, each C
/// export by its declaration in the host header.
@Suite struct DocumentationTests {
    /// The Swift modules a Swift program links (the C layer's exports are checked against the header instead).
    static let swiftModules = ["StreamChatAI", "StreamChatOpenUI", "StreamChatA2UI", "StreamChatClient", "StreamChatRenderers"]

    /// Requirements of the standard library's protocols: their protocol documents them (DocC shows its comment).
    static let standardRequirements = [
        "static func ==", "static func <", "func hash(into", "var description: String {", "var debugDescription: String {",
        "init(from decoder", "func encode(to encoder", "init(nilLiteral", "init(booleanLiteral", "init(integerLiteral",
        "init(floatLiteral", "init(stringLiteral", "init(arrayLiteral", "init(dictionaryLiteral", "init(unicodeScalarLiteral",
        "init(extendedGraphemeClusterLiteral", "var startIndex", "var endIndex", "func index(after", "func index(before",
        "subscript(position", "func makeIterator", "mutating func next()", "init?(rawValue", "init(rawValue", "var rawValue",
        "let rawValue",
        "var errorDescription",
    ]

    /// The Swift files under `folder` (relative to the repository), depth first.
    static func swiftFiles(under folder: String) -> [String] {
        let root = repositoryRoot + "/" + folder
        var found = entries(in: root, folders: false, suffix: ".swift").map { folder + "/" + $0 }
        for inner in entries(in: root, folders: true) { found += swiftFiles(under: folder + "/" + inner) }
        return found
    }

    /// What a line declares publicly (from `public` or `open` on), or nil when it declares nothing public.
    static func publicDeclaration(_ line: Substring) -> Substring? {
        var rest = line.drop { $0 == " " }
        // Attributes written before the access level (`@discardableResult public func`).
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            rest = rest[space...].drop { $0 == " " }
        }
        guard rest.hasPrefix("public ") || rest.hasPrefix("open ") else { return nil }
        // (`init` begins `init(`, `init?(` and `init<`; `subscript` begins `subscript(`.)
        let kinds = ["func", "var", "let", "init", "struct", "class", "enum", "protocol", "typealias", "subscript", "actor"]
        // The modifiers between the access level and what it declares.
        var words = rest.split(separator: " ", omittingEmptySubsequences: true).dropFirst()
        while let word = words.first, !kinds.contains(where: { word.hasPrefix($0) }) {
            guard ["static", "final", "mutating", "nonmutating", "override", "nonisolated", "convenience", "required", "indirect",
                   "private(set)", "fileprivate(set)", "internal(set)", "dynamic", "lazy", "weak", "unowned"].contains(String(word))
            else { return nil }
            words = words.dropFirst()
        }
        return words.isEmpty ? nil : rest
    }

    @Test func `every public Swift declaration has a doc comment`() throws {
        var undocumented: [String] = []
        for module in Self.swiftModules {
            for file in Self.swiftFiles(under: "Sources/" + module) {
                let lines = try #require(fileText(repositoryRoot + "/" + file)).split(separator: "\n", omittingEmptySubsequences: false)
                // Inside a public protocol's body, its requirements are public without the word.
                var protocolDepth = 0
                for (i, line) in lines.enumerated() {
                    let trimmed = line.drop { $0 == " " }
                    var declaration = Self.publicDeclaration(line)
                    if protocolDepth > 0 {
                        let requirement = ["func ", "var ", "init(", "init?(", "subscript", "associatedtype ", "static ", "mutating "]
                        if protocolDepth == 1, requirement.contains(where: { trimmed.hasPrefix($0) }) { declaration = trimmed }
                        protocolDepth += trimmed.count { $0 == "{" } - trimmed.count { $0 == "}" }
                    } else if let declaration, declaration.hasPrefix("public protocol "), declaration.hasSuffix("{") {
                        protocolDepth = 1
                    }
                    guard let declaration, !Self.standardRequirements.contains(where: { declaration.contains($0) }) else { continue }
                    // The comment is above the attributes written on lines of their own.
                    var above = i - 1
                    while above >= 0, lines[above].drop(while: { $0 == " " }).hasPrefix("@") { above -= 1 }
                    let comment = above >= 0 ? lines[above].drop { $0 == " " } : ""
                    if !comment.hasPrefix("///") && !comment.hasSuffix("*/") {
                        undocumented.append("\(file):\(i + 1): \(declaration.prefix(100))")
                    }
                }
            }
        }
        #expect(undocumented.isEmpty, "undocumented:\n\(undocumented.joined(separator: "\n"))")
    }

    @Test func `every C export is a function the host header declares, and every function it declares is exported`() throws {
        let header = try #require(fileText(repositoryRoot + "/include/streamchatai.h"))
        // The header's functions: a declaration begins at a line's start (its doc comment above it) with its return type.
        var declared = Set<String>()
        for line in header.split(separator: "\n") where line.first.map({ $0.isLetter }) == true && !line.hasPrefix("typedef") {
            guard let open = line.firstIndex(of: "("),
                  let name = line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last, name.hasPrefix("sca_")
            else { continue }
            declared.insert(String(name))
        }
        var exported = Set<String>()
        var strays: [String] = []
        for file in Self.swiftFiles(under: "Sources/StreamChatAIC") {
            for line in try #require(fileText(repositoryRoot + "/" + file)).split(separator: "\n") {
                guard let declaration = Self.publicDeclaration(line) else { continue }
                let prefix = "public func "
                guard declaration.hasPrefix(prefix + "sca_"), let open = declaration.firstIndex(of: "(") else {
                    strays.append("\(file): \(declaration.prefix(100))")
                    continue
                }
                exported.insert(String(declaration[declaration.index(declaration.startIndex, offsetBy: prefix.count)..<open]))
            }
        }
        #expect(declared.count > 50)
        #expect(strays.isEmpty, "public and no C export: \(strays)")
        #expect(exported.subtracting(declared).isEmpty, "exported, not in the header: \(exported.subtracting(declared).sorted())")
        #expect(declared.subtracting(exported).isEmpty, "in the header, not exported: \(declared.subtracting(exported).sorted())")
    }
}
