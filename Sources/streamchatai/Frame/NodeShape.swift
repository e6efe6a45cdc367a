import StreamChatAI

/// How the drawers (terminal and HTML) show a generative-UI node, read once
/// from its type: each renderer names its components its own way (`CardHeader`,
/// `TextField`, `FormControl`), so the drawers go by these shapes.
enum NodeShape: Equatable {
    case pending, header, button, row, tabs, field, check, separator, icon, chart, card, table, other
    /// An image, a video or an audio clip: the word says which.
    case media(String)

    init(_ node: UINode) {
        let kind = node.type.lowercased()
        if node.state == .pending || kind == "placeholder" { self = .pending }
        else if kind.hasSuffix("header") || kind == "heading" { self = .header }
        else if kind.hasSuffix("button") { self = .button }
        else if kind == "buttons" || kind == "row" { self = .row }
        else if kind.contains("tabs") { self = .tabs }
        else if kind.contains("input") || kind.contains("field") || kind.contains("textarea") || kind.contains("picker") && !kind.contains("choice") { self = .field }
        else if kind.contains("checkbox") || kind.contains("switch") { self = .check }
        else if kind.contains("separator") || kind.contains("divider") { self = .separator }
        else if kind.contains("image") { self = .media("image") }
        else if kind.contains("video") { self = .media("video") }
        else if kind.contains("audio") { self = .media("audio") }
        else if kind == "icon" { self = .icon }
        else if kind.contains("chart") { self = .chart }
        else if kind == "card" || kind == "surface" { self = .card }
        else if kind.contains("table") { self = .table }
        else { self = .other }
    }
}

extension UINode {
    /// The text a drawer shows for the node: what it displays, else its header,
    /// else its value (not an input's: an input shows its value as its content).
    var shownText: String? {
        let kind = type.lowercased()
        return visibleText ?? props["header"]?.stringValue ?? (kind.contains("input") || kind.contains("field") ? nil : props["value"]?.stringValue)
    }

    /// What a media node is described by, since neither drawer loads it.
    var mediaDescription: String {
        props["alt"]?.stringValue ?? props["description"]?.stringValue ?? shownText ?? props["url"]?.stringValue ?? ""
    }
}
