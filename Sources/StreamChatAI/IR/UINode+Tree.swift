extension UINode {
    /// The node with `id` in this subtree, depth first.
    public func find(_ id: String) -> UINode? {
        if self.id == id { return self }
        for child in children { if let hit = child.find(id) { return hit } }
        return nil
    }

    /// The text a user sees on the node: its label, title or text.
    public var visibleText: String? {
        for key in ["label", "title", "text"] { if let s = props[key]?.stringValue, !s.isEmpty { return s } }
        return nil
    }

    /// Whether the node takes a secret (a password field): its value must never leave in an action.
    /// `secure: true` (or `"true"`), an `input_type` of password in any case, or a type that says password.
    public var isSecure: Bool {
        props["secure"] == .bool(true) || props["secure"]?.stringValue?.lowercased() == "true"
            || props["input_type"]?.stringValue?.lowercased() == "password" || Self.namesPassword(type)
    }

    /// Whether `type` holds "password" in any case (a byte search: this runs for every node of every render).
    static func namesPassword(_ type: String) -> Bool {
        guard type.utf8.count >= 8 else { return false }
        let word = Array("password".utf8)
        var utf8 = type.utf8.makeIterator()
        var window: [UInt8] = []
        window.reserveCapacity(word.count)
        while let byte = utf8.next() {
            window.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            if window.count > word.count { window.removeFirst() }
            if window.count == word.count, window == word { return true }
        }
        return false
    }

    /// Visits this node and every node below it, depth first, with the id of its parent.
    public func walk(parent: String? = nil, _ visit: (UINode, String?) -> Void) {
        visit(self, parent)
        for child in children { child.walk(parent: id, visit) }
    }

    /// Changes this node and every node below it, depth first.
    public mutating func transform(_ change: (inout UINode) -> Void) {
        change(&self)
        for i in children.indices { children[i].transform(change) }
    }
}
