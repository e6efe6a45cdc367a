import StreamChatAI

/// Reads A2UI v1.0 messages (the release candidate, as pinned in
/// `specification/v1_0/json/agent_to_renderer.json`).
enum A2UIDecoderV1 {
    static let payloads = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface", "callRendererFunction", "agentFunctionResponse"]

    /// Checks a surface's `metadata`: an object holding only `extensions`, an object whose keys are identifiers (UAX
    /// 31: a letter or `_`, then letters, digits or `_`), as the v1.0 schema and the conformance suite require.
    static func metadata(_ value: JSONValue?, at path: String) throws(A2UIProblem) {
        guard let value else { return }
        guard case .object(let metadata) = value else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "metadata must be an object, found \(value.typeName)", path: path)
        }
        if let other = metadata.keys.first(where: { $0 != "extensions" }) {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "metadata holds only extensions, not \(other)", path: path + "/" + other)
        }
        guard let extensions = metadata["extensions"] else { return }
        guard case .object(let named) = extensions else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "metadata.extensions must be an object, found \(extensions.typeName)", path: path + "/extensions")
        }
        func isIdentifier(_ key: String) -> Bool {
            guard let first = key.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
            return key.unicodeScalars.dropFirst().allSatisfy { $0.properties.isXIDContinue }
        }
        if let bad = named.keys.first(where: { !isIdentifier($0) }) {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "an extension's name is an identifier (letters, digits and _), not \"\(bad)\"",
                              path: path + "/extensions/" + bad)
        }
    }

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
            try metadata(body["metadata"], at: f.path + "/metadata")
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
