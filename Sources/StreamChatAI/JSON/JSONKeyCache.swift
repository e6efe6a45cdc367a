/// The keys a reader has made, found again by their bytes: a document names
/// few keys many times (every step has a "type", every component an "id"),
/// and a key found here is two word compares where making a string is a call
/// into the runtime. Keys of up to 16 bytes with no escapes are kept, one
/// per slot, the last one made winning its slot.
struct JSONKeyCache {
    private struct Entry {
        var count = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        var key = ""
    }

    private static let slots = 64
    private var entries: [Entry] = []
    /// Keys asked for so far: a small document's few keys are made directly, not worth the table.
    private var asked = 0

    /// Where the key whose `count` bytes are at `p` (16 readable bytes
    /// from `p`) is kept, and the key when it is there; nil while the
    /// document is too small to bother.
    @inline(__always)
    mutating func find(at p: UnsafePointer<UInt8>, count: Int) -> (key: String?, place: Place)? {
        asked &+= 1
        guard asked > 32 else { return nil }
        let first = JSONBytes.word(at: p), second = JSONBytes.word(at: p + 8)
        let low = count >= 8 ? first : JSONBytes.first(count, of: first)
        let high = count >= 16 ? second : count <= 8 ? 0 : JSONBytes.first(count &- 8, of: second)
        let slot = Int(truncatingIfNeeded: ((low ^ (high &* 0x100_0000_01B3) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) &>> 58)
        if entries.isEmpty { entries = Array(repeating: Entry(), count: Self.slots) }
        let entry = entries[slot]
        let place = Place(slot: slot, count: count, low: low, high: high)
        return (entry.count == count && entry.low == low && entry.high == high ? entry.key : nil, place)
    }

    /// Keeps `key`, made from the bytes ``find(at:count:)`` placed.
    mutating func keep(_ key: String, at place: Place) {
        entries[place.slot] = Entry(count: place.count, low: place.low, high: place.high, key: key)
    }

    /// A key's slot and bytes.
    struct Place {
        fileprivate let slot: Int
        fileprivate let count: Int
        fileprivate let low: UInt64
        fileprivate let high: UInt64
    }
}
