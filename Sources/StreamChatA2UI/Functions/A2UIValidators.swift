import StreamChatAI

/// The basic catalog's checks: each returns a validation result
/// `{"valid": Bool, "code"?}`; the check rule's message says why to the user.
enum A2UIValidators {
    /// The longest input a `regex` check matches (beyond it the check fails), against slow patterns.
    static let maxRegexInput = 10_000

    static func result(_ valid: Bool, _ code: String) -> JSONValue {
        valid ? ["valid": true] : ["valid": false, "code": .string(code)]
    }

    /// Fails on null, missing, `""` and `[]`.
    static func required(_ value: JSONValue?) -> JSONValue {
        switch value {
        case nil, .null?: return result(false, "required")
        case .string(let s)?: return result(!s.isEmpty, "required")
        case .array(let a)?: return result(!a.isEmpty, "required")
        default: return result(true, "required")
        }
    }

    static func regex(_ value: JSONValue?, pattern: JSONValue?) throws(A2UIProblem) -> JSONValue {
        guard let source = pattern?.stringValue else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "regex needs a pattern (a string)") }
        let compiled: TextPattern
        do { compiled = try TextPattern(source) } catch { throw A2UIProblem(A2UIProblem.Code.functionFailed, error.message) }
        let text = A2UICoercion.string(value)
        guard text.utf8.count <= maxRegexInput, let matched = compiled.matches(text) else { return result(false, "regex") }
        return result(matched, "regex")
    }

    /// A list's items (the conformance suite's D24), or the value as a string (its type is DynamicString) measured as
    /// the reference renderer measures it: in UTF-16 code units, JavaScript's `length` (an emoji is 2, as a browser's
    /// `maxlength` counts it); against bounds read as numbers (a `min` of 2.5 refuses "ab").
    static func length(_ value: JSONValue?, min: JSONValue?, max: JSONValue?) throws(A2UIProblem) -> JSONValue {
        guard min != nil || max != nil else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "length needs min or max") }
        let count: Double
        if case .array(let items)? = value { count = Double(items.count) } else { count = Double(A2UICoercion.string(value).utf16.count) }
        let ok = (min.map { count >= A2UICoercion.double($0) } ?? true) && (max.map { count <= A2UICoercion.double($0) } ?? true)
        return result(ok, "length")
    }

    static func numeric(_ value: JSONValue?, min: JSONValue?, max: JSONValue?) throws(A2UIProblem) -> JSONValue {
        guard min != nil || max != nil else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "numeric needs min or max") }
        guard let n = A2UICoercion.strictDouble(value) else { return result(false, "numeric") }
        let ok = (min.map { n >= A2UICoercion.double($0) } ?? true) && (max.map { n <= A2UICoercion.double($0) } ?? true)
        return result(ok, "numeric")
    }

    /// The reference renderer's rule, `^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`: ASCII letters, digits and
    /// `._%+-` before the one `@`; after it letters, digits, dots and hyphens, ending in a dot and two letters or more.
    /// (So "a@b.c" fails and "a@b..co" passes, as in a browser running the reference.)
    static func email(_ value: JSONValue?) -> JSONValue {
        let bytes = Array(A2UICoercion.string(value).utf8)
        func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        guard let at = bytes.firstIndex(of: 0x40), at > 0,
              bytes[..<at].allSatisfy({ isLetter($0) || isDigit($0) || "._%+-".utf8.contains($0) }) else { return result(false, "email") }
        let domain = bytes[(at + 1)...]
        guard domain.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2E || $0 == 0x2D }),
              let dot = domain.lastIndex(of: 0x2E), dot > domain.startIndex else { return result(false, "email") }
        let top = domain[(dot + 1)...]
        return result(top.count >= 2 && top.allSatisfy(isLetter), "email")
    }
}
