/// The string `format`s the schema validator checks.
enum StringFormats {
    /// Whether `string` is a valid `format`, or nil for a format this library doesn't check.
    static func check(_ string: String, format: String) -> Bool? {
        switch format {
        case "date": return RFC3339.isDate(Array(string.utf8)[...])
        case "date-time": return RFC3339.isDateTime(string)
        case "time": return RFC3339.isTime(Array(string.utf8)[...])
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
}
