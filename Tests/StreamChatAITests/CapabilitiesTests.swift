import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct CapabilitiesTests {
    @Test func `capabilities match the golden file`() throws {
        let host = AIUIHost(configuration: .init(instructions: "Answer trip plans as UI."), renderers: [ListRenderer()],
                            components: [try AIUIComponentDefinition(json: try JSONValue(parsing: AIUIComponentTests.placeCard))],
                            tools: [try UIToolPolicyTests().tool("calendar_events", readOnly: true), try UIToolPolicyTests().tool("book_table", readOnly: false)])
        let golden = try JSONParser.parse(readBytes(repositoryRoot + "/Tests/StreamChatAITests/Golden/capabilities.json"))
        #expect(host.capabilities.jsonValue == golden, "\(JSONSerializer.string(host.capabilities.jsonValue, style: .pretty))")
        #expect(JSONSerializer.string(host.capabilities.jsonValue) == JSONSerializer.string(host.capabilities.jsonValue))
    }
}
