/// Word-at-a-time scanning of string bytes, shared by the JSON reader and
/// writer: both look for the first quote, backslash or control byte.
enum JSONBytes {
    /// The eight bytes at `p` as one word, the first byte lowest.
    @inline(__always)
    static func word(at p: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is a quote, a backslash or a
    /// control byte (SWAR: the classic "has a zero byte" test on the word
    /// XORed with each byte). Bytes above a marked one may be marked wrongly,
    /// never bytes below it: the lowest mark is exactly the first such byte.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let slashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroSlash = (slashes &- ones) & ~slashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroSlash | control) & (ones &* 0x80)
    }

    /// How many bytes come before the first one `mask` (non-zero) marks.
    @inline(__always)
    static func bytesBefore(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

    /// The first `count` (0 to 7) bytes of `word`, the others zero.
    @inline(__always)
    static func first(_ count: Int, of word: UInt64) -> UInt64 {
        word & ((1 &<< UInt64(count &* 8)) &- 1)
    }
}
