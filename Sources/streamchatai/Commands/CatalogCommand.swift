import StreamChatA2UI
import StreamChatAI
import StreamChatOpenUI

#if canImport(Glibc)
import Glibc
#endif

/// `streamchatai catalog a2ui|openui [--html FILE]`: every component of the
/// A2UI basic catalog or an OpenUI library, each drawn from an example
/// document through the renderer (as the reference SDK's debug catalog view
/// shows them), for people restyling them.
struct CatalogCommand: Command {
    static let name = "catalog"
    static let abstract = "Draw every component of the A2UI basic catalog or an OpenUI library from an example."
    static let discussion = """
    Each component gets a message: its signature or summary as the text, and an example document (its required \
    properties filled in) rendered by the built-in renderer into the UI IR, drawn in the terminal or, with --html, \
    on a self-contained page. A component the renderer refuses on its own (an item that only lives inside its list) \
    shows the renderer's error instead.
    """
    static let arguments: [Argument] = [
        .positional("FORMAT", "a2ui or openui"),
        .option("--library", "NAME", "with openui: chat (default) or standard"),
        .option("--html", "FILE", "write the catalog as an HTML page instead"),
        .option("--width", "N", "wrap at N columns (default 80)"),
        .flag("--ascii", "draw with ASCII only"),
    ]

    let format: String
    let library: String
    let html: String?
    let drawer: ConversationDrawer

    init(_ parsed: ParsedArguments) throws(UsageError) {
        format = try parsed.required("FORMAT")
        guard format == "a2ui" || format == "openui" else { throw UsageError("FORMAT: expected a2ui or openui, found \(format)") }
        library = parsed.value("--library") ?? "chat"
        guard library == "chat" || library == "standard" else { throw UsageError("--library: expected chat or standard") }
        if format == "a2ui" && parsed.value("--library") != nil { throw UsageError("--library is for openui") }
        html = parsed.value("--html")
        let width = try parsed.integer("--width") ?? 80
        guard width >= 20 && width <= 1000 else { throw UsageError("--width: from 20 to 1000") }
        drawer = ConversationDrawer(width: Int(width), ascii: parsed.flag("--ascii"))
    }

    /// The messages of the catalog: one per component, with its example as the message's UI.
    private var messages: [JSONValue] {
        func message(_ id: String, _ text: String, _ version: String, _ content: String) -> JSONValue {
            ["id": .string(id), "text": .string(text),
             "custom": ["ai_ui": ["v": 1, "format": .string(format), "version": .string(version), "status": "complete", "content": .string(content)]]]
        }
        if format == "a2ui" {
            return A2UICatalog.componentSummaries.compactMap { component in
                A2UICatalog.example(of: component.name, surfaceID: component.name).map { message(component.name, "\(component.name): \(component.summary)", "v1.0", $0) }
            }
        }
        let lib = library == "standard" ? OpenUILibrary.standard : OpenUILibrary.chat
        return lib.components.compactMap { entry in
            lib.example(of: entry.name).map { message(entry.name, entry.signatureText, "1.0", $0) }
        }
    }

    func run() -> Int32 {
        let config: JSONValue = format == "openui" ? ["openui": ["library": .string(library)]] : [:]
        let host: AIUIHost
        do {
            host = try UIHostOptions.host(config: JSONSerializer.string(config))
        } catch {
            Terminal.error("streamchatai catalog: \(error)")
            return 1
        }
        let conversation = AIConversation(configuration: .init(viewer: AIToolViewer(userID: "catalog", clientID: "cli")), host: host)
        for message in messages {
            do {
                try conversation.update(message)
            } catch {
                Terminal.error("streamchatai catalog: \(message["id"]?.stringValue ?? "?"): \(error)")
                return 1
            }
        }
        let root = conversation.render().root
        guard let html else {
            print(drawer.draw(root), terminator: "")
            return 0
        }
        let page = HTMLDrawer(title: "\(format) catalog").page(root)
        guard Terminal.writeFile(page, to: html, command: "catalog") else { return 1 }
        Terminal.error("streamchatai catalog: wrote \(html) (\(root.children.count) components)")
        return 0
    }
}
