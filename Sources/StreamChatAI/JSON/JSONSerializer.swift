/// Writes ``JSONValue`` as JSON text.
///
/// Output is UTF-8, keys stay in their order, and non-finite numbers (which
/// JSON cannot hold) are written as `null`. Floats always keep a fraction or
/// an exponent, so they read back as floats.
public enum JSONSerializer {
    /// How the text is laid out.
    public enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// Two-space indentation, one member per line.
        case pretty
    }

    /// The JSON text of `value`.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        guard style == .pretty else {
            var writer = JSONWriter()
            writer.value(value)
            return writer.takeString()
        }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, to: &out, style: style, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text of `value` to `out`.
    public static func write(_ value: JSONValue, to out: inout [UInt8], style: Style = .compact) {
        guard style == .pretty else {
            var writer = JSONWriter()
            writer.value(value)
            out.append(contentsOf: writer.takeBytes())
            return
        }
        write(value, to: &out, style: style, level: 0)
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        var writer = JSONWriter(capacity: s.utf8.count + 2)
        writer.string(s)
        return writer.takeString()
    }

    private static func newline(_ out: inout [UInt8], _ level: Int) {
        out.append(0x0A)
        for _ in 0..<(level * 2) { out.append(0x20) }
    }

    private static func write(_ value: JSONValue, to out: inout [UInt8], style: Style, level: Int) {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let b):
            out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i):
            out.append(contentsOf: String(i).utf8)
        case .number(let d):
            writeDouble(d, to: &out)
        case .string(let s):
            writeString(s, to: &out)
        case .array(let elements):
            out.append(0x5B)
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(0x2C) }
                if style == .pretty { newline(&out, level + 1) }
                write(element, to: &out, style: style, level: level + 1)
            }
            if style == .pretty && !elements.isEmpty { newline(&out, level) }
            out.append(0x5D)
        case .object(let object):
            out.append(0x7B)
            for n in 0..<object.count {
                if n > 0 { out.append(0x2C) }
                if style == .pretty { newline(&out, level + 1) }
                writeString(object.keys[n], to: &out)
                out.append(0x3A)
                if style == .pretty { out.append(0x20) }
                write(object.values[n], to: &out, style: style, level: level + 1)
            }
            if style == .pretty && !object.isEmpty { newline(&out, level) }
            out.append(0x7D)
        }
    }

    private static func writeDouble(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        // Swift prints the shortest text that reads back exactly, and keeps ".0" on whole numbers.
        out.append(contentsOf: d.description.utf8)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for (i, b) in utf8.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                default:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(0x22)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { JSONSerializer.string(self) }
}
