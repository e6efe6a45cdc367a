import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The basic catalog's formatting functions in English, as the reference renderer's `Intl` formatters write them in
/// en-US (the test suite compares them with Node.js): grouping by thousands, CLDR currencies and plural rules, the
/// Gregorian calendar in the offset the date was written with.
enum A2UIFormatters {
    /// `1234.5` → `1,234.5`, as `Intl.NumberFormat("en-US")` writes it (the reference renderer's formatter): at most
    /// three fraction digits, or exactly `decimals` when given.
    static func number(_ value: Double, decimals: Int?, grouping: Bool) -> String {
        let (sign, body) = decimal(value, minFraction: decimals ?? 0, maxFraction: decimals ?? 3, grouping: grouping)
        return sign + body
    }

    /// `-1234.5, "USD"` → `-$1,234.50`, as `Intl.NumberFormat("en-US", {style: "currency"})` writes it: the
    /// currency's symbol or its code and a no-break space (``A2UICurrency``), its usual digits unless `decimals` says.
    /// Text that is no currency code gets the reference renderer's fallback, the plain number with `decimals` (2).
    static func currency(_ value: Double, code: String, decimals: Int?, grouping: Bool) -> String {
        guard let currency = A2UICurrency(code: code) else { return toFixed(value, decimals ?? 2) }
        let digits = decimals ?? currency.digits
        let (sign, body) = decimal(value, minFraction: digits, maxFraction: digits, grouping: grouping)
        return sign + currency.prefix + body
    }

    /// The form for `value`: the explicit `zero`, `one` or `two` form when the call gives one for 0, 1 (or -1) or 2,
    /// as the conformance suite requires (D27: an explicit zero or two is chosen over English's CLDR rules, which
    /// have neither, and an explicit "" is kept), else `other`.
    static func plural(_ value: Double, forms: [String: String]) -> String? {
        let explicit = value == 0 ? "zero" : value.magnitude == 1 ? "one" : value == 2 ? "two" : nil
        if let explicit, let form = forms[explicit] { return form }
        return forms["other"]
    }

    /// `value` as ICU writes a decimal: from its shortest decimal digits (so 1.005 to two places is 1.01, as in a
    /// browser, not 1.00 as its binary value would give), rounded half away from zero to `maxFraction` places, with
    /// at least `minFraction`, the whole part grouped by thousands when `grouping`, never an exponent (1e21 is written
    /// out). The sign is apart: "-" for any negative value, negative zero and what rounds to zero included ("-0").
    static func decimal(_ value: Double, minFraction: Int, maxFraction: Int, grouping: Bool) -> (sign: String, body: String) {
        let sign = value.sign == .minus && !value.isNaN ? "-" : ""
        guard value.isFinite else { return (sign, value.isNaN ? "NaN" : "∞") }
        var whole: [UInt8], fraction: [UInt8]
        if value == 0 {
            (whole, fraction) = ([0x30], [])
        } else {
            let shortest = ShortestDecimal(value.magnitude)
            let digits = shortest.digits, point = shortest.point
            if point >= digits.count {
                (whole, fraction) = (digits + [UInt8](repeating: 0x30, count: point - digits.count), [])
            } else if point > 0 {
                (whole, fraction) = (Array(digits[..<point]), Array(digits[point...]))
            } else {
                (whole, fraction) = ([0x30], [UInt8](repeating: 0x30, count: -point) + digits)
            }
        }
        if fraction.count > maxFraction {
            let roundsUp = fraction[maxFraction] >= 0x35
            fraction.removeLast(fraction.count - maxFraction)
            if roundsUp { carry(&whole, &fraction) }
        }
        while fraction.count > minFraction, fraction.last == 0x30 { fraction.removeLast() }
        if fraction.count < minFraction { fraction += [UInt8](repeating: 0x30, count: minFraction - fraction.count) }
        var body = [UInt8]()
        body.reserveCapacity(whole.count + whole.count / 3 + fraction.count + 1)
        for (i, d) in whole.enumerated() {
            if grouping, i > 0, (whole.count - i) % 3 == 0 { body.append(0x2C) }
            body.append(d)
        }
        if !fraction.isEmpty { body += [0x2E] + fraction }
        return (sign, String(decoding: body, as: UTF8.self))
    }

    /// JavaScript's `value.toFixed(digits)`: the integer n nearest to value × 10^digits in exact arithmetic (the larger
    /// on a tie) written with `digits` places; a value of 1e21 or more as JavaScript writes the number ("1e+21").
    /// Unlike ``decimal(_:minFraction:maxFraction:grouping:)`` it rounds the binary value itself: 1.005 is 1.00.
    static func toFixed(_ value: Double, _ digits: Int) -> String {
        guard value.magnitude < 1e21 else { return A2UICoercion.number(value) }
        // glibc prints a double's exact decimal expansion, which ends within 1,074 places: the digit after the last
        // kept place, read from it, says whether the rest is at least half of one in that place.
        var buffer = [CChar](repeating: 0, count: 1_200)
        let length = withVaList([value.magnitude]) { vsnprintf(&buffer, buffer.count, "%.1074f", $0) }
        let exact = Array(buffer.prefix(Int(max(0, min(length, Int32(buffer.count - 1))))).map { UInt8(bitPattern: $0) })
        guard let point = exact.firstIndex(of: 0x2E) else { return A2UICoercion.number(value) }
        var whole = Array(exact[..<point]), fraction = Array(exact[(point + 1)...].prefix(digits))
        if point + 1 + digits < exact.count, exact[point + 1 + digits] >= 0x35 { carry(&whole, &fraction) }
        let body = String(decoding: fraction.isEmpty ? whole : whole + [0x2E] + fraction, as: UTF8.self)
        return (value < 0 ? "-" : "") + body
    }

    /// Adds one in the last place of `whole.fraction` (ASCII digits), carrying leftwards: 9.99 becomes 10.00.
    private static func carry(_ whole: inout [UInt8], _ fraction: inout [UInt8]) {
        for i in fraction.indices.reversed() {
            if fraction[i] == 0x39 { fraction[i] = 0x30 } else { fraction[i] += 1; return }
        }
        for i in whole.indices.reversed() {
            if whole[i] == 0x39 { whole[i] = 0x30 } else { whole[i] += 1; return }
        }
        whole.insert(0x31, at: 0)
    }
}
