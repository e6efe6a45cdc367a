/// Builds JSON paths (`$`, `$.key`, `$["odd key"]`, `$[3]`) for messages.
public enum JSONPath {
    /// The path of member `key` under `base`.
    public static func appending(key: String, to base: String) -> String {
        var simple = !key.isEmpty
        for b in key.utf8 {
            let isAlpha = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
            let isDigit = b >= 0x30 && b <= 0x39
            if !(isAlpha || isDigit) { simple = false; break }
        }
        if let first = key.utf8.first, first >= 0x30 && first <= 0x39 { simple = false }
        if simple { return base + "." + key }
        return base + "[" + JSONSerializer.quoted(key) + "]"
    }

    /// The path of element `index` under `base`.
    public static func appending(index: Int, to base: String) -> String {
        base + "[" + String(index) + "]"
    }
}
