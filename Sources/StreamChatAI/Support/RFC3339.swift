/// RFC 3339 timestamps to milliseconds since the epoch.
public enum RFC3339 {
    /// Milliseconds since the Unix epoch of a date-time such as `2026-10-21T21:42:19.834Z`, or nil when invalid.
    public static func epochMilliseconds(_ text: String) -> Int64? {
        guard StringFormats.isDateTime(text) else { return nil }
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
}
