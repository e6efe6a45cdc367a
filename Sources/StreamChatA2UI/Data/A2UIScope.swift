import StreamChatAI

/// Where a component is being resolved: the data path of the template item
/// it belongs to (relative paths resolve against it) and that item's index
/// (for `@index`); outside any template, the root and no index.
struct A2UIScope: Sendable, Hashable {
    var path: JSONPointer = .root {
        didSet { pathText = index == nil ? "" : path.description }
    }
    var index: Int? {
        didSet { pathText = index == nil ? "" : path.description }
    }
    /// The item's path as text, written once per scope (node ids of every instance use it).
    private var pathText = ""
    /// For a component placed again under another parent: which placement (`^modal`), so its nodes get ids of their own.
    var placement = ""

    /// The most tokens a data path may have (the data model nests no deeper than a message).
    static let maxPathDepth = A2UIMessageStream.maxMessageDepth

    /// The pointer a binding's path names here: `/a` as it is, `a/b` under the item.
    func pointer(_ text: String) throws(JSONPointerError) -> JSONPointer {
        if text.isEmpty || text == "." { return path }
        if text == "/" { return .root }
        let pointer = try path.resolving(Self.withoutTrailingSlash(text))
        try Self.checkDepth(pointer)
        return pointer
    }

    /// A data path's text without its trailing slash: `/foo/` names the same place as `/foo` (the conformance suite's
    /// data model), in a binding and in an `updateDataModel` alike.
    static func withoutTrailingSlash(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }

    /// Refuses a pointer deeper than any data model can be.
    static func checkDepth(_ pointer: JSONPointer) throws(JSONPointerError) {
        guard pointer.tokens.count <= maxPathDepth else {
            throw JSONPointerError("the path has \(pointer.tokens.count) segments; a data path has at most \(maxPathDepth)")
        }
    }

    /// The suffix of node ids here: a template instance's `@/items/2`, a further placement's `^parent`; empty otherwise.
    var idSuffix: String {
        if index == nil { return placement }
        return placement.isEmpty ? "@" + pathText : "@" + pathText + placement
    }

    init(path: JSONPointer = .root, index: Int? = nil, placement: String = "") {
        self.path = path
        self.index = index
        self.placement = placement
        pathText = index == nil ? "" : path.description
    }
}
