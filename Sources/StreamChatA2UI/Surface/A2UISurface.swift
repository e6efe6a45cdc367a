import StreamChatAI

/// One surface: its components by id, its data model, and the state that is
/// the user's alone (the selected tab, an open modal), which no message changes.
struct A2UISurface: Sendable {
    let id: String
    /// The reply that created it (it shows there, whichever reply changes it later).
    let owner: String
    var catalogID: String?
    var sendDataModel: Bool
    var components: [String: A2UIComponent] = [:]
    var dataModel: JSONValue = .object(JSONObject())
    /// Tabs' selected index by node id.
    var selectedTabs: [String: Int] = [:]
    /// Modals open, by node id.
    var openModals: Set<String> = []
    /// What the user entered into inputs not bound to the data model, by node id.
    var inputValues: [String: JSONValue] = [:]
    /// What changed since the view was made (see ``A2UIChanges``).
    var changes = A2UIChanges()
    /// How many references each component id has from the others (a child, a list, a template, a tab):
    /// one placed in two places gets a node id per place.
    var referrers: [String: Int] = [:]
    /// Which surface this is, among all made (a surface deleted and created again is another).
    let generation: Int

    init(id: String, owner: String, catalogID: String?, sendDataModel: Bool, generation: Int) {
        self.generation = generation
        self.id = id
        self.owner = owner
        self.catalogID = catalogID
        self.sendDataModel = sendDataModel
    }

    /// Forgets the user's state of a component's nodes (its type changed: it is a new component).
    mutating func resetLocalState(of componentID: String) {
        selectedTabs = selectedTabs.filter { !Self.node($0.key, isOf: componentID) }
        openModals = openModals.filter { !Self.node($0, isOf: componentID) }
        inputValues = inputValues.filter { !Self.node($0.key, isOf: componentID) }
    }

    private static func node(_ nodeID: String, isOf componentID: String) -> Bool {
        nodeID == componentID || nodeID.hasPrefix(componentID + "@")
    }
}
