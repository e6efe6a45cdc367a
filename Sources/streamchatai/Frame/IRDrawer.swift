import StreamChatAI

/// UI IR as terminal text: the steps view drawn as steps, any other tree as
/// an outline of its nodes.
enum IRDrawer {
    static let icons = [
        "spinner": "◌", "hand": "✋", "key": "🔑", "phone": "📱", "checkmark": "✓", "exclamation": "!", "cross": "✗",
    ]

    static func steps(_ root: UINode, parts: [AIMessagePart]) -> String {
        var out = ""
        let calls = Dictionary(parts.compactMap { p in p.toolCall.map { (p.id, $0) } }, uniquingKeysWith: { a, _ in a })
        for node in root.children {
            let props = node.props
            switch node.type {
            case "reasoning":
                out += "  " + Terminal.styled(props["header"]?.stringValue ?? "", "1")
                if let summary = props["summary"]?.stringValue { out += " · " + summary }
                out += "\n"
                for paragraph in node.children {
                    out += "    " + runs(paragraph.props["runs"]?.arrayValue ?? []) + "\n"
                }
            case "tool_call":
                let icon = icons[props["icon"]?.stringValue ?? ""] ?? "•"
                let failed = props["icon"]?.stringValue == "exclamation"
                out += "  \(Terminal.styled(icon, failed ? "31" : "")) \(props["title"]?.stringValue ?? "")"
                out += Terminal.styled(" — \(props["status_label"]?.stringValue ?? "")", "2")
                if let summary = props["summary"]?.stringValue { out += " · \(summary)" }
                if let duration = props["duration"]?.stringValue { out += Terminal.styled(" (\(duration))", "2") }
                out += "\n"
                if let call = calls[node.id] { out += questions(call) }
            default:
                out += "  " + Terminal.styled("□ \(props["text"]?.stringValue ?? "") [\(props["kind"]?.stringValue ?? "")]", "2") + "\n"
            }
        }
        return out
    }

    static func questions(_ call: AIToolCallPart) -> String {
        var out = ""
        if call.status == .awaitingApproval, let approval = call.approval {
            out += "      ? \(approval.title)"
            if let user = call.targetUserID { out += Terminal.styled(" (asks \(user))", "2") }
            out += "\n"
        }
        if call.status == .awaitingAuthorization, let auth = call.authorization, let url = auth.launchURL {
            out += "      → \(auth.title ?? "Sign in"): \(url)\n"
        }
        return out
    }

    static func runs(_ runs: [JSONValue]) -> String {
        runs.map { run in
            let text = run["text"]?.stringValue ?? ""
            var codes: [String] = []
            if run["bold"] == .bool(true) { codes.append("1") }
            if run["italic"] == .bool(true) { codes.append("3") }
            if run["code"] == .bool(true) { codes.append("36") }
            if run["href"]?.stringValue != nil { codes.append("4") }
            var shown = Terminal.isInteractive || codes.isEmpty ? text : plainMarkup(text, run)
            if let href = run["href"]?.stringValue, !Terminal.isInteractive { shown += " <\(href)>" }
            return Terminal.styled(shown, codes.joined(separator: ";"))
        }.joined().replacing("\n", with: "\n    ")
    }

    /// Without a terminal, styles show as Markdown-like marks.
    static func plainMarkup(_ text: String, _ run: JSONValue) -> String {
        if run["code"] == .bool(true) { return "`\(text)`" }
        if run["bold"] == .bool(true) { return "**\(text)**" }
        if run["italic"] == .bool(true) { return "_\(text)_" }
        return text
    }

    /// An outline: one line a node, `type#id "its text" [events] (pending)`, indented by depth.
    static func outline(_ node: UINode, depth: Int = 1) -> String {
        var line = String(repeating: "  ", count: depth) + "\(node.type)#\(node.id)" + (node.visibleText.map { " \"\($0)\"" } ?? "")
        if !node.events.isEmpty { line += Terminal.styled(" [\(node.events.joined(separator: ", "))]", "36") }
        if node.state == .pending { line += Terminal.styled(" (pending)", "33") }
        return node.children.reduce(line + "\n") { $0 + outline($1, depth: depth + 1) }
    }
}
