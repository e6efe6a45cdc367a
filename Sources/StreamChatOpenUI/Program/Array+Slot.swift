extension Array {
    /// Makes place `slot` exist (a name's number, see ``OpenUIProgram/slot(of:)``), the new places
    /// `empty`: the evaluation cache and the IR keep what they know of names in arrays by number.
    /// (Asked far more often than it grows: the check is made where it is asked.)
    @inline(__always) mutating func makeRoom(for slot: Int, empty: Element) {
        if slot >= count { grow(to: slot, empty: empty) }
    }

    @inline(never) private mutating func grow(to slot: Int, empty: Element) {
        // Names are numbered as they arrive: the next place, most often.
        if slot == count { append(empty) } else { append(contentsOf: repeatElement(empty, count: slot + 1 - count)) }
    }
}

extension Array {
    /// Empties the array and keeps its room, as `removeAll(keepingCapacity: true)` does, for a list emptied on every
    /// chunk of a streamed reply: that call replaces a range in general, about seventy instructions even when the list
    /// is empty, and these lists are mostly empty or hold one item.
    @inline(__always) mutating func removeAllKeepingRoom() {
        switch count {
        case 0: return
        case 1: removeLast()
        default: removeAll(keepingCapacity: true)
        }
    }
}
