/// Finds the first byte that breaks UTF-8, for error messages that say where.
enum UTF8Check {
    /// The offset of the first invalid byte in `p[0..<count]`, or nil when all of it is valid.
    /// With `allowTruncated`, a sequence cut off by the end of the range counts as valid.
    static func invalidOffset(_ p: UnsafePointer<UInt8>, count: Int, allowTruncated: Bool) -> Int? {
        var i = 0
        let raw = UnsafeRawPointer(p)
        while i < count {
            // Eight ASCII bytes at a time.
            while i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < count else { break }
            let b = p[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let need: Int
            var lo: UInt8 = 0x80
            var hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: return i
            }
            for k in 1...need {
                guard i + k < count else { return allowTruncated ? nil : i }
                let c = p[i + k]
                if k == 1 {
                    if c < lo || c > hi { return i }
                } else if c < 0x80 || c > 0xBF {
                    return i
                }
            }
            i += need + 1
        }
        return nil
    }

    /// How many bytes of `p[0..<count]` end at a character boundary when the
    /// rest is the start of a character cut off by the end (at most 3 bytes);
    /// nil when the bytes are not UTF-8.
    static func completePrefix(_ p: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard invalidOffset(p, count: count, allowTruncated: true) == nil else { return nil }
        // A lead byte within the last three bytes whose sequence runs past the end.
        var i = count - 1
        while i >= 0 && i >= count - 3 {
            let b = p[i]
            if b & 0xC0 != 0x80 {
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                return i + length > count ? i : count
            }
            i -= 1
        }
        return count
    }
}

