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

    static func length(_ value: JSONValue?, min: JSONValue?, max: JSONValue?) throws(A2UIProblem) -> JSONValue {
        guard min != nil || max != nil else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "length needs min or max") }
        let count = A2UICoercion.string(value).count
        let ok = (min.map { count >= A2UICoercion.int($0) } ?? true) && (max.map { count <= A2UICoercion.int($0) } ?? true)
        return result(ok, "length")
    }

    static func numeric(_ value: JSONValue?, min: JSONValue?, max: JSONValue?) throws(A2UIProblem) -> JSONValue {
        guard min != nil || max != nil else { throw A2UIProblem(A2UIProblem.Code.functionFailed, "numeric needs min or max") }
        guard let n = A2UICoercion.strictDouble(value) else { return result(false, "numeric") }
        let ok = (min.map { n >= A2UICoercion.double($0) } ?? true) && (max.map { n <= A2UICoercion.double($0) } ?? true)
        return result(ok, "numeric")
    }

    /// One `@`, a non-empty local part, a dotted domain, no spaces.
    static func email(_ value: JSONValue?) -> JSONValue {
        let text = A2UICoercion.string(value)
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let ok = parts.count == 2 && !parts[0].isEmpty && !text.contains(where: \.isWhitespace)
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).count >= 2
            && !parts[1].split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
        return result(ok, "email")
    }
}
