import StreamChatAI

/// Where a component is being resolved: the data path of the template item
/// it belongs to (relative paths resolve against it) and that item's index
/// (for `@index`); outside any template, the root and no index.
struct A2UIScope: Sendable, Hashable {
    var path: JSONPointer = .root
    var index: Int?
    /// For a component placed again under another parent: which placement (`^modal`), so its nodes get ids of their own.
    var placement = ""

    /// The pointer a binding's path names here: `/a` as it is, `a/b` under the item.
    func pointer(_ text: String) throws(JSONPointerError) -> JSONPointer {
        if text.isEmpty || text == "." { return path }
        if text == "/" { return .root }
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        return try path.resolving(trimmed)
    }

    /// The suffix of node ids here: a template instance's `@/items/2`, a further placement's `^parent`; empty otherwise.
    var idSuffix: String { (index == nil ? "" : "@" + path.description) + placement }
}
