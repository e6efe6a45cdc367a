import Testing
import StreamChatAI

@Suite struct ToolDefinitionTests {
    @Test func `an MCP tool converts without loss`() throws {
        let mcp = """
            {"name": "get_weather", "title": "Weather", "description": "Current weather",
             "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
             "outputSchema": {"type": "object", "properties": {"temp": {"type": "number"}}},
             "annotations": {"title": "Weather lookup", "readOnlyHint": true, "openWorldHint": true},
             "icons": [{"src": "https://e.x/i.png"}], "_meta": {"x": 1}, "execution": {"taskSupport": "optional"}}
            """
        let value = try JSONValue(parsing: mcp)
        let d = try AIToolDefinition(json: value)
        #expect(d.jsonValue == value)
        #expect(d.name == "get_weather")
        #expect(d.title == "Weather")
        #expect(d.isReadOnly)
        #expect(d.annotations.destructiveHint)
        #expect(d.outputSchema?["type"] == .string("object"))
    }

    @Test func `annotations default as MCP says`() throws {
        let d = try definition("x")
        #expect(!d.annotations.readOnlyHint)
        #expect(d.annotations.destructiveHint)
        #expect(!d.annotations.idempotentHint)
        #expect(d.annotations.openWorldHint)
        #expect(d.title == nil)
        #expect(try definition("y", extra: #", "annotations": {"title": "T"}"#).title == "T")
    }

    @Test func `a definition without a name is refused`() {
        for bad in [#"{"inputSchema": {"type": "object"}}"#, #"{"name": "", "inputSchema": {"type": "object"}}"#,
                    #"{"name": 3, "inputSchema": {"type": "object"}}"#] {
            let error = #expect(throws: StreamChatAIError.self) { try AIToolDefinition(jsonText: bad) }
            #expect(error?.message.hasPrefix("$.name:") == true)
        }
    }

    @Test func `an inputSchema that is not an object schema is refused`() {
        for bad in [#"{"name": "x"}"#, #"{"name": "x", "inputSchema": []}"#, #"{"name": "x", "inputSchema": {"type": "string"}}"#,
                    #"{"name": "x", "inputSchema": {"properties": {}}}"#] {
            #expect(throws: StreamChatAIError.self) { try AIToolDefinition(jsonText: bad) }
        }
        let broken = #expect(throws: StreamChatAIError.self) {
            try AIToolDefinition(jsonText: #"{"name": "x", "inputSchema": {"type": "object", "properties": {"a": {"pattern": "("}}}}"#)
        }
        #expect(broken?.message.contains("#/properties/a/pattern") == true)
    }

    @Test func `wrong field types are refused with their path`() {
        let error = #expect(throws: StreamChatAIError.self) {
            try AIToolDefinition(jsonText: #"{"name": "x", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": "yes"}}"#)
        }
        #expect(error?.message.hasPrefix("$.annotations.readOnlyHint:") == true)
    }

    @Test func `registration carries name, description or instructions, parameters and the flag`() throws {
        let d = try AIToolDefinition(jsonText: #"{"name": "greet", "instructions": "Use to greet", "inputSchema": {"type": "object"}, "showExternalSourcesIndicator": true}"#)
        #expect(d.registration == [
            "name": "greet", "description": "Use to greet", "instructions": "Use to greet",
            "parameters": ["type": "object"], "showExternalSourcesIndicator": true,
        ])
        #expect(try definition("plain").registration["description"] == .string("the plain tool"))
        #expect(try definition("plain").registration["instructions"] == nil)
    }

    @Test func `results over 20 KB fail instead`() {
        let big = JSONObject([("data", .string(String(repeating: "x", count: 21_000)))])
        guard case .failed(let reason) = AIToolResult.checked(output: big, summary: nil) else {
            Issue.record("a 21 KB output must fail")
            return
        }
        #expect(reason.contains("over the limit of 20480 bytes"))
        #expect(AIToolResult.checked(output: JSONObject([("ok", true)]), summary: "s").isCompleted)
    }

    @Test func `results read and write their JSON form`() throws {
        let done = AIToolResult.completed(output: ["a": 1], summary: "S")
        #expect(done.jsonValue(callID: "c") == ["call_id": "c", "status": "completed", "output": ["a": 1], "summary": "S"])
        #expect(try AIToolResult(json: done.jsonValue(callID: "c")) == done)
        let failed = AIToolResult.failed(reason: "no")
        #expect(failed.jsonValue(callID: "c") == ["call_id": "c", "status": "failed", "error": "no"])
        #expect(throws: StreamChatAIError.self) { try AIToolResult(json: ["status": "completed", "output": [1]]) }
        #expect(throws: StreamChatAIError.self) { try AIToolResult(json: ["status": "failed"]) }
    }
}
