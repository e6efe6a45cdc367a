import Dispatch
import StreamChatAI

/// Renders replies written in OpenUI Lang 1.0 (format `openui`, fence
/// `openui-lang`) into the UI IR, with a library (the chat library by
/// default, or the standard one) joined by the app's components.
///
/// ```swift
/// let host = AIUIHost(renderers: [OpenUIRenderer()], send: { ... })
/// ```
public struct OpenUIRenderer: AIUIRenderer {
    /// `openui`, the format of an `ai_ui` document it renders.
    public let format = "openui"
    /// `openui-lang`, the fence tag of a program in a message's text.
    public let fence: String? = "openui-lang"
    /// The component library programs are checked against.
    public let library: OpenUILibrary
    /// The library's custom functions, implemented by the app.
    public let functions: [String: OpenUIFunction]
    /// Runs `work` once, `seconds` from now: how a Query's refresh interval waits (spec §6.1).
    public typealias Timer = @Sendable (_ seconds: Double, _ work: @escaping @Sendable () -> Void) -> Void
    /// The renderer's timer (a global dispatch queue's unless given).
    public let timer: Timer

    /// A renderer with `library`, the app's custom `functions`, and the `timer` a Query's refresh interval waits on
    /// (a test's own, to run the refresh when it chooses).
    public init(library: OpenUILibrary = .chat, functions: [String: OpenUIFunction] = [:], timer: @escaping Timer = OpenUIRenderer.dispatchTimer) {
        self.library = library
        self.functions = functions
        self.timer = timer
    }

    /// The default timer: `work` on a global dispatch queue after `seconds`.
    public static let dispatchTimer: Timer = { seconds, work in
        // (Bounded before it becomes an integer: a day at most, nothing for what is not a number.)
        let milliseconds = seconds.isFinite ? Int(max(0, min(seconds, 86_400)) * 1000) : 0
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
    }

    /// Reads `{"library": "chat" | "standard"}` (a UI host's `"openui"` options).
    public init(settings: SettingsReader) throws(StreamChatAIError) {
        switch try settings.string("library") ?? "chat" {
        case "chat": self.init(library: .chat)
        case "standard": self.init(library: .standard)
        case let other: throw .invalid(at: settings.path(of: "library"), "\"\(other)\" is not a library; known: chat, standard")
        }
    }

    /// The built-in renderer entry for a UI host's `"renderers"` config.
    public static let builtIn = AIUIBuiltInRenderer(format: "openui", options: ["library"]) { (settings) throws(StreamChatAIError) -> any AIUIRenderer in
        try OpenUIRenderer(settings: settings)
    }

    /// The library's components: an app component may not take one's name.
    public var ownComponents: [String] { library.components.map(\.name) }

    /// Version 1 of the language (`1`, `1.0`, `1.0.x`), or none named.
    public func supports(version: String?) -> Bool {
        guard let version else { return true }
        return version == "1" || version == "1.0" || version.hasPrefix("1.0.") || version.hasPrefix("1.")
    }

    /// App components are called by the PascalCase of their snake_case name.
    public func componentName(for component: AIUIComponentDefinition) -> String { component.pascalCaseName }

    /// The language and the library for the model, with the app's components (those that clash with the library's
    /// left out) and the host's tools, read-only ones offered to Query (see ``OpenUIPrompt``). The same bytes for the
    /// same inputs.
    public func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String {
        let usable = self.usable(components)
        return OpenUIPrompt.instructions(library: library, appComponents: usable.map { OpenUILibrary.Entry(appComponent: $0, name: $0.pascalCaseName) },
                                         tools: tools, fence: fence ?? "openui-lang")
    }

    /// An engine holding one ``OpenUIReply`` per message.
    public func makeEngine() -> any AIUIEngine { OpenUIEngine(library: library, functions: functions, timer: timer) }
}
