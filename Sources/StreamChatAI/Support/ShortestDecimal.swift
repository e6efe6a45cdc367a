/// A positive, finite double's shortest decimal form that reads back exactly: the digits JavaScript's number
/// formatting starts from (ECMA-262's Number::toString, `Intl.NumberFormat`). `1.5` is digits "15" with the point
/// after 1 of them; `1e21`, "1" with the point after 22; `0.001`, "1" with the point 2 places before them.
package struct ShortestDecimal: Sendable {
    /// The digits, as ASCII, with no leading or trailing zero (at least one digit).
    package let digits: [UInt8]
    /// Where the decimal point goes: after this many of ``digits`` (beyond them: zeros first; 0 or less: before them,
    /// after as many zeros).
    package let point: Int

    /// The form of `x`, which must be positive and finite.
    package init(_ x: Double) {
        // Swift's description is the shortest round-trip form: its digits and exponent, zeros trimmed.
        let text = x.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let dot = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = Array(dot[0].utf8) + (dot.count > 1 ? Array(dot[1].utf8) : [])
        var point = dot[0].utf8.count + exponent
        while digits.count > 1, digits.first == 0x30 {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > 1, digits.last == 0x30 { digits.removeLast() }
        self.digits = digits
        self.point = point
    }

    /// The number written out without an exponent: `1e21` as "1000000000000000000000", `1.5e-7` as "0.00000015".
    package var plain: String {
        let d = String(decoding: digits, as: UTF8.self)
        if point >= digits.count { return d + String(repeating: "0", count: point - digits.count) }
        if point > 0 {
            let cut = d.index(d.startIndex, offsetBy: point)
            return String(d[..<cut]) + "." + String(d[cut...])
        }
        return "0." + String(repeating: "0", count: -point) + d
    }
}

extension ShortestDecimal {
    /// ECMA-262's Number::toString of `x`, as JavaScript's `String(x)` writes it: the shortest round-trip digits, in
    /// plain notation from 1e-6 up to (not including) 1e21 (1e16 is 10000000000000000, 0.000001 is 0.000001),
    /// `1e+21` and `1e-7` style beyond; "0" for either zero, "NaN", "Infinity". (Swift's own description differs:
    /// 1e+16, 1e-06.) OpenUI's and A2UI's conversions of numbers to text share it.
    package static func javaScriptString(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x == 0 { return "0" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        if x < 0 { return "-" + javaScriptString(-x) }
        let shortest = ShortestDecimal(x)
        let n = shortest.point
        if -6 < n && n <= 21 { return shortest.plain }
        let d = String(decoding: shortest.digits, as: UTF8.self)
        let exponent = "e" + (n - 1 >= 0 ? "+" : "-") + String(abs(n - 1))
        return shortest.digits.count == 1 ? d + exponent : String(d.prefix(1)) + "." + String(d.dropFirst()) + exponent
    }
}
