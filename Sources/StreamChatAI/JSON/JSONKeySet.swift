#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fixed set of names, found from bytes without building a string: to
/// dispatch on the keys (or the `type`) of many small objects read with
/// ``JSONObjectReader``.
///
/// ```swift
/// static let fields = JSONKeySet(["type", "id", "delta"])
/// switch object.keyIndex(in: fields) { case 0?: … case 1?: … default: break }
/// ```
public struct JSONKeySet: Sendable {
    /// The names, in the order given: an index is a position here.
    public let names: [String]
    private let bytes: [[UInt8]]
    /// The indexes of the names of each length.
    private let byLength: [[Int]]

    /// A set of `names` (the first of equal names is the one found).
    public init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
        var byLength = [[Int]](repeating: [], count: (bytes.map(\.count).max() ?? 0) + 1)
        for (k, name) in bytes.enumerated() { byLength[name.count].append(k) }
        self.byLength = byLength
    }

    /// The index of the name whose UTF-8 is `text`, or nil.
    public func index(of text: UnsafeRawBufferPointer) -> Int? {
        guard text.count < byLength.count else { return nil }
        let candidates = byLength[text.count]
        guard text.count > 0, let start = text.baseAddress else { return candidates.first }
        for k in candidates where bytes[k].withUnsafeBytes({ memcmp($0.baseAddress!, start, text.count) == 0 }) {
            return k
        }
        return nil
    }
}
