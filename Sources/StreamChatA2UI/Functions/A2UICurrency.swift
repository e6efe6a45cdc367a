/// A currency as `Intl.NumberFormat("en-US", {style: "currency"})` writes it (the Unicode CLDR's English data, as
/// Node.js 20's ICU has it): what comes before the number, and how many fraction digits it shows by default.
struct A2UICurrency {
    /// The symbol and the space after it, if any: "$", "€", "CHF\u{A0}" (a no-break space; "F\u{202F}CFA\u{A0}" has a
    /// narrow one inside).
    let prefix: String
    /// The fraction digits shown when the call gives no `decimals`.
    let digits: Int

    /// The currency of an ISO 4217 code, in any case; nil for text that is no such code (not three ASCII letters).
    /// A code the table lacks is written as itself and a no-break space, with two digits, as `Intl.NumberFormat`
    /// writes a code it has no data for.
    init?(code: String) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else { return nil }
        let upper = code.uppercased()
        let known = Self.table[upper]
        prefix = known?.prefix ?? upper + "\u{A0}"
        digits = known?.digits ?? 2
    }

    /// The codes whose prefix is not the code and a no-break space, or whose default digits are not two.
    private static let table: [String: (prefix: String, digits: Int)] = [
        "AFN": ("AFN\u{A0}", 0), "ALL": ("ALL\u{A0}", 0), "AUD": ("A$", 2), "BHD": ("BHD\u{A0}", 3),
        "BIF": ("BIF\u{A0}", 0), "BRL": ("R$", 2), "CAD": ("CA$", 2), "CLP": ("CLP\u{A0}", 0), "CNY": ("CN¥", 2),
        "COP": ("COP\u{A0}", 0), "DJF": ("DJF\u{A0}", 0), "EUR": ("€", 2), "GBP": ("£", 2), "GNF": ("GNF\u{A0}", 0),
        "HKD": ("HK$", 2), "HUF": ("HUF\u{A0}", 0), "IDR": ("IDR\u{A0}", 0), "ILS": ("₪", 2), "INR": ("₹", 2),
        "IQD": ("IQD\u{A0}", 0), "IRR": ("IRR\u{A0}", 0), "ISK": ("ISK\u{A0}", 0), "JOD": ("JOD\u{A0}", 3),
        "JPY": ("¥", 0), "KMF": ("KMF\u{A0}", 0), "KPW": ("KPW\u{A0}", 0), "KRW": ("₩", 0), "KWD": ("KWD\u{A0}", 3),
        "LAK": ("LAK\u{A0}", 0), "LBP": ("LBP\u{A0}", 0), "LYD": ("LYD\u{A0}", 3), "MGA": ("MGA\u{A0}", 0),
        "MMK": ("MMK\u{A0}", 0), "MXN": ("MX$", 2), "NZD": ("NZ$", 2), "OMR": ("OMR\u{A0}", 3), "PHP": ("₱", 2),
        "PKR": ("PKR\u{A0}", 0), "PYG": ("PYG\u{A0}", 0), "RWF": ("RWF\u{A0}", 0), "SLL": ("SLL\u{A0}", 0),
        "SOS": ("SOS\u{A0}", 0), "SYP": ("SYP\u{A0}", 0), "TND": ("TND\u{A0}", 3), "TWD": ("NT$", 2),
        "UGX": ("UGX\u{A0}", 0), "USD": ("$", 2), "VND": ("₫", 0), "VUV": ("VUV\u{A0}", 0), "XAF": ("FCFA\u{A0}", 0),
        "XCD": ("EC$", 2), "XCG": ("Cg.\u{A0}", 2), "XOF": ("F\u{202F}CFA\u{A0}", 0), "XPF": ("CFPF\u{A0}", 0),
        "YER": ("YER\u{A0}", 0)
    ]
}
