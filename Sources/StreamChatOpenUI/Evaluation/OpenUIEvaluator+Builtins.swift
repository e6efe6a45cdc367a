#if canImport(Glibc)
import Glibc
#endif

/// The built-in functions (spec §3.4): lenient, never failing, with the
/// language's coercions.
extension OpenUIEvaluator {
    func builtin(_ name: String, _ args: [OpenUIValue]) -> OpenUIValue {
        let first = args.first ?? .null
        let list: [OpenUIValue]? = { if case .array(let items) = first { return items } else { return nil } }()
        switch name {
        case "Count": return .number(Double(list?.count ?? 0))
        case "First": return list?.first ?? .null
        case "Last": return list?.last ?? .null
        case "Sum": return .number(list?.reduce(0) { $0 + $1.number } ?? 0)
        case "Avg":
            guard let list, !list.isEmpty else { return .number(0) }
            return .number(list.reduce(0) { $0 + $1.number } / Double(list.count))
        case "Min", "Max":
            guard let list, !list.isEmpty else { return .number(0) }
            let numbers = list.map(\.number)
            return .number(name == "Min" ? numbers.min()! : numbers.max()!)
        case "Round":
            let places = args.count > 1 ? args[1].number.rounded(.towardZero) : 0
            let factor = pow(10, places)
            return .number(Self.jsRound(first.number * factor) / factor)
        case "Abs": return .number(abs(first.number))
        case "Floor": return .number(first.number.rounded(.down))
        case "Ceil": return .number(first.number.rounded(.up))
        case "Take":
            guard let list else { return .array([]) }
            let n = args.count > 1 ? args[1].number.rounded(.towardZero) : 0
            guard n > 0 else { return .array([]) }
            return .array(Array(list.prefix(n >= Double(list.count) ? list.count : Int(n))))
        case "Filter":
            guard let list else { return .array([]) }
            let field = args.count > 1 ? args[1].text : ""
            let op = args.count > 2 && args[2] != .null ? args[2].text : "=="
            let target = args.count > 3 ? args[3] : .null
            return .array(list.filter { Self.test(field.isEmpty ? $0 : path($0, field), op, target) })
        case "Sort":
            guard let list else { return first }
            let field = args.count > 1 ? args[1].text : ""
            let descending = args.count > 2 && args[2] == .string("desc")
            let keyed = list.enumerated().map { (offset: $0.offset, value: $0.element, key: field.isEmpty ? $0.element : path($0.element, field)) }
            let sorted = keyed.sorted { a, b in
                let order = Self.compare(a.key, b.key)
                if order != 0 { return descending ? order > 0 : order < 0 }
                return a.offset < b.offset  // stable
            }
            return .array(sorted.map(\.value))
        default:
            return .null
        }
    }

    /// A dot path into a value (`"customer.name"`).
    func path(_ value: OpenUIValue, _ path: String) -> OpenUIValue {
        path.split(separator: ".", omittingEmptySubsequences: false).reduce(value) { member($0, String($1)) }
    }

    /// JavaScript's `Math.round`: the nearest integer, halves up (toward +∞), -0 for what rounds to 0 from below.
    /// Measured from the integer below, which is exact: adding 0.5 first rounds 0.49999999999999994 up to 1, and
    /// an odd integer past 2^52 to the next even one.
    static func jsRound(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        let below = x.rounded(.down)
        let r = x - below >= 0.5 ? below + 1 : below
        return r == 0 && x < 0 ? -0.0 : r
    }

    private static func test(_ value: OpenUIValue, _ op: String, _ target: OpenUIValue) -> Bool {
        switch op {
        case "==": return value.looselyEquals(target)
        case "!=": return !value.looselyEquals(target)
        case ">": return value.number > target.number
        case "<": return value.number < target.number
        case ">=": return value.number >= target.number
        case "<=": return value.number <= target.number
        case "contains": return OpenUIJS.includes(value.text, target.text)  // null as ""
        default: return false
        }
    }

    /// @Sort's order: numbers when both are numbers or numeric strings, else code points of the strings.
    private static func compare(_ a: OpenUIValue, _ b: OpenUIValue) -> Int {
        func numeric(_ v: OpenUIValue) -> Double? {
            switch v {
            case .number(let n): return n
            case .string(let s) where !s.isEmpty:
                let n = OpenUIJS.number(s)
                return n.isNaN ? nil : n
            default: return nil
            }
        }
        if let x = numeric(a), let y = numeric(b) { return x < y ? -1 : (x > y ? 1 : 0) }
        let x = Array(a.text.unicodeScalars.map(\.value)), y = Array(b.text.unicodeScalars.map(\.value))
        if x == y { return 0 }
        return x.lexicographicallyPrecedes(y) ? -1 : 1
    }
}
