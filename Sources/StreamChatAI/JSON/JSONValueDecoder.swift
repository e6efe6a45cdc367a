/// Decodes your `Decodable` types from a ``JSONValue``, without going back to text.
///
/// ```swift
/// struct Citation: Decodable { let url: String; let sourceTitle: String }
/// let c = try JSONValueDecoder(keyStrategy: .convertFromSnakeCase).decode(Citation.self, from: value)
/// ```
public struct JSONValueDecoder: Sendable {
    /// How Swift property names map to JSON keys.
    public enum KeyStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `sourceTitle` reads the JSON key `source_title`.
        case convertFromSnakeCase
    }

    /// How Swift property names map to JSON keys.
    public var keyStrategy: KeyStrategy

    /// Creates a decoder.
    public init(keyStrategy: KeyStrategy = .useDefaultKeys) {
        self.keyStrategy = keyStrategy
    }

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: [], keyStrategy: keyStrategy).decodeValue(type)
    }

    /// `camelCase` → `camel_case`.
    static func snakeCase(_ key: String) -> String {
        var out = ""
        out.reserveCapacity(key.utf8.count + 4)
        for ch in key {
            if ch.isUppercase {
                if !out.isEmpty { out.append("_") }
                out.append(contentsOf: ch.lowercased())
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

struct IndexKey: CodingKey {
    var stringValue: String { String(intValue!) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let keyStrategy: JSONValueDecoder.KeyStrategy
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return value as! T }
        if type == JSONObject.self {
            guard case .object(let o) = value else { throw mismatch(type) }
            return o as! T
        }
        return try T(from: self)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(value.typeName)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return UnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    func child(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], keyStrategy: keyStrategy)
    }

    // Scalars, shared by the three container kinds.
    func decodeNil() -> Bool { value.isNull }
    func decodeBool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self) }
        return b
    }
    func decodeString() throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self) }
        return s
    }
    func decodeDouble() throws -> Double {
        guard let d = value.doubleValue else { throw mismatch(Double.self) }
        return d
    }
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        switch value {
        case .integer(let i):
            if let v = I(exactly: i) { return v }
        case .number(let d):
            if let v = I(exactly: d) { return v }
        default:
            throw mismatch(type)
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "\(value) does not fit in \(type)"))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func jsonKey(_ key: Key) -> String {
        switch decoder.keyStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertFromSnakeCase: return JSONValueDecoder.snakeCase(key.stringValue)
        }
    }

    var allKeys: [Key] {
        object.keys.compactMap { k in
            switch decoder.keyStrategy {
            case .useDefaultKeys: return Key(stringValue: k)
            case .convertFromSnakeCase:
                var out = ""
                var upper = false
                for ch in k {
                    if ch == "_" && !out.isEmpty { upper = true; continue }
                    out.append(upper ? Character(ch.uppercased()) : ch)
                    upper = false
                }
                return Key(stringValue: out)
            }
        }
    }

    func contains(_ key: Key) -> Bool { object[jsonKey(key)] != nil }

    func child(_ key: Key) throws -> ValueDecoder {
        guard let v = object[jsonKey(key)] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no member \"\(jsonKey(key))\""))
        }
        return decoder.child(v, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { object[jsonKey(key)]?.isNull ?? true }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try child(key).decodeDouble()) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let c = try child(key)
        if let integer = type as? any FixedWidthInteger.Type { return try c.decodeInteger(integer) as! T }
        return try c.decodeValue(type)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { try child(key).container(keyedBy: type) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: ValueDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], decoder: ValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "array ended"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try next().decodeDouble()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let c = try next()
        if let integer = type as? any FixedWidthInteger.Type { return try c.decodeInteger(integer) as! T }
        return try c.decodeValue(type)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    { try next().container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let integer = type as? any FixedWidthInteger.Type { return try decoder.decodeInteger(integer) as! T }
        return try decoder.decodeValue(type)
    }
}

extension JSONValue: Decodable {
    /// Reads any JSON value; prefer ``JSONValueDecoder``, which hands the value over directly.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else if let o = try? c.decode([String: JSONValue].self) {
            self = .object(JSONObject(o.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
        }
    }
}
