import StreamChatAI

/// A conversation tree (``AIConversation``) as one self-contained HTML page:
/// no network (a Content-Security-Policy that allows nothing from outside,
/// images shown as their description), its styles and its one script inline.
/// Tabs switch, and a button shows the JSON it would send (its action, and
/// the values of the fields around it) instead of sending it.
struct HTMLDrawer {
    /// The page's title.
    var title: String

    func page(_ root: UINode) -> String {
        var body = ""
        for message in root.children { body += self.message(message) }
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="streamchatai \(StreamChatAIVersion.string)">
        <title>\(Self.escape(title))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <main class="conversation">
        \(body)</main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    private func message(_ node: UINode) -> String {
        let mine = node.props["mine"] == .bool(true)
        let who = mine ? "you" : node.props["author"]?.stringValue ?? "agent"
        var out = "<section class=\"message\(mine ? " mine" : "")\" id=\"\(Self.escape(node.id))\" data-node=\"message\">\n"
        out += "<header><b>\(Self.escape(who))</b> <span class=\"id\">\(Self.escape(node.id))</span></header>\n"
        for child in node.children {
            switch child.type {
            case "text": out += "<p class=\"text\">\(Self.paragraphs(child.props["text"]?.stringValue ?? ""))</p>\n"
            case "steps": out += steps(child)
            case "approval": out += approval(child)
            case "sign_in": out += signIn(child)
            case "generative_ui": out += "<div class=\"generative-ui\" data-node=\"generative_ui\">" + child.children.map(ui).joined() + "</div>\n"
            default: out += "<p>\(Self.escape(child.visibleText ?? child.type))</p>\n"
            }
        }
        return out + "</section>\n"
    }

    // MARK: - Steps and prompts

    private func steps(_ node: UINode) -> String {
        var out = "<div class=\"steps\" data-node=\"steps\">\n"
        for step in node.children {
            let props = step.props
            switch step.type {
            case "reasoning":
                let streaming = props["status"]?.stringValue == "streaming"
                let summary = props["summary"]?.stringValue.map { " · " + Self.escape($0) } ?? ""
                let text = step.children.map { paragraph in
                    "<p>" + Self.escape((paragraph.props["runs"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined()) + "</p>"
                }.joined()
                out += "<details class=\"reasoning\" data-node=\"reasoning\"\(streaming ? " open" : "")><summary><b>\(Self.escape(props["header"]?.stringValue ?? ""))</b>\(summary)</summary>\(text)</details>\n"
            case "tool_call":
                let icon = IRDrawer.icons[props["icon"]?.stringValue ?? ""] ?? "•"
                var line = "<span class=\"icon\">\(Self.escape(icon))</span> \(Self.escape(props["title"]?.stringValue ?? ""))"
                line += " <span class=\"dim\">— \(Self.escape(props["status_label"]?.stringValue ?? ""))</span>"
                if let summary = props["summary"]?.stringValue { line += " · " + Self.escape(summary) }
                if let duration = props["duration"]?.stringValue { line += " <span class=\"dim\">(\(Self.escape(duration)))</span>" }
                out += "<div class=\"tool-call icon-\(Self.escape(props["icon"]?.stringValue ?? "none"))\" data-node=\"tool_call\">\(line)</div>\n"
            default:
                out += "<div class=\"step dim\">□ \(Self.escape(props["text"]?.stringValue ?? step.type))</div>\n"
            }
        }
        return out + "</div>\n"
    }

    private func approval(_ node: UINode) -> String {
        let lines = (node.props["lines"]?.arrayValue ?? []).map { "<p>\(Self.escape($0.stringValue ?? ""))</p>" }.joined()
        // The answer as JSON written by the serializer, then escaped for the attribute: a call id with quotes in it
        // stays one string (put between quotes by hand, it could add members to the answer).
        func answer(_ decision: String) -> String {
            let value: JSONValue = ["type": "approval", "call_id": .string(node.props["call_id"]?.stringValue ?? node.id),
                                    "decision": .string(decision)]
            return Self.escape(JSONSerializer.string(value))
        }
        return """
        <div class="prompt approval" data-node="approval"><b>\(Self.escape(node.props["title"]?.stringValue ?? ""))</b>\(lines)
        <button data-send="\(answer("allowed"))">\(Self.escape(node.props["allow_title"]?.stringValue ?? "Allow"))</button>
        <button data-send="\(answer("declined"))">\(Self.escape(node.props["decline_title"]?.stringValue ?? "Don't Allow"))</button></div>

        """
    }

    private func signIn(_ node: UINode) -> String {
        let url = node.props["launch_url"]?.stringValue ?? ""
        let safe = url.hasPrefix("https://") || url.hasPrefix("http://")
        let message = node.props["message"]?.stringValue.map { "<p>\(Self.escape($0))</p>" } ?? ""
        let connect = node.props["is_expired"] == .bool(true) || !safe ? "<span class=\"dim\">(the link expired)</span>"
            : "<a class=\"button\" href=\"\(Self.escape(url))\" rel=\"noopener noreferrer\" target=\"_blank\">Connect</a>"
        return "<div class=\"prompt sign-in\" data-node=\"sign_in\"><b>→ \(Self.escape(node.props["title"]?.stringValue ?? "Sign in"))</b>\(message)\(connect) <button>Not now</button></div>\n"
    }

    // MARK: - Generative UI

    private func ui(_ node: UINode) -> String {
        let text = node.shownText
        let attributes = "data-node=\"\(Self.escape(node.type))\" data-id=\"\(Self.escape(node.id))\""
        let inner = node.children.map(ui).joined()
        switch NodeShape(node) {
        case .pending:
            return "<span class=\"pending\" \(attributes)>…</span>"
        case .header:
            let sub = (node.props["subtitle"]?.stringValue ?? node.props["subTitle"]?.stringValue).map { " <span class=\"dim\">· \(Self.escape($0))</span>" } ?? ""
            return "<h4 \(attributes)>\(Self.escape(text ?? ""))\(sub)</h4>"
        case .button:
            let action = node.props["action"] ?? .string(node.id)
            return "<button class=\"action\" \(attributes) data-action=\"\(Self.escape(JSONSerializer.string(action)))\">\(Self.escape(text ?? "Button"))</button>\(inner)"
        case .row:
            return "<div class=\"row\" \(attributes)>\(inner)</div>"
        case .tabs:
            let tabs = node.children.enumerated().map { i, tab in
                "<button class=\"tab\(i == 0 ? " selected" : "")\" data-tab=\"\(i)\">\(Self.escape(tab.props["title"]?.stringValue ?? tab.props["label"]?.stringValue ?? tab.visibleText ?? "Tab \(i + 1)"))</button>"
            }.joined()
            let panels = node.children.enumerated().map { i, tab in
                "<div class=\"tab-panel\" data-panel=\"\(i)\"\(i == 0 ? "" : " hidden")>\(tab.children.map(ui).joined())</div>"
            }.joined()
            return "<div class=\"tabs\" \(attributes)><div class=\"tab-bar\">\(tabs)</div>\(panels)</div>"
        case .field:
            let value = node.props["value"]?.stringValue ?? ""
            let placeholder = node.props["placeholder"]?.stringValue ?? ""
            let type = node.isSecure ? "password" : "text"
            return "<label class=\"field\" \(attributes)>\(Self.escape(text ?? "")) <input type=\"\(type)\" name=\"\(Self.escape(node.id))\" value=\"\(Self.escape(value))\" placeholder=\"\(Self.escape(placeholder))\"></label>"
        case .check:
            let on = node.props["value"] == .bool(true) || node.props["checked"] == .bool(true)
            return "<label class=\"check\" \(attributes)><input type=\"checkbox\" name=\"\(Self.escape(node.id))\"\(on ? " checked" : "")> \(Self.escape(text ?? ""))</label>"
        case .separator:
            return "<hr \(attributes)>"
        case .media(let word):
            // No network: the media is described, not loaded.
            return "<figure class=\"media\" \(attributes)>[\(word): \(Self.escape(node.mediaDescription))]</figure>"
        case .icon:
            return "<span class=\"media\" \(attributes)>[icon: \(Self.escape(node.props["name"]?.stringValue ?? text ?? ""))]</span>"
        case .chart:
            return chart(node, attributes: attributes, title: text)
        case .card:
            return "<div class=\"card\" \(attributes)>\(text.map { "<h3>\(Self.escape($0))</h3>" } ?? "")\(inner)</div>"
        case .table:
            let rows = node.children.map { row in
                "<tr>" + ([row.visibleText].compactMap { $0 } + row.children.compactMap(\.visibleText)).map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>"
            }.joined()
            return "<table \(attributes)>\(text.map { "<caption>\(Self.escape($0))</caption>" } ?? "")\(rows)</table>"
        case .other:
            return "<div class=\"node\" \(attributes)>\(text.map { "<p>\(Self.paragraphs($0))</p>" } ?? "")\(inner)</div>"
        }
    }

    /// A chart as one bar per number it shows.
    private func chart(_ node: UINode, attributes: String, title: String?) -> String {
        let bars = node.chartBars.prefix(50).map { bar in
            "<div class=\"bar\"><span>\(Self.escape(bar.label))</span><i style=\"width:\(Int(bar.share * 100))%\"></i> \(bar.valueText)</div>"
        }.joined()
        return "<div class=\"chart\" \(attributes)><b>\(Self.escape(title ?? node.type))</b>\(bars)</div>"
    }

    // MARK: - Text

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func paragraphs(_ text: String) -> String {
        escape(text).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")
    }

    private static let style = """
    body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1c1c1e}
    .conversation{max-width:760px;margin:0 auto;padding:16px}
    .message{background:#fff;border-radius:12px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 2px #0002}
    .message.mine{background:#e8f0fe}
    .message header{font-size:13px;color:#555;margin-bottom:6px}.id,.dim{color:#888}
    .steps{margin:6px 0;font-size:14px}.tool-call{margin:2px 0}.icon{display:inline-block;width:1.3em}
    .icon-exclamation .icon{color:#c0392b}.reasoning summary{cursor:pointer}
    .prompt{border:1px solid #d0d0d7;border-radius:10px;padding:8px 12px;margin:8px 0;background:#fafafa}
    .card{border:1px solid #ddd;border-radius:10px;padding:10px 12px;margin:8px 0}
    .row{display:flex;gap:8px;flex-wrap:wrap}
    button,.button{font:inherit;border:1px solid #888;border-radius:8px;padding:4px 12px;background:#fff;cursor:pointer;color:inherit;text-decoration:none}
    button.action{background:#1a73e8;color:#fff;border-color:#1a73e8}
    .field{display:block;margin:6px 0}.field input{font:inherit;padding:4px 6px;min-width:14em}
    .tab-bar{display:flex;gap:4px;margin-bottom:6px}.tab.selected{background:#1c1c1e;color:#fff}
    table{border-collapse:collapse}td{border:1px solid #ddd;padding:3px 8px}
    .chart .bar{display:flex;align-items:center;gap:6px}.chart .bar span{width:8em}.chart i{display:inline-block;height:10px;background:#1a73e8}
    .media{color:#666;font-style:italic;margin:6px 0}
    pre.would-send{background:#1c1c1e;color:#9fe29f;padding:8px;border-radius:8px;white-space:pre-wrap;font-size:12px}
    """

    /// Tabs switch; a button shows what it would send; `#selftest` presses the
    /// first tab and button of the page itself, for a headless browser to check.
    private static let script = """
    (function(){
    function show(el,payload){var box=el.closest('.card,.prompt,.generative-ui,.message');var pre=box.querySelector(':scope > pre.would-send');
    if(!pre){pre=document.createElement('pre');pre.className='would-send';box.appendChild(pre);}
    pre.textContent='would send: '+JSON.stringify(payload,null,1);}
    document.addEventListener('click',function(e){var t=e.target;
    if(t.matches('button.tab')){var tabs=t.closest('.tabs');tabs.querySelectorAll('.tab').forEach(function(b){b.classList.toggle('selected',b===t);});
    tabs.querySelectorAll(':scope > .tab-panel').forEach(function(p){p.hidden=p.dataset.panel!==t.dataset.tab;});return;}
    if(t.matches('button[data-send]')){show(t,JSON.parse(t.dataset.send));return;}
    if(t.matches('button.action')){var scope=t.closest('.card,.generative-ui');var values={};
    scope.querySelectorAll('input[name]').forEach(function(i){values[i.name]=i.type==='checkbox'?i.checked:i.value;});
    show(t,{action:JSON.parse(t.dataset.action),values:values});}});
    if(location.hash==='#selftest'){var b=document.querySelector('button.action,button[data-send]');if(b){b.click();}
    var tab=document.querySelector('button.tab:not(.selected)');if(tab){tab.click();}
    document.body.dataset.selftest=document.querySelectorAll('pre.would-send').length+' sent';}
    })();
    """
}
