import StreamChatAI

/// Validation rules of input components (spec §5.4): `required`, `email`,
/// `url`, `numeric`, `minLength`, `maxLength`, `min`, `max`, `pattern`.
public enum OpenUIValidation {
    /// The first rule `value` breaks, as a message for the user, or nil when it passes them all.
    /// Every rule but `required` lets an empty value (null, "", [], {}) pass.
    public static func failure(of value: OpenUIValue, rules: OpenUIObject) -> String? {
        let empty = isEmpty(value)
        for (rule, setting) in rules.members {
            if rule == "required" {
                if setting.isTruthy && (empty || !hasCheck(value)) { return "This field is required" }
                continue
            }
            if empty { continue }
            switch rule {
            case "email":
                if setting.isTruthy && !isEmail(value.text) { return "Enter a valid email address" }
            case "url":
                if setting.isTruthy && !isURL(value.text) { return "Enter a valid URL" }
            case "numeric":
                if setting.isTruthy && !isNumeric(value) { return "Enter a number" }
            case "minLength":
                if let length = length(of: value), length < setting.number { return "Enter at least \(OpenUIJS.string(setting.number)) characters" }
            case "maxLength":
                if let length = length(of: value), length > setting.number { return "Enter at most \(OpenUIJS.string(setting.number)) characters" }
            case "min":
                if let n = number(of: value), n < setting.number { return "Enter \(OpenUIJS.string(setting.number)) or more" }
            case "max":
                if let n = number(of: value), n > setting.number { return "Enter \(OpenUIJS.string(setting.number)) or less" }
            case "pattern":
                if case .string(let pattern) = setting, !matches(value.text, pattern) { return "The value has the wrong format" }
            default:
                continue  // rules this version doesn't know are ignored
            }
        }
        return nil
    }

    static func isEmpty(_ value: OpenUIValue) -> Bool {
        switch value {
        case .null, .invisible: return true
        case .string(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .object(let o): return o.isEmpty
        default: return false
        }
    }

    /// A string's length as a JavaScript client counts it, in UTF-16 code units (an emoji is 2, as `maxLength` counts
    /// it in a browser); nil for anything else, which the length rules let pass. (Compared as a double: a rule of any
    /// size, such as 1e300, is a length no string reaches, not a number to convert.)
    private static func length(of value: OpenUIValue) -> Double? {
        if case .string(let s) = value { return Double(s.utf16.count) }
        return nil
    }

    /// The number `min` and `max` compare: a number as it is, anything else read with `parseFloat` from its text
    /// (so "12abc" is 12); nil when that finds no number, which the rules let pass (`numeric` is the rule for that).
    private static func number(of value: OpenUIValue) -> Double? {
        let n: Double
        if case .number(let x) = value { n = x } else { n = OpenUIJS.parseFloat(value.text) }
        return n.isNaN ? nil : n
    }

    /// A checkbox map needs one true; anything else has its value.
    private static func hasCheck(_ value: OpenUIValue) -> Bool {
        guard case .object(let o) = value, o.members.allSatisfy({ if case .bool = $0.value { true } else { false } }) else { return true }
        return o.members.contains { $0.value == .bool(true) }
    }

    /// `^[^\s@]+@[^\s@]+\.[^\s@]+$`, with JavaScript's `\s`: one `@`, something before it, and after it a dot with
    /// something on both sides (any such dot: "a@b.c." has one).
    static func isEmail(_ s: String) -> Bool {
        let scalars = Array(s.unicodeScalars)
        guard !scalars.contains(where: OpenUIJS.isSpace), let at = scalars.firstIndex(of: "@"), at > 0,
              !scalars[(at + 1)...].contains("@") else { return false }
        let domain = scalars[(at + 1)...]
        return domain.count >= 3 && domain.dropFirst().dropLast().contains(".")
    }

    /// An absolute URL with a scheme and a host.
    static func isURL(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), colon != s.startIndex else { return false }
        let scheme = s[..<colon]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return false }
        let rest = s[s.index(after: colon)...]
        guard rest.hasPrefix("//") else { return false }
        let host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !host.contains(where: \.isWhitespace)
    }

    /// A number that is not NaN, or a non-blank string whose `parseFloat` is not NaN (so "12abc" passes).
    static func isNumeric(_ value: OpenUIValue) -> Bool {
        switch value {
        case .number(let n): return !n.isNaN
        case .string(let s): return !s.unicodeScalars.allSatisfy(OpenUIJS.isSpace) && !OpenUIJS.parseFloat(s).isNaN
        default: return false
        }
    }

    /// A regular expression with no flags, through the JSON Schema pattern engine (ECMAScript's common subset).
    static func matches(_ s: String, _ pattern: String) -> Bool {
        guard let schema = try? JSONSchema(["type": "string", "pattern": .string(pattern)]) else { return true }
        return schema.isValid(.string(s))
    }
}
