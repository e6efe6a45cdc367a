import StreamChatAI

/// `formatDate`: a moment (ISO 8601 / RFC 3339 text, a day, or epoch
/// milliseconds) written with a Unicode TR35 pattern (`yyyy-MM-dd`,
/// `EEE, MMM d`, `h:mm a`), in the offset the moment was written with.
enum A2UIDateFormat {
    struct Civil {
        var year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
    }

    static func format(_ value: JSONValue?, pattern: String) throws(A2UIProblem) -> String {
        // No date yet (the data has not arrived) shows as nothing.
        if value == nil || value == .null || value == .string("") { return "" }
        guard let (millis, offsetMinutes) = moment(value) else {
            throw A2UIProblem(A2UIProblem.Code.functionFailed, "formatDate: \(JSONSerializer.string(value ?? .null)) is not a date")
        }
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        if pattern == "ISO" { return iso(civil(seconds), millis: millis - seconds * 1000) }
        return write(civil(seconds + offsetMinutes * 60), pattern: pattern)
    }

    /// The format "ISO": the moment in UTC as JavaScript's `toISOString` writes it, `2026-08-26T12:00:00.000Z` (the
    /// conformance suite's D29); a year past 9999 or before 0 with its sign and six digits.
    static func iso(_ c: Civil, millis: Int64) -> String {
        let year = (0...9999).contains(c.year) ? pad(c.year, 4) : (c.year < 0 ? "-" : "+") + pad(c.year.magnitude, 6)
        return year + "-" + pad(Int64(c.month), 2) + "-" + pad(Int64(c.day), 2) + "T" + pad(Int64(c.hour), 2) + ":"
            + pad(Int64(c.minute), 2) + ":" + pad(Int64(c.second), 2) + "." + pad(millis, 3) + "Z"
    }

    /// The epoch milliseconds a moment is read from: 1e17, beyond any date written in text.
    static let epochLimit: Int64 = 100_000_000_000_000_000

    /// Milliseconds since the epoch and the offset (minutes) to show them in.
    static func moment(_ value: JSONValue?) -> (Int64, Int64)? {
        switch value {
        // Within about three million years of 1970 either way, which every date written in text is: past that, the
        // arithmetic on the moment would overflow (an integer near Int64.min trapped).
        case .integer(let ms)? where ms > -epochLimit && ms < epochLimit: return (ms, 0)
        case .number(let ms)? where ms.isFinite && abs(ms) < Double(epochLimit): return (Int64(ms), 0)
        case .string(let text)?:
            if let date = AIUIDate(text) {
                var offset: Int64 = 0
                let b = Array(text.utf8)
                if !date.isDay, b.count >= 6, b[b.count - 3] == UInt8(ascii: ":"), b[b.count - 6] == UInt8(ascii: "+") || b[b.count - 6] == UInt8(ascii: "-") {
                    let h = Int64(b[b.count - 5] - 48) * 10 + Int64(b[b.count - 4] - 48)
                    let m = Int64(b[b.count - 2] - 48) * 10 + Int64(b[b.count - 1] - 48)
                    offset = (h * 60 + m) * (b[b.count - 6] == UInt8(ascii: "-") ? -1 : 1)
                }
                return (date.epochMilliseconds, offset)
            }
            // A date-time without an offset reads as UTC.
            if let ms = RFC3339.epochMilliseconds(text + "Z") { return (ms, 0) }
            return nil
        default: return nil
        }
    }

    static func civil(_ seconds: Int64) -> Civil {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        // Civil from days (Howard Hinnant's algorithm).
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = Int(((days % 7) + 11) % 7)  // 0 = Sunday
        return Civil(year: year, month: month, day: day, hour: Int(rest / 3600), minute: Int(rest % 3600 / 60), second: Int(rest % 60), weekday: weekday)
    }

    /// `n` with at least `width` digits (zeros before), its sign before them.
    static func pad(_ n: some BinaryInteger, _ width: Int) -> String {
        let digits = String(n.magnitude)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func write(_ c: Civil, pattern: String) -> String {
        var out = ""
        let chars = Array(pattern)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            if ch == "'" {
                // Quoted text; '' is a quote.
                var j = i + 1
                if j < chars.count && chars[j] == "'" { out.append("'"); i += 2; continue }
                while j < chars.count && chars[j] != "'" { out.append(chars[j]); j += 1 }
                i = j + 1
                continue
            }
            var run = 1
            while i + run < chars.count && chars[i + run] == ch { run += 1 }
            i += run
            switch ch {
            case "y": out += run == 2 ? pad(c.year % 100, 2) : pad(c.year, run)
            case "M", "L":
                out += run >= 4 ? months[c.month - 1] : run == 3 ? String(months[c.month - 1].prefix(3)) : pad(Int64(c.month), run)
            case "d": out += pad(Int64(c.day), run)
            case "E": out += run >= 4 ? weekdays[c.weekday] : String(weekdays[c.weekday].prefix(3))
            case "H": out += pad(Int64(c.hour), run)
            case "h": out += pad(Int64(c.hour % 12 == 0 ? 12 : c.hour % 12), run)
            case "m": out += pad(Int64(c.minute), run)
            case "s": out += pad(Int64(c.second), run)
            case "a": out += c.hour < 12 ? "AM" : "PM"
            default: out += String(repeating: ch, count: run)
            }
        }
        return out
    }
}
