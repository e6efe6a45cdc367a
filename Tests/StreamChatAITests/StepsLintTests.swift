import Testing
@testable import StreamChatAI

/// `AIStepsLint`: every place the lenient decoder would default, drop or keep
/// unseen is reported with its JSON path.
@Suite struct StepsLintTests {
    func problems(_ attachments: String) throws -> [String] {
        AIStepsLint.problems(in: try JSONValue(parsing: attachments).arrayValue ?? []).map { "\($0.path): \($0.message)" }
    }

    @Test func `a well-formed reply has no problems, and attachments that are not steps are not looked at`() throws {
        #expect(try problems(#"[{"type": "ai_reasoning", "id": "r1", "status": "completed", "duration_ms": 5}, {"type": "image", "url": 5}, {"type": "ai_tool_call", "id": "c1", "name": "t", "status": "completed"}]"#).isEmpty)
    }

    @Test func `a step without its own id, or with another step's, is reported`() throws {
        let found = try problems(#"[{"type": "ai_tool_call", "name": "t"}, {"type": "ai_tool_call", "id": "x", "name": "t"}, {"type": "ai_reasoning", "id": "x"}]"#)
        #expect(found.contains { $0.hasPrefix("$.attachments[0].id: no string id") && $0.contains("\"ai_tool_call-0\"") })
        #expect(found.contains("$.attachments[2].id: the id \"x\" is also the step at [1]'s"))
    }

    @Test func `a field of the wrong type is read as missing, and says so`() throws {
        let found = try problems(#"[{"type": "ai_tool_call", "id": "c", "name": "", "arguments": [1], "duration_ms": -1, "approval": "yes"}]"#)
        #expect(found.contains("$.attachments[0].name: expected a non-empty string, found an empty string: read as missing"))
        #expect(found.contains("$.attachments[0].arguments: expected an object, found array: read as missing"))
        #expect(found.contains("$.attachments[0].duration_ms: expected a whole number of at least 0, found -1: read as missing"))
        #expect(found.contains("$.attachments[0].approval: expected an object, found string: read as missing"))
    }

    @Test func `unknown statuses, executors and step types are kept but reported`() throws {
        let found = try problems(#"[{"type": "ai_tool_call", "id": "a", "name": "t", "status": "done", "executor": "browser"}, {"type": "ai_reasoning", "id": "b", "status": "thinking"}, {"type": "ai_map", "id": "c"}]"#)
        #expect(found.contains { $0.hasPrefix("$.attachments[0].status: unknown tool-call status \"done\"") })
        #expect(found.contains { $0.hasPrefix("$.attachments[0].executor: unknown executor \"browser\"") })
        #expect(found.contains { $0.hasPrefix("$.attachments[1].status: unknown reasoning status \"thinking\"") })
        #expect(found.contains("$.attachments[2].type: unknown step type \"ai_map\": shown as an unsupported step"))
    }

    @Test func `a newer step version is shown as unsupported, and its fields are not judged`() throws {
        #expect(try problems(#"[{"type": "ai_tool_call", "id": "a", "v": 3, "status": 5}]"#) == ["$.attachments[0].v: step version 3 is newer than this client reads (1): shown as unsupported"])
        #expect(try problems(#"[{"type": "ai_tool_call", "id": "a", "name": "t", "v": "2"}]"#) == ["$.attachments[0].v: expected a number, found string: read as 1"])
    }

    @Test func `calls that nobody could act on are reported: no targets, no question, no sign-in link`() throws {
        let found = try problems(#"[{"type": "ai_tool_call", "id": "a", "name": "t", "status": "awaiting_client", "executor": "client"}, {"type": "ai_tool_call", "id": "b", "name": "t", "status": "awaiting_approval", "approval": {}}, {"type": "ai_tool_call", "id": "c", "name": "t", "status": "awaiting_authorization", "target_user_id": "u", "authorization": {"url": "http://"}}, {"type": "ai_tool_call", "id": "d", "status": "completed"}]"#)
        #expect(found.contains { $0.hasPrefix("$.attachments[0].target_user_id: a client call waiting for a device needs target_user_id") })
        #expect(found.contains { $0.hasPrefix("$.attachments[0].target_client_id: ") })
        #expect(found.contains { $0.hasPrefix("$.attachments[1].target_user_id: an approval is asked of target_user_id") })
        #expect(found.contains { $0.hasPrefix("$.attachments[1].approval: an approval without a title is no question") })
        #expect(found.contains { $0.hasPrefix("$.attachments[2].authorization.url: a sign-in needs an http or https url with a host") })
        #expect(found.contains { $0.hasPrefix("$.attachments[3].name: no tool name") })
    }

    @Test func `an attachment that is not an object is reported and skipped`() throws {
        #expect(try problems(#"[5, "x"]"#) == ["$.attachments[0]: an attachment must be an object, found integer: skipped",
                                              "$.attachments[1]: an attachment must be an object, found string: skipped"])
    }
}

/// `JSONSchemaExample`: a value the schema accepts, for the plugin checker's calls.
@Suite struct SchemaExampleTests {
    @Test func `examples follow const, enum, default, types, required properties, bounds and formats`() throws {
        let schema = try JSONValue(parsing: #"""
        {"type": "object", "required": ["a", "b", "c", "d", "e", "f", "g", "h"], "properties": {
          "a": {"const": 7}, "b": {"enum": ["x", "y"]}, "c": {"type": "integer", "minimum": 3},
          "d": {"type": "number", "exclusiveMinimum": 2}, "e": {"type": "string", "minLength": 3},
          "f": {"type": "string", "format": "date"}, "g": {"type": "array", "minItems": 2, "items": {"type": "boolean"}},
          "h": {"type": "object", "required": ["i"], "properties": {"i": {"type": ["null", "string"]}}},
          "optional": {"type": "string"}}}
        """#)
        let value = JSONSchemaExample.value(for: schema)
        #expect(value == ["a": 7, "b": "x", "c": 3, "d": 2.5, "e": "aaa", "f": "2026-01-01", "g": [true, true], "h": ["i": "a"]])
        #expect(try JSONSchema(schema).validate(value).isEmpty)
    }

    @Test func `every bundled plugin's input schema gets arguments it accepts`() throws {
        for entry in try PluginRegistry().discover(directory: try builtPlugins("plugins")) {
            for tool in entry.plugin?.tools ?? [] {
                let arguments = JSONSchemaExample.value(for: .object(tool.definition.inputSchema))
                #expect(tool.definition.validate(arguments: arguments).isEmpty, "\(tool.name): \(arguments)")
            }
        }
    }

    @Test func `a deep or self-referring schema ends`() throws {
        var schema: JSONValue = ["type": "object", "required": ["x"], "properties": ["x": ["type": "string"]]]
        for _ in 0..<50 { schema = ["type": "object", "required": ["n"], "properties": ["n": schema]] }
        var value = JSONSchemaExample.value(for: schema)
        var depth = 0
        while case .object(let o) = value, let inner = o["n"] { value = inner; depth += 1 }
        #expect(depth <= 8)
    }
}
