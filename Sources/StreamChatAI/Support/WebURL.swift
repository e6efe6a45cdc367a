/// Small, dependency-free checks on web URLs.
public enum WebURL {
    /// The URL's scheme, lowercased, when it has one (`scheme:`).
    public static func scheme(of url: String) -> String? {
        guard let colon = url.utf8.firstIndex(of: 0x3A) else { return nil }
        let scheme = url.utf8[url.utf8.startIndex..<colon]
        guard let first = scheme.first, isAlpha(first) else { return nil }
        for b in scheme where !(isAlpha(b) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E) {
            return nil
        }
        return String(decoding: scheme, as: UTF8.self).lowercased()
    }

    /// Whether `url` is an `http` or `https` URL with a non-empty host and no
    /// whitespace or control characters.
    public static func isHTTPWithHost(_ url: String) -> Bool {
        guard let scheme = scheme(of: url), scheme == "http" || scheme == "https" else { return false }
        for b in url.utf8 where b <= 0x20 || b == 0x7F { return false }
        let afterScheme = url.utf8.dropFirst(scheme.utf8.count + 1)
        guard afterScheme.starts(with: "//".utf8) else { return false }
        let authority = afterScheme.dropFirst(2).prefix { $0 != 0x2F && $0 != 0x3F && $0 != 0x23 }
        var host = authority[...]
        if let at = host.lastIndex(of: 0x40) { host = host[host.index(after: at)...] }
        if host.first == 0x5B {  // [IPv6]
            guard let close = host.firstIndex(of: 0x5D) else { return false }
            return host.distance(from: host.startIndex, to: close) > 1
        }
        if let colon = host.firstIndex(of: 0x3A) {
            let port = host[host.index(after: colon)...]
            guard port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            host = host[..<colon]
        }
        return !host.isEmpty
    }

    /// `text` with every byte that may not stand in a URL fragment percent-encoded.
    public static func percentEncodedFragment(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            if fragmentSafe[Int(b)] {
                out.append(b)
            } else {
                out.append(contentsOf: [0x25, hexDigits[Int(b >> 4)], hexDigits[Int(b & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The bytes that may stand in a fragment as they are.
    private static let fragmentSafe: [Bool] = (0..<256).map { v in
        let b = UInt8(v)
        return isAlpha(b) || (b >= 0x30 && b <= 0x39) || "-._~!$&'()*+,;=:@/?".utf8.contains(b)
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
}
