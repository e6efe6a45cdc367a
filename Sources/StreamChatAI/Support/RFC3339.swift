/// RFC 3339 dates and times: their syntax, and timestamps to milliseconds since the epoch.
public enum RFC3339 {
    /// Milliseconds since the Unix epoch of a date-time such as `2026-10-21T21:42:19.834Z`, or nil when invalid.
    public static func epochMilliseconds(_ text: String) -> Int64? {
        guard isDateTime(text) else { return nil }
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64 { b[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) } }
        let year = number(0..<4), month = number(5..<7), day = number(8..<10)
        let hour = number(11..<13), minute = number(14..<16), second = min(number(17..<19), 59)
        var i = 19
        var millis: Int64 = 0
        if b[i] == 0x2E {
            i += 1
            var scale: Int64 = 100
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                millis += Int64(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        var offset: Int64 = 0
        if b[i] == 0x2B || b[i] == 0x2D {
            offset = (number(i + 1..<i + 3) * 60 + number(i + 4..<i + 6)) * (b[i] == 0x2D ? -1 : 1)
        }
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset * 60
        return seconds * 1000 + millis
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
