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

    /// Makes its elements from offset `start` on those of `source` from offset `start` on, written over in place and grown
    /// or cut at the end: a list a streamed reply makes again on every chunk keeps its room (and its first `start`
    /// elements, known to be the same, are not copied), where removing a range and appending one costs several hundred
    /// instructions more, and taking `source` itself would share its room for the next change to copy.
    @inline(__always) mutating func replace(from start: Int, with source: ArraySlice<Element>) {
        let old = count, new = source.count
        if new < old {
            removeLast(old - new)
        } else if new > old {
            append(contentsOf: source[(source.startIndex + old)...])
        }
        let overwritten = Swift.min(old, new)
        guard start < overwritten else { return }
        withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { source in
                for i in start..<overwritten { target[i] = source[i] }
            }
        }
    }
}
