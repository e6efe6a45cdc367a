extension StringProtocol {
    /// The text without leading and trailing whitespace (Unicode's White_Space).
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }

    /// `%XX` sequences decoded (URL query values, JSON pointers in URI
    /// fragments); invalid ones are kept as written.
    func removingPercentEncoding() -> String {
        guard contains("%") else { return String(self) }
        var out: [UInt8] = []
        var bytes = Array(utf8)[...]
        while let b = bytes.popFirst() {
            if b == 0x25, bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(v)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
