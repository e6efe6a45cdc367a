import StreamChatAI

/// A conversation tree (``AIConversation``) as terminal text: each message
/// with a header, its text wrapped to the width, its steps (reasoning folded
/// into its header once done, tool calls with icons), the prompts for this
/// viewer, and its generative UI drawn by the kind of each node (cards framed,
/// buttons in brackets, inputs as fields, tables as rows, charts as bars).
struct ConversationDrawer {
    /// Columns to wrap text at.
    var width: Int
    /// Only ASCII: no box drawing, no symbol icons.
    var ascii: Bool

    private var icons: [String: String] {
        ascii ? ["spinner": "*", "hand": "?", "key": "k", "phone": "d", "checkmark": "+", "exclamation": "!", "cross": "x"]
            : IRDrawer.icons
    }

    func draw(_ root: UINode) -> String {
        var lines: [String] = []
        for message in root.children { lines += self.message(message) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func message(_ node: UINode) -> [String] {
        let who = node.props["mine"] == .bool(true) ? "you" : node.props["author"]?.stringValue ?? "agent"
        let rule = ascii ? "-" : "─"
        let title = "\(rule)\(rule) \(who) \(Terminal.styled("(\(node.id))", "2")) "
        var lines = [title + String(repeating: rule, count: max(2, width - Self.width(of: "\(rule)\(rule) \(who) (\(node.id)) ")))]
        for child in node.children {
            switch child.type {
            case "text": lines += wrap(child.props["text"]?.stringValue ?? "", indent: 0)
            case "steps": lines += steps(child)
            case "approval": lines += approval(child)
            case "sign_in": lines += signIn(child)
            case "generative_ui": lines += child.children.flatMap { ui($0, indent: 0) }
            default: lines += wrap(child.visibleText ?? child.type, indent: 0)
            }
        }
        lines.append("")
        return lines
    }

    // MARK: - Steps

    private func steps(_ node: UINode) -> [String] {
        var lines: [String] = []
        for step in node.children {
            let props = step.props
            switch step.type {
            case "reasoning":
                let streaming = props["status"]?.stringValue == "streaming"
                var header = (streaming ? (ascii ? "v " : "▾ ") : (ascii ? "> " : "▸ ")) + Terminal.styled(props["header"]?.stringValue ?? "", "1")
                if let summary = props["summary"]?.stringValue { header += " · " + summary }
                lines.append(header)
                // Done thinking folds into its header; while it streams, its text shows.
                if streaming {
                    for paragraph in step.children {
                        let text = (paragraph.props["runs"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined()
                        lines += wrap(text, indent: 4).map { Terminal.styled($0, "2") }
                    }
                }
            case "tool_call":
                let icon = icons[props["icon"]?.stringValue ?? ""] ?? (ascii ? "-" : "•")
                var line = "\(Terminal.styled(icon, props["icon"]?.stringValue == "exclamation" ? "31" : "")) \(props["title"]?.stringValue ?? "")"
                line += Terminal.styled(" — \(props["status_label"]?.stringValue ?? "")".replacing("—", with: ascii ? "-" : "—"), "2")
                if let summary = props["summary"]?.stringValue { line += " · \(summary)" }
                if let duration = props["duration"]?.stringValue { line += Terminal.styled(" (\(duration))", "2") }
                lines.append(line)
            default:
                lines.append(Terminal.styled("\(ascii ? "[]" : "□") \(props["text"]?.stringValue ?? "")", "2"))
            }
        }
        return lines
    }

    private func approval(_ node: UINode) -> [String] {
        var lines = ["? " + Terminal.styled(node.props["title"]?.stringValue ?? "", "1")]
        for line in node.props["lines"]?.arrayValue ?? [] { lines += wrap(line.stringValue ?? "", indent: 2) }
        lines.append("  [ \(node.props["allow_title"]?.stringValue ?? "Allow") ]  [ \(node.props["decline_title"]?.stringValue ?? "Don't Allow") ]")
        return lines
    }

    private func signIn(_ node: UINode) -> [String] {
        let arrow = ascii ? "->" : "→"
        var lines = ["\(arrow) " + Terminal.styled(node.props["title"]?.stringValue ?? "Sign in", "1")]
        if let message = node.props["message"]?.stringValue { lines += wrap(message, indent: 2) }
        if node.props["is_expired"] == .bool(true) {
            lines.append(Terminal.styled("  (the link expired)  [ Not now ]", "2"))
        } else {
            lines.append("  [ Connect ] " + Terminal.styled(node.props["launch_url"]?.stringValue ?? "", "4") + "  [ Not now ]")
        }
        return lines
    }

    // MARK: - Generative UI

    private func ui(_ node: UINode, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let text = node.shownText
        switch NodeShape(node) {
        case .pending:
            return [pad + Terminal.styled(ascii ? "..." : "…", "2")]
        case .header:
            let sub = node.props["subtitle"]?.stringValue ?? node.props["subTitle"]?.stringValue
            return [pad + Terminal.styled(text ?? "", "1") + (sub.map { Terminal.styled(" · " + $0, "2") } ?? "")]
        case .button:
            return [pad + Terminal.styled("[ \(text ?? "Button") ]", "7")] + children(node, indent: indent)
        case .row:
            let drawn = node.children.flatMap { ui($0, indent: 0) }
            let joined = drawn.joined(separator: "  ")
            if drawn.count > 1, Self.width(of: joined) <= width - indent { return [pad + joined] }
            return drawn.map { pad + $0 }
        case .field:
            let value = node.props["value"]?.stringValue ?? ""
            let placeholder = node.props["placeholder"]?.stringValue ?? ""
            let secret = node.isSecure && !value.isEmpty ? String(repeating: ascii ? "*" : "•", count: value.count) : value
            let shown = secret.isEmpty ? Terminal.styled(placeholder, "2") : secret
            return [pad + (text.map { $0 + ": " } ?? "") + "[" + shown + String(repeating: "_", count: max(1, 16 - Self.width(of: secret.isEmpty ? placeholder : secret))) + "]"]
        case .check:
            let on = node.props["value"] == .bool(true) || node.props["checked"] == .bool(true)
            return [pad + (on ? "[x] " : "[ ] ") + (text ?? "")]
        case .separator:
            return [pad + String(repeating: ascii ? "-" : "─", count: max(4, width - indent))]
        case .media(let word):
            return [pad + Terminal.styled("[\(word): \(node.mediaDescription)]", "2")]
        case .icon:
            return [pad + Terminal.styled("[icon: \(node.props["name"]?.stringValue ?? text ?? "")]", "2")]
        case .chart:
            return chart(node, indent: indent, title: text)
        case .card:
            let (top, side, bottom) = ascii ? ("+-", "| ", "+-") : ("┌─", "│ ", "└─")
            var lines = [pad + top + (text.map { " " + Terminal.styled($0, "1") } ?? "")]
            let inner = ConversationDrawer(width: max(10, width - indent - 2), ascii: ascii)
            for child in node.children { lines += inner.ui(child, indent: 0).map { pad + side + $0 } }
            lines.append(pad + bottom)
            return lines
        case .table:
            return (text.map { [pad + Terminal.styled($0, "1")] } ?? []) + node.children.map { row in
                pad + ([row.visibleText].compactMap { $0 } + row.children.compactMap(\.visibleText)).joined(separator: " | ")
            }
        case .tabs, .other:
            var lines = text.map { wrap($0, indent: indent) } ?? []
            lines += children(node, indent: text == nil ? indent : indent + 2)
            return lines
        }
    }

    private func children(_ node: UINode, indent: Int) -> [String] { node.children.flatMap { ui($0, indent: indent) } }

    /// A chart as one bar per number found in its props or its children's (`value`, `data`).
    private func chart(_ node: UINode, indent: Int, title: String?) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = [pad + Terminal.styled("\(ascii ? "#" : "▤") \(title ?? node.type)", "1")]
        let room = Double(max(4, width - indent - 24))
        for bar in node.chartBars.prefix(20) {
            let length = Int(bar.share * room)
            // Cut and padded by the columns it takes (an emoji takes two), so the bars stay aligned.
            let label = Self.width(of: bar.label) > 12 ? Self.prefix(of: bar.label, fitting: 11) + (ascii ? "~" : "…") : bar.label
            let column = label + String(repeating: " ", count: max(0, 12 - Self.width(of: label)))
            lines.append(pad + column + " " + String(repeating: ascii ? "#" : "█", count: length) + " " + bar.valueText)
        }
        return lines
    }

    // MARK: - Text

    /// `text` wrapped at the width (by words; a word longer than a line is cut), each line indented.
    func wrap(_ text: String, indent: Int) -> [String] {
        let room = max(8, width - indent)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                while Self.width(of: word) > room {
                    if used > 0 { lines.append(pad + line); line = ""; used = 0 }
                    let cut = Self.prefix(of: word, fitting: room)
                    lines.append(pad + cut)
                    word = String(word.dropFirst(cut.count))
                }
                let w = Self.width(of: word)
                if used > 0 && used + 1 + w > room {
                    lines.append(pad + line)
                    line = ""
                    used = 0
                }
                if used > 0 { line += " "; used += 1 }
                line += word
                used += w
            }
            lines.append(pad + line)
        }
        return lines
    }

    /// Columns `text` takes: wide East Asian characters and emoji take two, combining marks none.
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            if (0x0300...0x036F).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFE0F { return total }
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
            return total + (wide ? 2 : 1)
        }
    }

    private static func prefix(of text: String, fitting room: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: String(character))
            if used + w > room { break }
            out.append(character)
            used += w
        }
        return out.isEmpty ? String(text.prefix(1)) : out
    }
}
