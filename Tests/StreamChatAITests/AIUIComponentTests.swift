import Dispatch
import Synchronization
import Testing
@testable import StreamChatAI

@Suite struct AIUIComponentTests {
    static let placeCard = #"{"name": "place_card", "description": "A photo and a short summary of a place.", "parameters": {"type": "object", "properties": {"title": {"type": "string"}, "visit_date": {"type": "string", "format": "date"}}, "required": ["title"], "x-order": ["title", "visit_date"]}, "events": [{"name": "ask_about", "description": "The user asks about the place."}]}"#

    @Test func `definitions read and write the same JSON`() throws {
        let json = try JSONValue(parsing: Self.placeCard)
        let definition = try AIUIComponentDefinition(json: json)
        #expect(definition.jsonValue == json)
        #expect(definition.parameterOrder == ["title", "visit_date"])
        #expect(definition.pascalCaseName == "PlaceCard")
        let built = try AIUIComponentDefinition(name: "place_card", description: "A photo and a short summary of a place.",
                                                parameters: [.required("title", .string), .optional("visit_date", .date)],
                                                events: [.init(name: "ask_about", description: "The user asks about the place.")])
        #expect(built.parameters["x-order"] == ["title", "visit_date"])
        #expect(built.parameters["required"] == ["title"])
    }

    @Test func `parameter types map to JSON Schema`() throws {
        #expect(AIUIParameterType.dateTime.schema == ["type": "string", "format": "date-time"])
        #expect(AIUIParameterType.url.schema == ["type": "string", "format": "uri"])
        #expect(AIUIParameterType.enumeration(["a", "b"]).schema == ["type": "string", "enum": ["a", "b"]])
        #expect(AIUIParameterType.array(.integer).schema == ["type": "array", "items": ["type": "integer"]])
        #expect(AIUIParameterType.object(["x": .number]).schema == ["type": "object", "properties": ["x": ["type": "number"]]])
        #expect(AIUIParameterType(schema: ["type": "string", "minLength": 2]).schema["minLength"] == 2)
    }

    @Test func `bad definitions are refused`() {
        for bad in [#"{"description": "x"}"#, #"{"name": "place card"}"#, #"{"name": "x", "parameters": {"type": "array"}}"#,
                    #"{"name": "x", "events": [{"name": ""}]}"#] {
            #expect(throws: StreamChatAIError.self) { try AIUIComponentDefinition(json: try JSONValue(parsing: bad)) }
        }
    }

    @Test func `a component node is pending while its arguments don't fit, and says whether the reply streams`() throws {
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"visit_date": "2026-11"}}]"#, status: "streaming"))
        let pending = try #require(host.render(messageID: "m")?.jsonValue["root"]?["children"]?[0])
        #expect(pending["state"] == "pending" && pending["props"]?["is_streaming"] == true)
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": "St. Naum", "visit_date": "2026-11-14"}}]"#))
        let ready = try #require(host.render(messageID: "m")?.jsonValue["root"]?["children"]?[0])
        #expect(ready["state"] == "ready" && ready["type"] == "place_card" && ready["events"] == ["ask_about"])
    }

    @Test func `a component's event becomes an action labelled by what the user did`() throws {
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))])
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": "St. Naum"}}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        let outcome = try host.handle(AIUIEvent(nodeID: "c", name: "ask_about", label: "Tell me more about St. Naum"), messageID: "m")
        #expect(outcome.actions == [AIUIAction(messageID: "m", format: "list", name: "ask_about", label: "Tell me more about St. Naum",
                                               payload: ["component": "place_card", "node_id": "c"])])
    }

    @Test func `a component named like one of a format's own is left out of it and reported`() throws {
        let problems = Mutex<[String]>([])
        let host = AIUIHost(renderers: [ListRenderer()], onError: { _, p in problems.withLock { $0.append(p) } })
        host.add(component: try AIUIComponentDefinition(json: ["name": "item"]))
        #expect(problems.withLock { $0 }.first?.contains("named like one of list's own") == true)
        #expect(host.capabilities.jsonValue["renderers"]?[0]?["instructions"]?.stringValue?.contains("- item(") == false)
    }

    @Test func `bad arguments of a finished reply are reported with the reply id`() throws {
        let problems = Mutex<[(String?, String)]>([])
        let host = AIUIHost(renderers: [ListRenderer()], components: [try AIUIComponentDefinition(json: try JSONValue(parsing: Self.placeCard))],
                            onError: { id, p in problems.withLock { $0.append((id, p)) } })
        host.receive(messageID: "m", customData: try uiData(#"[{"id": "c", "component": "place_card", "arguments": {"title": 3}}]"#))
        _ = host.render(messageID: "m")?.jsonValue
        #expect(problems.withLock { $0 }.first?.0 == "m")
        #expect(problems.withLock { $0 }.first?.1.contains("$.title: expected string") == true)
    }

    @Test func `arguments decode with snake_case keys and dates as a day or RFC 3339`() throws {
        struct Arguments: Decodable, Equatable { let title: String; let visitDate: AIUIDate? }
        let card = try AIUIComponentDefinition(json: try JSONValue(parsing: AIUIComponentTests.placeCard))
        let day = try card.decodeArguments(["title": "St. Naum", "visit_date": "2026-11-14"], as: Arguments.self)
        #expect(day.visitDate?.isDay == true && day.visitDate?.epochMilliseconds == 1_794_614_400_000)
        let moment = try #require(AIUIDate("2026-11-14T10:30:00+01:00"))
        #expect(!moment.isDay && moment.epochMilliseconds == 1_794_614_400_000 + 9 * 3_600_000 + 30 * 60_000)
        #expect(throws: StreamChatAIError.self) { try card.decodeArguments(["visit_date": "2026-11-14"], as: Arguments.self) }
        #expect(AIUIDate("next tuesday") == nil)
    }
}
