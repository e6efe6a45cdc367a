/// Random (version 4) UUIDs as lowercase text, for ids the library makes up.
public enum RandomUUID {
    /// A new UUID such as `6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b`.
    public static func string() -> String {
        // The system generator reads the kernel's cryptographic source (getrandom).
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
