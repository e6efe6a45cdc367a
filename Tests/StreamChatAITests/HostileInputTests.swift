import TestSupport
import Testing
@testable import StreamChatAI

/// Bad input gets an error or a degraded result, never a crash or a hang:
/// deterministic mutations of valid documents fed to every reader.
@Suite struct HostileInputTests {
    static let seeds: [String] = [
        #"[{"type": "ai_reasoning", "id": "r1", "status": "streaming", "preview": "A **b** `c` [d](e)\n\nf"}, {"type": "ai_tool_call", "id": "c", "arguments": {"a": [1, 2.5, null, true]}, "approval": {"title": "T"}, "authorization": {"url": "https://x/y", "handoff_token": "h"}}]"#,
        #"{"manifest_version": 1, "name": "p", "version": "1", "library": "l.so", "entry": "e", "abi": {"major": 1, "minor": 0}, "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"pattern": "^[a-z]+$"}}}}]}"#,
        #"{"ai_ui": {"v": 1, "format": "cards", "status": "streaming", "content": [{"id": "a", "title": "A", "tool": {"name": "x"}}]}}"#,
    ]

    func mutations(of text: String, count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SeededRandom(state: seed)
        let bytes = Array(text.utf8)
        let alphabet = Array("{}[]\",:\\ 0123456789.eE-+truefalsnul\u{0}\u{1}".utf8) + [0xFF, 0xC3, 0xE2, 0x80, 0xF0]
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard !b.isEmpty else { break }
                let i = Int.random(in: 0..<b.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: b[i] = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                case 1: b.remove(at: i)
                case 2: b.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)], at: i)
                default: b = Array(b[..<i])
                }
            }
            return b
        }
    }

    @Test func `mutated JSON never crashes the parser or the step decoder`() {
        var parsed = 0
        for (n, seed) in Self.seeds.enumerated() {
            for bytes in mutations(of: seed, count: 700, seed: UInt64(n + 1)) {
                guard let value = try? JSONParser.parse(bytes) else { continue }
                parsed += 1
                let parts = AIMessagePart.parts(fromPartsOrAttachments: value.arrayValue ?? [value])
                _ = StepsPresenter.tree(for: parts).jsonValue
                #expect((try? JSONParser.parse(JSONSerializer.string(value))) == value)
            }
        }
        #expect(parsed > 0)
    }

    @Test func `mutated manifests and UI documents are refused or read, never crash`() {
        let host = AIUIHost()
        for bytes in mutations(of: Self.seeds[1], count: 500, seed: 9) {
            if let value = try? JSONParser.parse(bytes) { _ = try? PluginManifest(json: value) }
        }
        for (i, bytes) in mutations(of: Self.seeds[2], count: 500, seed: 10).enumerated() {
            if let value = try? JSONParser.parse(bytes) { _ = host.receive(messageID: "m\(i)", customData: value) }
        }
    }

    @Test func `random text never crashes the reasoning layout, the fence extractor or patterns`() throws {
        var rng = SeededRandom(state: 77)
        let pieces = ["*", "**", "_", "`", "``", "[", "]", "(", ")", "\\", "\n", "\n\n", " ", "a", "é", "😀", "\r", "```", "```cards-json\n", "```\n"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<80, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
            var doc = ReasoningDocument()
            var extractor = AIUIFenceExtractor(fences: ["cards-json": "cards"])
            for chunk in text.split(separator: "a", omittingEmptySubsequences: false) {
                doc.append(String(chunk) + "a")
                extractor.feed(String(chunk))
            }
            doc.finish()
            extractor.finish()
            for paragraph in doc.paragraphs {
                for run in paragraph.runs { #expect(run.range.upperBound <= doc.bytes.count) }
            }
            if let pattern = try? SchemaPattern(text) { _ = pattern.search(text) }
        }
    }

    @Test func `huge and deep inputs are refused quickly`() {
        #expect(throws: JSONError.self) { try JSONParser.parse(String(repeating: "{\"a\":", count: 100_000)) }
        let big = "[" + String(repeating: "1,", count: 500_000) + "1]"
        #expect((try? JSONParser.parse(big))?.arrayValue?.count == 500_001)
        #expect(throws: JSONError.self) { try JSONParser.parse(big, limits: JSONLimits(maxBytes: 1000)) }
    }
}
