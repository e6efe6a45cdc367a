/// The JSON Schema of `manifest.json`, version 1. The same text ships as
/// `docs/plugin-manifest.schema.json` (a test keeps the two equal).
public enum PluginManifestSchema {
    /// The schema's JSON text.
    public static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "streamchatai plugin manifest, version 1",
  "type": "object",
  "required": ["manifest_version", "name", "version"],
  "oneOf": [{"required": ["library"]}, {"required": ["mcp_server"]}],
  "additionalProperties": false,
  "properties": {
    "manifest_version": {"const": 1},
    "name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_.-]{0,63}$"},
    "version": {"type": "string", "minLength": 1, "maxLength": 64},
    "description": {"type": "string"},
    "library": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[^/]"},
    "mcp_server": {
      "type": "object",
      "required": ["command"],
      "additionalProperties": false,
      "properties": {
        "command": {"type": "array", "minItems": 1, "maxItems": 256, "items": {"type": "string", "minLength": 1, "maxLength": 4096}},
        "env": {
          "type": "object",
          "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},
          "additionalProperties": {"type": "string", "maxLength": 32768}
        },
        "protocol_version": {"enum": ["auto", "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]},
        "start_timeout_ms": {"type": "integer", "minimum": 1, "maximum": 600000}
      }
    },
    "entry": {"$ref": "#/$defs/symbol"},
    "abi": {
      "type": "object",
      "required": ["major", "minor"],
      "additionalProperties": false,
      "properties": {
        "major": {"type": "integer", "minimum": 0},
        "minor": {"type": "integer", "minimum": 0}
      }
    },
    "isolation": {"enum": ["in_process", "process"]},
    "tool_timeout_ms": {"type": "integer", "minimum": 1, "maximum": 3600000},
    "limits": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "memory_mb": {"type": "integer", "minimum": 0, "maximum": 1048576},
        "cpu_seconds": {"type": "integer", "minimum": 0, "maximum": 86400}
      }
    },
    "environment": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},
    "tools": {"type": "array", "items": {"$ref": "#/$defs/tool"}},
    "ffi_tools": {"type": "array", "items": {"$ref": "#/$defs/ffiTool"}},
    "renderers": {"type": "array", "items": {"$ref": "#/$defs/renderer"}}
  },
  "$defs": {
    "symbol": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},
    "toolName": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,128}$"},
    "annotations": {
      "type": "object",
      "properties": {
        "title": {"type": "string"},
        "readOnlyHint": {"type": "boolean"},
        "destructiveHint": {"type": "boolean"},
        "idempotentHint": {"type": "boolean"},
        "openWorldHint": {"type": "boolean"}
      }
    },
    "tool": {
      "type": "object",
      "required": ["name", "inputSchema"],
      "properties": {
        "name": {"$ref": "#/$defs/toolName"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "instructions": {"type": "string"},
        "inputSchema": {"type": "object", "required": ["type"], "properties": {"type": {"const": "object"}}},
        "outputSchema": {"type": "object"},
        "annotations": {"$ref": "#/$defs/annotations"},
        "showExternalSourcesIndicator": {"type": "boolean"}
      }
    },
    "cType": {"enum": ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                       "float", "double", "const char *"]},
    "ffiTool": {
      "type": "object",
      "required": ["name", "symbol", "parameters", "returns"],
      "additionalProperties": false,
      "properties": {
        "name": {"$ref": "#/$defs/toolName"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "instructions": {"type": "string"},
        "annotations": {"$ref": "#/$defs/annotations"},
        "showExternalSourcesIndicator": {"type": "boolean"},
        "symbol": {"$ref": "#/$defs/symbol"},
        "parameters": {
          "type": "array",
          "maxItems": 16,
          "items": {
            "type": "object",
            "required": ["name", "type"],
            "additionalProperties": false,
            "properties": {
              "name": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},
              "type": {"$ref": "#/$defs/cType"},
              "description": {"type": "string"}
            }
          }
        },
        "returns": {
          "type": "object",
          "required": ["type"],
          "additionalProperties": false,
          "properties": {
            "type": {"anyOf": [{"$ref": "#/$defs/cType"}, {"enum": ["char *", "void"]}]},
            "free": {"$ref": "#/$defs/symbol"},
            "description": {"type": "string"}
          }
        }
      }
    },
    "renderer": {
      "type": "object",
      "required": ["format"],
      "properties": {
        "format": {"type": "string", "minLength": 1},
        "versions": {"type": "array", "items": {"type": "string"}},
        "fence": {"type": "string"},
        "instructions": {"type": "string"}
      }
    }
  }
}
"""#

    /// The compiled schema.
    public static let schema: JSONSchema = {
        do {
            return try JSONSchema(try JSONParser.parse(text))
        } catch {
            preconditionFailure("the built-in manifest schema must be valid: \(error)")
        }
    }()
}
