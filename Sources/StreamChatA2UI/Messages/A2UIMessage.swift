import StreamChatAI

/// One message from the agent to the renderer, whichever protocol version
/// it was written in (each version's decoder makes this one model).
public enum A2UIMessage: Sendable, Hashable {
    /// A new surface, with its optional first components and data model.
    case createSurface(Surface)
    /// Components to add or replace (each replaces a known id wholesale).
    case updateComponents(surfaceID: String, components: [A2UIComponent])
    /// A value to put at a path of a surface's data model; nil deletes what is there.
    case updateDataModel(surfaceID: String, path: JSONPointer, value: JSONValue?)
    /// The surface goes, with its components and data.
    case deleteSurface(surfaceID: String)
    /// The agent asks the renderer to run one of its catalog functions.
    case callRendererFunction(functionCallID: String, call: String, catalogID: String?, arguments: JSONObject)
    /// The agent's answer to a function call the renderer made.
    case agentFunctionResponse(functionCallID: String, result: Result<JSONValue, A2UIProblem>)

    /// What `createSurface` carries.
    public struct Surface: Sendable, Hashable {
        /// The surface's id, unique for the renderer's life.
        public var id: String
        /// The catalog its components come from unless one names its own.
        public var catalogID: String?
        /// Whether every action from it carries its data model.
        public var sendDataModel: Bool
        /// Components given inline (v1.0).
        public var components: [A2UIComponent]
        /// The first data model, given inline (v1.0).
        public var dataModel: JSONValue?

        /// A surface description.
        public init(id: String, catalogID: String? = nil, sendDataModel: Bool = false, components: [A2UIComponent] = [], dataModel: JSONValue? = nil) {
            self.id = id
            self.catalogID = catalogID
            self.sendDataModel = sendDataModel
            self.components = components
            self.dataModel = dataModel
        }
    }

    /// The surface the message concerns, if it concerns one.
    public var surfaceID: String? {
        switch self {
        case .createSurface(let s): s.id
        case .updateComponents(let id, _), .updateDataModel(let id, _, _), .deleteSurface(let id): id
        case .callRendererFunction, .agentFunctionResponse: nil
        }
    }
}
