import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct AIUIDocumentTests {
    @Test func `a valid ai_ui field reads`() throws {
        let doc = try AIUIDocument.read(customData: try uiData("[1]", status: "streaming", version: "1.0")).get()
        #expect(doc.format == "list" && doc.version == "1.0" && doc.isStreaming && doc.content == [1])
        #expect(try AIUIDocument.read(customData: try JSONValue(parsing: #"{"ai_ui": {"v": 1, "format": "openui", "content": "root = Card([])"}}"#)).get().isStreaming == false)
    }

    @Test func `anything malformed reads as no UI with a reason`() throws {
        let cases: [(String, String)] = [
            (#"{}"#, "no ai_ui field"), (#"{"ai_ui": 3}"#, "not an object"), (#"{"ai_ui": {"format": "x", "content": 1}}"#, "has no v"),
            (#"{"ai_ui": {"v": 2, "format": "x", "content": 1}}"#, "v is 2"), (#"{"ai_ui": {"v": "1", "format": "x", "content": 1}}"#, "must be an integer"),
            (#"{"ai_ui": {"v": 1, "content": 1}}"#, "format"), (#"{"ai_ui": {"v": 1, "format": "x"}}"#, "no content"),
            (#"{"ai_ui": {"v": 1, "format": "x", "status": "done", "content": 1}}"#, "status"), ("[]", "not an object"),
        ]
        for (json, needle) in cases {
            guard case .failure(let reason) = AIUIDocument.read(customData: try JSONValue(parsing: json)) else {
                Issue.record("\(json) must read as no UI")
                continue
            }
            #expect(reason.reason.contains(needle), "\(reason)")
        }
    }
}
