import StreamChatAI

/// Reads A2UI v0.9 and v0.9.1 messages (the production release): the same
/// components as v1.0, but `createSurface` requires its catalog and may carry
/// a `theme`, and `updateDataModel` without a `value` deletes.
enum A2UIDecoderV09 {
    static let payloads = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"]

    /// The message of payload `key`, whose fields are `f`.
    static func message(_ key: String, _ f: A2UIFields) throws(A2UIProblem) -> A2UIMessage {
        let body = f.object
        let message: A2UIMessage
        switch key {
        case "createSurface":
            if let theme = body["theme"], theme.objectValue == nil {
                throw A2UIProblem(A2UIProblem.Code.validationFailed, "theme must be an object, found \(theme.typeName)", path: f.path + "/theme")
            }
            message = .createSurface(.init(id: try f.string("surfaceId")!, catalogID: try f.string("catalogId")!,
                                           sendDataModel: try f.bool("sendDataModel") ?? false))
        case "updateComponents":
            message = .updateComponents(surfaceID: try f.string("surfaceId")!, components: try f.components("components", required: true))
        case "updateDataModel":
            // v0.9: no value deletes; a null value is kept as null.
            message = .updateDataModel(surfaceID: try f.string("surfaceId")!, path: try f.pointer("path"), value: body["value"])
        default:
            message = .deleteSurface(surfaceID: try f.string("surfaceId")!)
        }
        return message
    }
}
