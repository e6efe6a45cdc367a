/// One component of the basic catalog: its properties and what it does.
struct A2UIComponentSpec: Sendable {
    let name: String
    let properties: [(name: String, kind: A2UIPropertyKind)]
    let required: [String]
    /// What the model is told it is for.
    let summary: String

    func kind(of property: String) -> A2UIPropertyKind? { properties.first { $0.name == property }?.kind }

    /// An input component: its `value` is two-way bound.
    let isInput: Bool

    init(name: String, properties: [(name: String, kind: A2UIPropertyKind)], required: [String], summary: String) {
        self.name = name
        self.properties = properties
        self.required = required
        self.summary = summary
        isInput = ["TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"].contains(name)
    }
    /// Whether its `weight` counts: only under a Row or Column.
    static let weightedParents: Set<String> = ["Row", "Column"]
}
