/// A renderer's state for one conversation: it renders each reply's document
/// and handles what the user does in it.
public protocol AIUIEngine: AnyObject, Sendable {
    /// Each reply's document as it arrives, oldest first, including replies not on screen.
    func receive(_ document: AIUIDocument, messageID: String, context: AIUIContext)
    /// The UI of a reply, or nil to show its text.
    func view(for document: AIUIDocument, messageID: String, context: AIUIContext) -> UINode?
    /// A user's event on one of the reply's nodes; returns the actions to send.
    func handle(_ event: AIUIEvent, on node: UINode, messageID: String, context: AIUIContext) -> [AIUIAction]
    /// The reply (or its UI) left the conversation.
    func remove(messageID: String)
}
