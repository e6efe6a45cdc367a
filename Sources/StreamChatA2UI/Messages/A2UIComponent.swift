import StreamChatAI

/// One component of a surface's flat list, as the agent defined it:
/// `{"id": "title", "component": "Text", "text": {"path": "/name"}}`.
public struct A2UIComponent: Sendable, Hashable {
    /// The members, in one object shared by the copies of a component until one of them changes: a view
    /// looks components up by id at every node it makes, and a copy costs one reference, not one per member.
    private final class Storage: Sendable {
        let id: String
        let type: String
        let catalogID: String?
        let properties: JSONObject
        /// Whether it has a `weight` or an `accessibility` member (known once: every node made from it asks).
        let hasWeight: Bool
        let hasAccessibility: Bool

        init(id: String, type: String, catalogID: String?, properties: JSONObject) {
            self.id = id
            self.type = type
            self.catalogID = catalogID
            self.properties = properties
            hasWeight = properties["weight"] != nil
            hasAccessibility = properties["accessibility"] != nil
        }
    }

    private var storage: Storage

    /// Its id, unique in its surface; `root` is the one under the surface.
    public var id: String {
        get { storage.id }
        set { storage = Storage(id: newValue, type: type, catalogID: catalogID, properties: properties) }
    }
    /// Its type, a name of its catalog (`Text`, `Column`) or an app component's name.
    public var type: String {
        get { storage.type }
        set { storage = Storage(id: id, type: newValue, catalogID: catalogID, properties: properties) }
    }
    /// The catalog it comes from, when it names its own (else the surface's).
    public var catalogID: String? {
        get { storage.catalogID }
        set { storage = Storage(id: id, type: type, catalogID: newValue, properties: properties) }
    }
    /// Everything else it carries: its properties, unresolved (`weight`,
    /// `accessibility` and `metadata` included).
    public var properties: JSONObject {
        get { storage.properties }
        set { storage = Storage(id: id, type: type, catalogID: catalogID, properties: newValue) }
    }

    /// Whether it has a `weight` member (looked up once, when it was made).
    var hasWeight: Bool { storage.hasWeight }
    /// Whether it has an `accessibility` member (looked up once, when it was made).
    var hasAccessibility: Bool { storage.hasAccessibility }

    /// A component.
    public init(id: String, type: String, catalogID: String? = nil, properties: JSONObject = JSONObject()) {
        storage = Storage(id: id, type: type, catalogID: catalogID, properties: properties)
    }

    /// Whether two components have the same id, type, catalog and properties.
    public static func == (a: A2UIComponent, b: A2UIComponent) -> Bool {
        a.storage === b.storage
            || (a.id == b.id && a.type == b.type && a.catalogID == b.catalogID && a.properties == b.properties)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
        hasher.combine(catalogID)
        hasher.combine(properties)
    }

    /// Reads a v0.9/v1.0 component; `path` is its JSON pointer in the message, for errors.
    init(json: JSONValue, path: String) throws(A2UIProblem) {
        guard case .object(let o) = json else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "a component must be an object, found \(json.typeName)", path: path)
        }
        guard case .string(let id)? = o["id"], !id.isEmpty else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "a component is missing an 'id' (a non-empty string)", path: path + "/id")
        }
        guard case .string(let type)? = o["component"], !type.isEmpty else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "Cannot create component \(id) without a type ('component', a string)", path: path + "/component")
        }
        var catalog: String?
        switch o["catalogId"] {
        case nil: break
        case .string(let c)?: catalog = c
        case let other?:
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "catalogId must be a string, found \(other.typeName)", path: path + "/catalogId")
        }
        self.init(id: id, type: type, catalogID: catalog,
                  properties: JSONObject(o.filter { $0.key != "id" && $0.key != "component" && $0.key != "catalogId" }))
    }
}
