extension Array {
    /// Makes place `slot` exist (a name's number, see ``OpenUIProgram/slot(of:)``), the new places
    /// `empty`: the evaluation cache and the IR keep what they know of names in arrays by number.
    mutating func makeRoom(for slot: Int, empty: Element) {
        guard slot >= count else { return }
        // Names are numbered as they arrive: the next place, most often.
        if slot == count { append(empty) } else { append(contentsOf: repeatElement(empty, count: slot + 1 - count)) }
    }
}
