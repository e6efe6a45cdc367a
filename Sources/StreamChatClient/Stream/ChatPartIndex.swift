/// Where each id's part (or call) is in a reply, remembering the last one
/// asked for: a stream's chunks mostly go to the part the one before them
/// went to, so most lookups compare one id instead of hashing it.
struct ChatPartIndex: Sendable {
    private var positions: [String: Int] = [:]
    private var last: (id: String, position: Int)?

    /// The position of `id`, if it has one.
    mutating func position(of id: String) -> Int? {
        if let last, last.id == id { return last.position }
        guard let position = positions[id] else { return nil }
        last = (id, position)
        return position
    }

    /// The position of `id`, without remembering it (for reads that don't stream).
    func peek(_ id: String) -> Int? {
        if let last, last.id == id { return last.position }
        return positions[id]
    }

    /// Gives `id` its position.
    mutating func insert(_ id: String, at position: Int) {
        positions[id] = position
        last = (id, position)
    }
}
