import StreamChatAI

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
    /// A medium (Image, Video, AudioPlayer): its URLs go through the media policy.
    let isMedia: Bool
    /// The values the catalog gives the properties a component leaves out (known here, so a node
    /// made looks up its type once).
    let defaults: JSONObject

    init(name: String, properties: [(name: String, kind: A2UIPropertyKind)], required: [String], summary: String) {
        self.name = name
        self.properties = properties
        self.required = required
        self.summary = summary
        isInput = ["TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"].contains(name)
        isMedia = ["Image", "Video", "AudioPlayer"].contains(name)
        defaults = Self.defaults[name] ?? JSONObject()
    }

    /// The defaults the catalog gives properties left out, by component.
    private static let defaults: [String: JSONObject] = [
        "Text": ["variant": "body"], "Image": ["fit": "fill", "variant": "mediumFeature"],
        "Row": ["justify": "start", "align": "stretch"], "Column": ["justify": "start", "align": "stretch"],
        "List": ["direction": "vertical", "align": "stretch"], "Divider": ["axis": "horizontal"], "Button": ["variant": "default"],
        "TextField": ["variant": "shortText"], "Slider": ["min": 0],
        "ChoicePicker": ["variant": "mutuallyExclusive", "displayStyle": "checkbox", "filterable": false],
        "DateTimeInput": ["enableDate": false, "enableTime": false],
    ]
    /// Whether its `weight` counts: only under a Row or Column.
    static let weightedParents: Set<String> = ["Row", "Column"]
}
