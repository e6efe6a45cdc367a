import StreamChatAI

/// A catalog of components and functions a surface may use: the basic
/// catalog of A2UI v1.0 (and the ids its earlier releases were published
/// under), optionally with components removed; the app's components join it
/// under their own catalog id.
public struct A2UICatalog: Sendable {
    /// The v1.0 basic catalog's id.
    public static let basicCatalogID = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
    /// The ids the same basic catalog goes by in earlier releases, in their
    /// docs, and in conformance vectors: read as the basic catalog.
    public static let basicCatalogAliases: Set<String> = [
        basicCatalogID, "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
        "https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json",
        "https://a2ui.org/specification/v0_9/basic_catalog.json", "basic",
    ]
    /// The id the app's components are placed under, unless the renderer names another.
    public static let defaultAppCatalogID = "getstream.io:app-catalog"

    /// The basic catalog's functions.
    public static let functions = ["required", "regex", "length", "numeric", "email", "formatString", "formatNumber",
                                   "formatCurrency", "formatDate", "pluralize", "openUrl", "and", "or", "not"]

    /// The basic components this catalog offers.
    public let components: [String]
    let specs: [String: A2UIComponentSpec]

    /// The basic catalog with every component.
    public static let basic = A2UICatalog(components: A2UICatalog.all.map(\.name))

    /// The basic catalog with only `components` (a catalog given with components removed).
    /// - Throws: ``StreamChatAIError`` when a name is not a basic-catalog component.
    public init(removing removed: [String]) throws(StreamChatAIError) {
        for name in removed where Self.all.first(where: { $0.name == name }) == nil {
            throw StreamChatAIError(.invalidArgument, "\"\(name)\" is not a basic-catalog component; they are \(Self.all.map(\.name).joined(separator: ", "))")
        }
        self.init(components: Self.all.map(\.name).filter { !removed.contains($0) })
    }

    private init(components: [String]) {
        self.components = components
        specs = Dictionary(uniqueKeysWithValues: Self.all.filter { components.contains($0.name) }.map { ($0.name, $0) })
    }

    func spec(_ name: String) -> A2UIComponentSpec? { specs[name] }

    /// The ids a component refers to: its child, its listed children, its template, its tabs' children
    /// (a component of another catalog refers to none).
    func references(of c: A2UIComponent) -> [String] {
        guard let spec = spec(c.type) else { return [] }
        var out: [String] = []
        for (name, kind) in spec.properties {
            guard let value = c.properties[name] else { continue }
            switch kind {
            case .child: if let id = value.stringValue { out.append(id) }
            case .childList:
                if let ids = value.arrayValue { out += ids.compactMap(\.stringValue) } else if let t = value["componentId"]?.stringValue { out.append(t) }
            case .tabs: out += (value.arrayValue ?? []).compactMap { $0["child"]?.stringValue }
            default: break
            }
        }
        return out
    }

    /// Every basic component, as A2UI v1.0 defines it.
    static let all: [A2UIComponentSpec] = {
        let justify = ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"]
        let align = ["start", "center", "end", "stretch"]
        func c(_ name: String, _ props: [(String, A2UIPropertyKind)], required: [String], _ summary: String) -> A2UIComponentSpec {
            A2UIComponentSpec(name: name, properties: props.map { (name: $0.0, kind: $0.1) } + [(name: "weight", kind: .number)],
                              required: required, summary: summary)
        }
        return [
            c("Text", [("text", .dynamicString), ("variant", .choice(["caption", "body", "h1", "h2", "h3", "h4", "h5"]))], required: ["text"],
              "text, in simple Markdown (headings with #)"),
            c("Image", [("url", .dynamicString), ("description", .dynamicString),
                        ("fit", .choice(["contain", "cover", "fill", "none", "scaleDown"])),
                        ("variant", .choice(["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"]))],
              required: ["url"], "an image from a URL; description is its alt text"),
            c("Icon", [("name", .icon)], required: ["name"], "an icon by name (camelCase, such as check, mail, star)"),
            c("Video", [("url", .dynamicString), ("posterUrl", .dynamicString)], required: ["url"], "a video from a URL"),
            c("AudioPlayer", [("url", .dynamicString), ("description", .dynamicString)], required: ["url"], "an audio clip from a URL"),
            c("Row", [("children", .childList), ("justify", .choice(justify)), ("align", .choice(align))], required: ["children"],
              "children side by side"),
            c("Column", [("children", .childList), ("justify", .choice(justify)), ("align", .choice(align))], required: ["children"],
              "children one under another"),
            c("List", [("children", .childList), ("direction", .choice(["vertical", "horizontal"])), ("align", .choice(align))],
              required: ["children"], "a scrolling list of children"),
            c("Card", [("child", .child)], required: ["child"], "a card around one child"),
            c("Tabs", [("tabs", .tabs)], required: ["tabs"], "tabs [{title, child}]; one shows at a time"),
            c("Modal", [("trigger", .child), ("content", .child)], required: ["trigger", "content"], "a dialog: tapping trigger opens content"),
            c("Divider", [("axis", .choice(["horizontal", "vertical"]))], required: [], "a separating line"),
            c("Button", [("child", .child), ("action", .action), ("variant", .choice(["default", "primary", "borderless"])), ("checks", .checks)],
              required: ["child", "action"], "a button showing child; action is {event: {name, context}} or {functionCall}; disabled while a check fails"),
            c("TextField", [("label", .dynamicString), ("value", .dynamicString), ("placeholder", .dynamicString),
                            ("variant", .choice(["shortText", "longText", "number", "obscured"])), ("checks", .checks),
                            ("validationRegexp", .dynamicString)],
              required: ["label"], "a text input; bind value to a path"),
            c("CheckBox", [("label", .dynamicString), ("value", .dynamicBoolean), ("checks", .checks)], required: ["label", "value"],
              "a checkbox; bind value to a path"),
            c("ChoicePicker", [("label", .dynamicString), ("options", .options), ("value", .dynamicStringList),
                               ("variant", .choice(["multipleSelection", "mutuallyExclusive"])),
                               ("displayStyle", .choice(["checkbox", "chips"])), ("filterable", .boolean), ("checks", .checks)],
              required: ["options", "value"], "choices [{label, value}]; value is a list of the chosen values"),
            c("Slider", [("label", .dynamicString), ("min", .number), ("max", .number), ("steps", .number), ("value", .dynamicNumber),
                         ("checks", .checks)], required: ["value", "max"], "a number between min (0) and max"),
            c("DateTimeInput", [("label", .dynamicString), ("value", .dynamicString), ("enableDate", .boolean), ("enableTime", .boolean),
                                ("min", .dynamicString), ("max", .dynamicString), ("checks", .checks)],
              required: ["value"], "a date and/or time, as ISO 8601 text"),
        ]
    }()
}
