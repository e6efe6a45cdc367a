import StreamChatAI

/// What a node of a rendered surface stands for: the component and the
/// template item it was made from, so a user's event finds its way back.
struct A2UINodeRef: Sendable, Hashable {
    let nodeID: String
    let surfaceID: String
    let componentID: String
    let type: String
    let scope: A2UIScope
    /// The absolute data path an input's value is bound to, if it is.
    var binding: JSONPointer?
}
