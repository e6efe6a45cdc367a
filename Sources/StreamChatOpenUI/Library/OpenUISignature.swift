/// Reads a component signature as libraries print it (spec prompt.md §5.1):
/// `Name(a: string, b?: "x" | "y", items: Item[], value?: $binding<string>, fields?: Field[] = [])`.
/// The built-in libraries are written this way, so what the prompt shows and
/// what the parser checks come from one line.
enum OpenUISignature {
    /// The entry a signature line describes; `components` are the names that are components.
    static func entry(_ signature: String, description: String, components: Set<String>) -> OpenUILibrary.Entry {
        // (Found as bytes, the brackets being ASCII: see `split`.)
        let open = signature.utf8.firstIndex(of: UInt8(ascii: "(")) ?? signature.endIndex
        let name = String(signature[..<open])
        var inner = ""
        if open < signature.endIndex {
            // Up to the closing parenthesis, the last character.
            let start = signature.index(after: open)
            inner = String(signature[start..<max(start, signature.index(before: signature.endIndex))])
        }
        let props = split(inner).map { prop($0, components: components) }
        return OpenUILibrary.Entry(name, description, props, signature: signature)
    }

    /// Splits at `separator` (a comma unless told) outside brackets and quotes, each part trimmed of spaces; a
    /// blank last part is left out. Read as bytes: the separators, brackets and quotes are ASCII, so a part always
    /// ends at a character boundary (a host builds its libraries when it starts: reading characters one by one, with
    /// their grapheme rules, made that take milliseconds).
    static func split(_ text: String, separator: UInt8 = UInt8(ascii: ",")) -> [String] {
        var parts: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var depth = 0
        var quoted = false
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"): depth -= 1
                case separator where depth == 0:
                    parts.append(text[start..<i].trimmingSpaces)
                    start = bytes.index(after: i)
                default: break
                }
            }
            i = bytes.index(after: i)
        }
        let last = text[start...].trimmingSpaces
        if !last.isEmpty { parts.append(last) }
        return parts
    }

    private static func prop(_ text: String, components: Set<String>) -> OpenUILibrary.Prop {
        let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) ?? text.endIndex
        var name = String(text[..<colon]).trimmingSpaces
        var typeText = colon < text.endIndex ? String(text[text.index(after: colon)...]).trimmingSpaces : "any"
        let optional = name.hasSuffix("?")
        if optional { name.removeLast() }
        var defaultValue: OpenUIValue?
        let sides = split(typeText, separator: UInt8(ascii: "="))
        if sides.count > 1 {
            typeText = sides[0]
            defaultValue = literal(sides[1])
        }
        var bindable = false
        if typeText.hasPrefix("$binding<"), typeText.hasSuffix(">") {
            bindable = true
            typeText = String(typeText.dropFirst("$binding<".count).dropLast())
        }
        return OpenUILibrary.Prop(name, type(typeText, components: components), required: !optional, default: defaultValue, bindable: bindable)
    }

    static func type(_ raw: String, components: Set<String>) -> OpenUIPropType {
        var text = raw.trimmingSpaces
        if text.hasSuffix("[]") {
            text.removeLast(2)
            return .array(type(text, components: components))
        }
        if text.hasPrefix("("), text.hasSuffix(")") { return type(String(text.dropFirst().dropLast()), components: components) }
        let options = split(text, separator: UInt8(ascii: "|"))
        if options.count > 1 || text.hasPrefix("\"") {
            if options.allSatisfy({ $0.hasPrefix("\"") }) { return .enumeration(options.map { String($0.dropFirst().dropLast()) }) }
            if options.allSatisfy({ $0.hasPrefix("@") }) { return .action(Set(options.map { String($0.dropFirst()) })) }
            if options.allSatisfy({ components.contains($0) }) { return .component(Set(options)) }
            return .any
        }
        switch text {
        case "string": return .string
        case "number": return .number
        case "boolean": return .boolean
        case "any": return .any
        case "ActionExpression": return .action(nil)
        default:
            if text.hasPrefix("{") || text.hasPrefix("Record<") { return .object }
            if components.contains(text) { return .component([text]) }
            return .any
        }
    }

    private static func literal(_ text: String) -> OpenUIValue? {
        switch text.trimmingSpaces {
        case "[]": return .array([])
        case "true": return .bool(true)
        case "false": return .bool(false)
        case let t where t.hasPrefix("\""): return .string(String(t.dropFirst().dropLast()))
        case let t: return Double(t).map(OpenUIValue.number)
        }
    }
}

extension String {
    /// The text without its leading and trailing spaces.
    var trimmingSpaces: String { self[...].trimmingSpaces }
}

extension Substring {
    /// The text without its leading and trailing spaces (read as bytes: a space is one).
    var trimmingSpaces: String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start != end, bytes[start] == UInt8(ascii: " ") { start = bytes.index(after: start) }
        while start != end, bytes[bytes.index(before: end)] == UInt8(ascii: " ") { end = bytes.index(before: end) }
        return String(self[start..<end])
    }
}
