import StreamChatAI
import Testing
@testable import StreamChatA2UI

/// The v1.0 schema test cases of agent-to-renderer messages, read by the
/// renderer: a case the schema calls valid must apply, one it calls invalid
/// must be refused, except where the renderer is lenient on purpose (listed
/// with the reason). Cases of renderer-to-agent messages and of catalog files
/// don't apply: the renderer neither sends A2UI messages nor reads catalogs.
@Suite struct A2UISchemaCaseTests {
    static let files = ["button_checks", "call_function_message", "checkable_components", "contact_form_example_test", "dynamic_value_validation",
                        "function_catalog_validation", "icon_checks", "initial_state_validation", "tabs_checks", "text_variants"]

    /// Whether the renderer applies `message` (alone, to a surface created for it).
    static func applies(_ message: JSONValue) -> Bool {
        guard case .success(let decoded) = A2UIMessageDecoder.decode(message) else { return false }
        var store = A2UISurfaceStore(catalog: .basic, knownCatalogs: A2UICatalog.basicCatalogAliases)
        switch decoded.message {
        case .callRendererFunction, .agentFunctionResponse: return true  // read; answered (refused) by the store
        case .createSurface: break
        default: if let id = decoded.message.surfaceID { _ = try? store.apply(.createSurface(.init(id: id)), from: "m") }
        }
        return (try? store.apply(decoded.message, from: "m")) != nil
    }

    /// Invalid by the schema, applied by the renderer on purpose: words of the case's description → why.
    static let lenient: [String: String] = [
        "function_catalog_validation:": "a function call's arguments are checked when it runs (null and a report naming the function), so one bad call does not drop its whole message",
        "returnType": "likewise for a call's returnType",
        "deprecated": "properties the catalog does not name are ignored (lenient reading, as clients must be)",
        "extra property": "unknown properties are ignored",
        "unexpected property": "unknown properties are ignored",
        "additional unexpected properties": "unknown properties are ignored",
        "unrecognized property": "unknown metadata is ignored (the spec: unknown extensions MUST be ignored)",
        "UAX #31": "extension keys are ignored, whatever their spelling",
        "invalid key name": "extension keys are ignored, whatever their spelling",
        "h1 variant": "v0.9's heading variants are still read in v1.0 messages",
        "nested object in a single value": "a function call's arguments are checked when it runs",
        "dynamic_value_validation: DynamicValue: Invalid": "the test catalog's TestComponent is not the renderer's: it is reported when it renders (an error node), its properties unchecked",
    ]

    @Test func `every agent-to-renderer schema case gets the schema's verdict, or a listed leniency`() throws {
        var total = 0, agreed = 0
        var disagreements: [String] = []
        for file in Self.files {
            let cases = try fixture("v1_0/cases/\(file).json")
            #expect(cases["schema"] == "agent_to_renderer.json")
            if file == "call_function_message" { #expect(cases["catalog"] == "testing_catalog.json") }
            for test in cases["tests"]?.arrayValue ?? [] {
                total += 1
                let description = test["description"]?.stringValue ?? "?"
                let valid = test["valid"]?.boolValue ?? false
                if Self.applies(test["data"] ?? .null) == valid { agreed += 1 } else {
                    disagreements.append("\(file): \(description) (schema: \(valid ? "valid" : "invalid"))")
                }
            }
        }
        let unexplained = disagreements.filter { d in !Self.lenient.keys.contains { d.contains($0) } }
        print("a2ui schema cases: \(agreed) of \(total) agree; \(disagreements.count - unexplained.count) differ by a listed leniency")
        #expect(unexplained.isEmpty, "\(unexplained)")
        #expect(total == 120)
    }
}
