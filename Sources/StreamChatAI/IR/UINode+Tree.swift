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
        if Self.namesPassword(type) { return true }
        // One pass over the keys, comparing only names of the right length, a value read only for those
        // (hosts ask this of every node they are given).
        let props = self.props
        for (i, key) in props.keys.enumerated() {
            switch key.utf8.count {
            case 6 where key == "secure":
                let value = props.values[i]
                if value == .bool(true) || value.stringValue?.lowercased() == "true" { return true }
            case 10 where key == "input_type":
                if props.values[i].stringValue?.lowercased() == "password" { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether `type` (a component's name) holds "password" in any case: such a component takes a secret.
    /// A byte search, since renderers ask it of every node of every render.
    public static func namesPassword(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { bytes in
            guard bytes.count >= 8 else { return false }
            // "password", a byte at a time in any case: only a `p` starts a comparison.
            let word: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x70, 0x61, 0x73, 0x73, 0x77, 0x6F, 0x72, 0x64)
            for start in 0...(bytes.count - 8) where bytes[start] | 0x20 == word.0 {
                if bytes[start + 1] | 0x20 == word.1, bytes[start + 2] | 0x20 == word.2, bytes[start + 3] | 0x20 == word.3,
                   bytes[start + 4] | 0x20 == word.4, bytes[start + 5] | 0x20 == word.5, bytes[start + 6] | 0x20 == word.6,
                   bytes[start + 7] | 0x20 == word.7 {
                    return true
                }
            }
            return false
        }
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
