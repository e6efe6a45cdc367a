/// Reads a component signature as libraries print it (spec prompt.md §5.1):
/// `Name(a: string, b?: "x" | "y", items: Item[], value?: $binding<string>, fields?: Field[] = [])`.
/// The built-in libraries are written this way, so what the prompt shows and
/// what the parser checks come from one line.
enum OpenUISignature {
    /// The entry a signature line describes; `components` are the names that are components.
    static func entry(_ signature: String, description: String, components: Set<String>) -> OpenUILibrary.Entry {
        let open = signature.firstIndex(of: "(") ?? signature.endIndex
        let name = String(signature[..<open])
        let inner = open < signature.endIndex ? String(signature[signature.index(after: open)...].dropLast()) : ""
        let props = split(inner).map { prop($0, components: components) }
        return OpenUILibrary.Entry(name, description, props, signature: signature)
    }

    /// Splits at commas outside brackets and quotes.
    static func split(_ text: String, separator: Character = ",") -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for c in text {
            if c == "\"" { quoted.toggle() }
            if !quoted {
                if "([{<".contains(c) { depth += 1 }
                if ")]}>".contains(c) { depth -= 1 }
                if c == separator && depth == 0 {
                    parts.append(current.trimmingSpaces)
                    current = ""
                    continue
                }
            }
            current.append(c)
        }
        if !current.trimmingSpaces.isEmpty { parts.append(current.trimmingSpaces) }
        return parts
    }

    private static func prop(_ text: String, components: Set<String>) -> OpenUILibrary.Prop {
        let colon = text.firstIndex(of: ":") ?? text.endIndex
        var name = String(text[..<colon]).trimmingSpaces
        var typeText = colon < text.endIndex ? String(text[text.index(after: colon)...]).trimmingSpaces : "any"
        let optional = name.hasSuffix("?")
        if optional { name.removeLast() }
        var defaultValue: OpenUIValue?
        if let eq = split(typeText, separator: "=").dropFirst().first {
            typeText = split(typeText, separator: "=")[0]
            defaultValue = literal(eq)
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
        let options = split(text, separator: "|")
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
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
