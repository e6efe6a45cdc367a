import StreamChatAI

/// The basic catalog's formatting functions, locale-neutral (English
/// separators and plural rules, the Gregorian calendar in the offset the
/// date was written with).
enum A2UIFormatters {
    /// `1234.5` → `1,234.5`; `decimals` fixes the digits after the point.
    static func number(_ value: Double, decimals: Int?, grouping: Bool) -> String {
        let negative = value < 0
        var magnitude = abs(value)
        var text: String
        if let decimals {
            let d = max(0, min(decimals, 12))
            // (Past 9e15 a double holds no fraction to round, and scaling it could pass the largest double.)
            if magnitude < 9.0e15 {
                let scale = pow10(d)
                magnitude = (magnitude * scale).rounded() / scale
            }
            text = fixed(magnitude, decimals: d)
        } else {
            text = A2UICoercion.number(magnitude)
            if text.contains("e") { text = magnitude >= 1 ? ShortestDecimal(magnitude).plain : fixed(magnitude, decimals: 6) }
        }
        if grouping {
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            var whole = Array(parts[0])
            var grouped: [Character] = []
            while whole.count > 3 {
                grouped = [","] + whole.suffix(3) + grouped
                whole.removeLast(3)
            }
            text = String(whole + grouped) + (parts.count > 1 ? "." + parts[1] : "")
        }
        return (negative && magnitude != 0 ? "-" : "") + text
    }

    /// `-1234.5, "USD"` → `-$1,234.50`; an unknown code is written before the number.
    static func currency(_ value: Double, code: String, decimals: Int?, grouping: Bool) -> String {
        let symbols = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CNY": "CN¥", "KRW": "₩", "CAD": "CA$", "AUD": "A$", "CHF": "CHF "]
        let zeroDecimal: Set<String> = ["JPY", "KRW"]
        let upper = code.uppercased()
        let digits = decimals ?? (zeroDecimal.contains(upper) ? 0 : 2)
        let body = number(abs(value), decimals: digits, grouping: grouping)
        let symbol = symbols[upper] ?? (upper + " ")
        return (value < 0 && body.contains(where: { $0 != "0" && $0 != "." && $0 != "," }) ? "-" : "") + symbol + body
    }

    /// English plural categories: `one` for exactly 1, `zero` for 0 when given, else `other`.
    static func plural(_ value: Double, forms: [String: String]) -> String? {
        if value == 0, let zero = forms["zero"] { return zero }
        if value == 1, let one = forms["one"] { return one }
        if value == 2, let two = forms["two"] { return two }
        return forms["other"]
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    /// `value` with `decimals` digits after the point, written out in full as `Intl.NumberFormat` writes it. When its
    /// digits scaled by `decimals` pass what an Int64 holds, its shortest digits are written out, the fraction padded
    /// with zeros or cut to `decimals` (1e21 as 1000000000000000000000, 12345.678 to 12 places as
    /// 12345.678000000000: never an exponent).
    private static func fixed(_ value: Double, decimals: Int) -> String {
        let scale = pow10(decimals)
        let scaled = (value * scale).rounded()
        guard value < 9.0e15, scaled < 9.0e15 else {
            let digits = value > 0 && value.isFinite ? ShortestDecimal(value).plain : "0"
            let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? parts[1].prefix(decimals) : ""
            return String(parts[0]) + (decimals > 0 ? "." + fraction + String(repeating: "0", count: decimals - fraction.count) : "")
        }
        let whole = Int64(scaled) / Int64(scale)
        let fraction = Int64(scaled) % Int64(scale)
        guard decimals > 0 else { return String(whole) }
        let f = String(fraction)
        return String(whole) + "." + String(repeating: "0", count: decimals - f.count) + f
    }
}
