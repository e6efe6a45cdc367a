/// The string `format`s the schema validator checks.
enum StringFormats {
    /// Whether `string` is a valid `format`, or nil for a format this library doesn't check.
    static func check(_ string: String, format: String) -> Bool? {
        switch format {
        case "date": return isDate(Array(string.utf8)[...])
        case "date-time": return isDateTime(string)
        case "time": return isTime(Array(string.utf8)[...])
        case "email":
            let parts = string.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
                && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !string.contains(where: \.isWhitespace)
        case "uri":
            return WebURL.scheme(of: string) != nil && !string.contains(where: { $0.isWhitespace })
        default:
            return nil
        }
    }

    private static func digits(_ s: ArraySlice<UInt8>, _ count: Int) -> Int? {
        guard s.count == count, s.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return s.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// RFC 3339 full-date, with the real number of days in the month.
    static func isDate(_ s: ArraySlice<UInt8>) -> Bool {
        guard s.count == 10, s[s.startIndex + 4] == 0x2D, s[s.startIndex + 7] == 0x2D,
              let year = digits(s.prefix(4), 4),
              let month = digits(s.dropFirst(5).prefix(2), 2),
              let day = digits(s.suffix(2), 2), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// RFC 3339 full-time: `hh:mm:ss[.frac](Z|±hh:mm)`.
    static func isTime(_ s: ArraySlice<UInt8>) -> Bool {
        guard s.count >= 9, let hour = digits(s.prefix(2), 2), s[s.startIndex + 2] == 0x3A,
              let minute = digits(s.dropFirst(3).prefix(2), 2), s[s.startIndex + 5] == 0x3A,
              let second = digits(s.dropFirst(6).prefix(2), 2),
              hour < 24, minute < 60, second <= 60
        else { return false }
        var rest = s.dropFirst(8)
        if rest.first == 0x2E {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.count == 1, rest.first == 0x5A || rest.first == 0x7A { return true }
        guard rest.count == 6, rest.first == 0x2B || rest.first == 0x2D,
              let offsetHour = digits(rest.dropFirst().prefix(2), 2), rest[rest.startIndex + 3] == 0x3A,
              let offsetMinute = digits(rest.suffix(2), 2)
        else { return false }
        return offsetHour < 24 && offsetMinute < 60
    }

    /// RFC 3339 date-time: a date, `T` (or `t`), and a time with its offset.
    static func isDateTime(_ string: String) -> Bool {
        let s = Array(string.utf8)[...]
        guard s.count >= 20, s[s.startIndex + 10] == 0x54 || s[s.startIndex + 10] == 0x74 else { return false }
        return isDate(s.prefix(10)) && isTime(s.dropFirst(11))
    }
}
