import Testing
import StreamChatAI

@Suite struct JSONSchemaTests {
    func violations(_ schema: String, _ value: String) throws -> [String] {
        try JSONSchema(try JSONValue(parsing: schema)).validate(try JSONValue(parsing: value)).map(\.description)
    }

    @Test func `type, including integer-valued floats and type lists`() throws {
        #expect(try violations(#"{"type": "string"}"#, "1") == ["$: expected string, found integer (type)"])
        #expect(try violations(#"{"type": "integer"}"#, "2.0").isEmpty)
        #expect(try violations(#"{"type": "integer"}"#, "2.5").count == 1)
        #expect(try violations(#"{"type": "number"}"#, "2").isEmpty)
        #expect(try violations(#"{"type": ["string", "null"]}"#, "null").isEmpty)
        #expect(try violations(#"{"type": "boolean"}"#, "0").count == 1)
    }

    @Test func `properties, required and additionalProperties name the path`() throws {
        let schema = #"{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a", "b"], "additionalProperties": false}"#
        #expect(try violations(schema, #"{"a": "x", "c": 1}"#) == [
            #"$: missing required property "b" (required)"#,
            "$.a: expected integer, found string (type)",
            #"$.c: property "c" is not allowed (additionalProperties)"#,
        ])
        #expect(try violations(#"{"additionalProperties": {"type": "string"}}"#, #"{"x": 1}"#) == ["$.x: expected string, found integer (type)"])
        #expect(try violations(#"{"patternProperties": {"^n_": {"type": "number"}}, "additionalProperties": false}"#, #"{"n_a": 1, "n_b": "x"}"#).count == 1)
    }

    @Test func `items, prefixItems, sizes and uniqueness`() throws {
        #expect(try violations(#"{"items": {"type": "integer"}}"#, #"[1, "a"]"#) == ["$[1]: expected integer, found string (type)"])
        #expect(try violations(#"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#, #"["a", 1]"#).isEmpty)
        #expect(try violations(#"{"minItems": 2, "maxItems": 3}"#, "[1]").count == 1)
        #expect(try violations(#"{"minItems": 2, "maxItems": 3}"#, "[1,2,3,4]").count == 1)
        #expect(try violations(#"{"uniqueItems": true}"#, "[1, 1.0]") == ["$[1]: repeats item 0 (uniqueItems)"])
        #expect(try violations(#"{"contains": {"const": 3}}"#, "[1, 2]").count == 1)
    }

    @Test func `enum and const`() throws {
        #expect(try violations(#"{"enum": ["settings", "profile"]}"#, #""home""#) == [#"$: "home" is not one of ["settings","profile"] (enum)"#])
        #expect(try violations(#"{"const": {"a": [1]}}"#, #"{"a": [1.0]}"#).isEmpty)
        #expect(try violations(#"{"const": 1}"#, "2") == ["$: must be 1 (const)"])
    }

    @Test func `numeric bounds`() throws {
        #expect(try violations(#"{"minimum": 1, "maximum": 10}"#, "0") == ["$: 0 is less than the minimum 1 (minimum)"])
        #expect(try violations(#"{"minimum": 1, "maximum": 10}"#, "10.5").count == 1)
        #expect(try violations(#"{"exclusiveMinimum": 1}"#, "1").count == 1)
        #expect(try violations(#"{"exclusiveMaximum": 1}"#, "0.99").isEmpty)
        #expect(try violations(#"{"multipleOf": 0.1}"#, "0.3").isEmpty)
        #expect(try violations(#"{"multipleOf": 2}"#, "3").count == 1)
    }

    @Test func `string length counts code points, and patterns search`() throws {
        #expect(try violations(#"{"minLength": 2, "maxLength": 3}"#, #""é😀""#).isEmpty)
        #expect(try violations(#"{"maxLength": 1}"#, #""ab""#) == ["$: is 2 characters, more than 1 (maxLength)"])
        #expect(try violations(#"{"pattern": "[0-9]{3}"}"#, #""ab123""#).isEmpty)
        #expect(try violations(#"{"pattern": "^[a-z]+$"}"#, #""ab1""#).count == 1)
    }

    @Test func `formats date and date-time`() throws {
        #expect(try violations(#"{"format": "date"}"#, #""2024-02-29""#).isEmpty)
        #expect(try violations(#"{"format": "date"}"#, #""2023-02-29""#) == [#"$: "2023-02-29" is not a valid date (format)"#])
        #expect(try violations(#"{"format": "date"}"#, #""2024-1-01""#).count == 1)
        #expect(try violations(#"{"format": "date-time"}"#, #""2026-10-21T21:42:19.834Z""#).isEmpty)
        #expect(try violations(#"{"format": "date-time"}"#, #""2026-10-21t21:42:19+02:00""#).isEmpty)
        #expect(try violations(#"{"format": "date-time"}"#, #""2026-10-21 21:42:19Z""#).count == 1)
        #expect(try violations(#"{"format": "date-time"}"#, #""2026-10-21T25:42:19Z""#).count == 1)
        #expect(try violations(#"{"format": "date-time"}"#, #""2026-10-21T21:42:19""#).count == 1)
        #expect(try violations(#"{"format": "x-unknown"}"#, #""anything""#).isEmpty)
    }

    @Test func `anyOf, oneOf, allOf, not, if-then-else`() throws {
        #expect(try violations(#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#, "true").count == 1)
        #expect(try violations(#"{"oneOf": [{"minimum": 0}, {"maximum": 10}]}"#, "5") == ["$: must match exactly one of 2 schemas, matches 2 (oneOf)"])
        #expect(try violations(#"{"allOf": [{"minimum": 0}, {"maximum": 10}]}"#, "11").count == 1)
        #expect(try violations(#"{"not": {"type": "null"}}"#, "null").count == 1)
        let conditional = #"{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}"#
        #expect(try violations(conditional, #"{"kind": "a"}"#).count == 1)
        #expect(try violations(conditional, #"{"kind": "b", "y": 1}"#).isEmpty)
    }

    @Test func `local refs and boolean schemas`() throws {
        let schema = ##"{"$defs": {"pos": {"type": "integer", "minimum": 1}}, "properties": {"n": {"$ref": "#/$defs/pos"}, "never": false}}"##
        #expect(try violations(schema, #"{"n": 0}"#) == ["$.n: 0 is less than the minimum 1 (minimum)"])
        #expect(try violations(schema, #"{"never": 1}"#) == ["$.never: no value is allowed here (false)"])
        let tree = ##"{"type": "object", "properties": {"child": {"$ref": "#"}, "v": {"type": "integer"}}}"##
        #expect(try violations(tree, #"{"child": {"child": {"v": "x"}}}"#) == ["$.child.child.v: expected integer, found string (type)"])
    }

    @Test func `bad schemas are refused with where`() {
        for (bad, path) in [(##"{"$ref": "https://e.x/s.json"}"##, "#/$ref"), (##"{"type": "str"}"##, "#/type"),
                            (##"{"minLength": -1}"##, "#/minLength"), (##"{"pattern": "[" }"##, "#/pattern"),
                            (##"{"properties": {"a": 3}}"##, "#/properties/a"), (##"{"anyOf": []}"##, "#/anyOf")] {
            let error = #expect(throws: JSONSchemaError.self) { try JSONSchema(try JSONValue(parsing: bad)) }
            #expect(error?.path == path, "\(bad)")
        }
    }

    @Test func `a reference cycle ends with a violation, not a hang`() throws {
        #expect(try violations(##"{"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##, "1").count == 1)
    }
}
