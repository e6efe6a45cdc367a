/// A renderer's state for one conversation: it renders each reply's document
/// and handles what the user does in it.
///
/// Every call gets the reply's ``AIUIContext``. An engine may keep it: when
/// something changes the view later (a tool's result arrived, a timer fired),
/// it calls ``AIUIContext/setNeedsRender()`` and the app renders the reply again.
public protocol AIUIEngine: AnyObject, Sendable {
    /// Each reply's document as it arrives, oldest first, including replies not on screen.
    func receive(_ document: AIUIDocument, context: AIUIContext)
    /// Text added to the end of a reply's text document (``AIUIHost/append(messageID:text:isStreaming:)``):
    /// `document` is the whole document now. An engine that reads text as it grows takes only `text`; the
    /// default hands `document` to ``receive(_:context:)``.
    func receive(appended text: String, to document: AIUIDocument, context: AIUIContext)
    /// The UI of a reply, or nil to show its text.
    func view(for document: AIUIDocument, context: AIUIContext) -> UINode?
    /// An input's new value (`change`, `select`), offered to the engine before
    /// the host's bindings: return true when the engine took it into its own
    /// state (its variables, its data model). The default leaves it to the host.
    func input(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> Bool
    /// A user's event on one of the reply's nodes; returns the actions to send.
    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction]
    /// The reply (or its UI) left the conversation.
    func remove(messageID: String)
}

extension AIUIEngine {
    /// By default, the document whole: an engine that reads appended text itself (OpenUI) takes only `text`.
    public func receive(appended text: String, to document: AIUIDocument, context: AIUIContext) {
        receive(document, context: context)
    }

    /// By default, false: the host's bindings take the value.
    public func input(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> Bool { false }
}
