/// Small, dependency-free checks on web URLs.
public enum WebURL {
    /// The URL's scheme, lowercased, when it has one (`scheme:`).
    public static func scheme(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes in
            schemeLength(bytes).map { String(decoding: bytes[..<$0], as: UTF8.self).lowercased() }
        }
    }

    /// Whether `url` is an `http` or `https` URL with a non-empty host and no
    /// whitespace or control characters.
    public static func isHTTPWithHost(_ url: String) -> Bool {
        var url = url
        return url.withUTF8(isHTTPWithHost)
    }

    /// `text` with every byte that may not stand in a URL fragment percent-encoded.
    public static func percentEncodedFragment(_ text: String) -> String {
        var out: [UInt8] = []
        appendPercentEncodedFragment(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `url` without its fragment, then `#` and `fragment` percent-encoded
    /// (no `#` when `fragment` is nil); nil unless `url` is an `http` or
    /// `https` URL with a host. One pass over bytes: steps decoding asks it
    /// of every sign-in it writes.
    public static func withFragment(_ url: String, _ fragment: String?) -> String? {
        var url = url
        let kept = url.withUTF8 { bytes -> Int? in
            isHTTPWithHost(bytes) ? bytes.firstIndex(of: 0x23) ?? bytes.count : nil
        }
        guard let kept else { return nil }
        guard let fragment else {
            return kept == url.utf8.count ? url : url.withUTF8 { String(decoding: $0[..<kept], as: UTF8.self) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(kept + 1 + fragment.utf8.count)
        url.withUTF8 { out.append(contentsOf: $0[..<kept]) }
        out.append(0x23)
        appendPercentEncodedFragment(fragment, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendPercentEncodedFragment(_ text: String, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + text.utf8.count)
        for b in text.utf8 {
            if fragmentSafe[Int(b)] {
                out.append(b)
            } else {
                out.append(0x25)
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            }
        }
    }

    /// The length of the scheme before the first `:`, when it is one (a
    /// letter, then letters, digits, `+`, `-` or `.`).
    private static func schemeLength(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let colon = url.firstIndex(of: 0x3A), colon > 0, isAlpha(url[0]) else { return nil }
        for b in url[..<colon] where !(isAlpha(b) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E) {
            return nil
        }
        return colon
    }

    private static func isHTTPWithHost(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let length = schemeLength(url), length == 4 || length == 5 else { return false }
        // "http" or "https", in any case: ASCII letters lowercase with 0x20.
        guard url[0] | 0x20 == 0x68, url[1] | 0x20 == 0x74, url[2] | 0x20 == 0x74, url[3] | 0x20 == 0x70,
              length == 4 || url[4] | 0x20 == 0x73 else { return false }
        for b in url where b <= 0x20 || b == 0x7F { return false }
        var i = length + 1
        guard i + 1 < url.count, url[i] == 0x2F, url[i + 1] == 0x2F else { return false }
        i += 2
        var end = i
        while end < url.count, url[end] != 0x2F, url[end] != 0x3F, url[end] != 0x23 { end += 1 }
        // The host follows the last "@" of the authority.
        var host = i
        for j in stride(from: end - 1, through: i, by: -1) where url[j] == 0x40 {
            host = j + 1
            break
        }
        if host < end, url[host] == 0x5B {  // [IPv6]
            guard let close = url[host..<end].firstIndex(of: 0x5D) else { return false }
            return close - host > 1
        }
        if let colon = url[host..<end].firstIndex(of: 0x3A) {
            for b in url[(colon + 1)..<end] where !(b >= 0x30 && b <= 0x39) { return false }
            end = colon
        }
        return end > host
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The bytes that may stand in a fragment as they are.
    private static let fragmentSafe: [Bool] = (0..<256).map { v in
        let b = UInt8(v)
        return isAlpha(b) || (b >= 0x30 && b <= 0x39) || "-._~!$&'()*+,;=:@/?".utf8.contains(b)
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
}
