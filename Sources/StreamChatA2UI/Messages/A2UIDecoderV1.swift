import StreamChatAI

/// Reads A2UI v1.0 messages (the release candidate, as pinned in
/// `specification/v1_0/json/agent_to_renderer.json`).
enum A2UIDecoderV1 {
    static let payloads = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface", "callRendererFunction", "agentFunctionResponse"]

    /// The message of payload `key`, whose fields are `f`.
    static func message(_ key: String, _ f: A2UIFields) throws(A2UIProblem) -> A2UIMessage {
        let body = f.object
        let message: A2UIMessage
        switch key {
        case "createSurface":
            var model: JSONValue?
            switch body["dataModel"] {
            case nil: break
            case .object(let m)?: model = .object(m)
            case let other?: throw A2UIProblem(A2UIProblem.Code.validationFailed, "dataModel must be an object, found \(other.typeName)", path: f.path + "/dataModel")
            }
            message = .createSurface(.init(id: try f.string("surfaceId")!, catalogID: try f.string("catalogId", required: false),
                                           sendDataModel: try f.bool("sendDataModel") ?? false,
                                           components: try f.components("components", required: false), dataModel: model))
        case "updateComponents":
            message = .updateComponents(surfaceID: try f.string("surfaceId")!, components: try f.components("components", required: true))
        case "updateDataModel":
            // v1.0: value is required, and null deletes.
            guard let value = body["value"] else {
                throw A2UIProblem(A2UIProblem.Code.validationFailed, "value is required (null deletes)", path: f.path + "/value")
            }
            message = .updateDataModel(surfaceID: try f.string("surfaceId")!, path: try f.pointer("path"), value: value.isNull ? JSONValue?.none : value)
        case "deleteSurface":
            message = .deleteSurface(surfaceID: try f.string("surfaceId")!)
        case "callRendererFunction":
            let call = try f.functionCall("callFunction")
            guard call.catalogID != nil else {
                throw A2UIProblem(A2UIProblem.Code.validationFailed, "callFunction needs its catalogId", path: f.path + "/callFunction/catalogId")
            }
            message = .callRendererFunction(functionCallID: try f.string("functionCallId")!, call: call.call, catalogID: call.catalogID, arguments: call.arguments)
        default:
            message = .agentFunctionResponse(functionCallID: try f.string("functionCallId")!, result: try response(body, f))
        }
        return message
    }

    static func response(_ body: JSONObject, _ f: A2UIFields) throws(A2UIProblem) -> Result<JSONValue, A2UIProblem> {
        if case .object(let e)? = body["error"] {
            let code = e["code"]?.stringValue ?? "EXECUTION_ERROR"
            return .failure(A2UIProblem(code, e["message"]?.stringValue ?? "the agent's function failed"))
        }
        guard let value = body["value"] else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "a function response needs a value or an error", path: f.path)
        }
        return .success(value)
    }
}
