import CStreamChatAIABI
import StreamChatAI

// Approvals and sign-ins on the device, and guards for agent backends
// (include/streamchatai.h, "Client tools: approvals ..." and "... guards ...").

/// The step object of a call: an attachment, or the "tool_call" form of a decoded part.
private func stepArgument(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> JSONObject {
    let value = try jsonArgument(pointer, name: name)
    guard case .object(let object) = value else {
        throw StreamChatAIError(.invalidArgument, "\(name): expected a tool-call object at $, found \(value.typeName)")
    }
    return object
}

@c @implementation
public func sca_call_prompts(
    _ callJSON: UnsafePointer<CChar>!, _ viewerJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        var step = try stepArgument(callJSON, name: "call_json")
        if step["type"] == nil { step["type"] = "ai_tool_call" }
        let viewer = try AIToolViewer(json: try jsonArgument(viewerJSON, name: "viewer_json"))
        guard let call = AIMessagePart(attachment: .object(step), index: 0)?.toolCall else {
            throw StreamChatAIError(.invalidArgument, "call_json: not an ai_tool_call step of a supported version")
        }
        out.pointee = try mallocJSON(AIToolPrompts(call: call, viewer: viewer).jsonValue)
    }
}

@c @implementation
public func sca_signin_return(
    _ url: UnsafePointer<CChar>!, _ scheme: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let parsed = AIToolSignInReturn(url: try textArgument(url, name: "url"),
                                        callbackScheme: try textArgument(scheme, name: "callback_scheme"))
        out.pointee = try mallocJSON(parsed.jsonValue)
    }
}

@c @implementation
public func sca_call_transition(
    _ callJSON: UnsafePointer<CChar>!, _ eventJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_call_json")
        let step = try stepArgument(callJSON, name: "call_json")
        let event = try AIToolCallTransition.Event(json: try jsonArgument(eventJSON, name: "event_json"))
        out.pointee = try mallocJSON(.object(try AIToolCallTransition.apply(event, to: step)))
    }
}

@c @implementation
public func sca_register_tools_check(_ requestJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(RegisterToolsCheck(request: try jsonArgument(requestJSON, name: "request_json")).jsonValue)
    }
}

@c @implementation
public func sca_schema_validate(
    _ schemaJSON: UnsafePointer<CChar>!, _ valueJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let schema: JSONSchema
        do {
            schema = try JSONSchema(try jsonArgument(schemaJSON, name: "schema_json"))
        } catch let error as JSONSchemaError {
            throw StreamChatAIError(.invalidArgument, "schema_json: \(error)")
        } catch {
            throw error as! StreamChatAIError
        }
        let violations = schema.validate(try jsonArgument(valueJSON, name: "value_json"))
        out.pointee = try mallocJSON(.array(violations.map { v in
            .object(JSONObject([("path", .string(v.path)), ("keyword", .string(v.keyword)), ("message", .string(v.message))]))
        }))
    }
}
