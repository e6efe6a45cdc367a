/// A JSON object that keeps its members in document order.
///
/// Lookups by key find the last member of that name, as most JSON readers do
/// with duplicate keys; serialization writes every member as it was read.
/// Large objects carry a hash index so lookups stay constant-time.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// The members' keys, in order.
    public private(set) var keys: [String]
    /// The members' values, in the order of ``keys``.
    public private(set) var values: [JSONValue]
    private var index: [String: Int]?

    /// Objects with more members than this get a hash index.
    private static let indexThreshold = 12

    /// An empty object.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// An empty object with room for `capacity` members (one made member by member grows its storage once).
    public init(minimumCapacity capacity: Int) {
        keys = []
        values = []
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        index = nil
    }

    /// An object with these members, in this order.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        // Sized once (a literal's members are counted), not grown member by member.
        self.init(minimumCapacity: members.underestimatedCount)
        for (k, v) in members {
            keys.append(k)
            values.append(v)
        }
        rebuildIndex()
    }

    init(uncheckedKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        index = nil
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var map = [String: Int](minimumCapacity: keys.count)
        for (i, k) in keys.enumerated() { map[k] = i }
        index = map
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Keys of another length are passed over without a string comparison (most are, and comparing
        // two unequal strings calls into the runtime).
        let length = key.utf8.count
        var i = keys.count - 1
        while i >= 0 {
            if keys[i].utf8.count == length && keys[i] == key { return i }
            i -= 1
        }
        return nil
    }

    /// The value of the member named `key`; setting replaces it in place or appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Changes the value of the member named `key` in place (no copy of it is made); nil when there is none.
    mutating func modifyValue<R, E: Error>(forKey key: String, _ change: (inout JSONValue) throws(E) -> R) throws(E) -> R? {
        guard let i = position(of: key) else { return nil }
        return try change(&values[i])
    }

    // MARK: Collection of (key, value)

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        (keys[position], values[position])
    }

    // MARK: Hashable (order-sensitive, the index is derived state)

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with these members, in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
