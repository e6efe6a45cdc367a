/// Reads a JSON object of settings (a config, options): unknown names are
/// errors that list the known ones, and each wrong value is an error that
/// names its JSON path and says what was expected.
///
/// ```swift
/// let settings = try SettingsReader(json, what: "the runner config", known: ["user_id", "max_attempts"])
/// let user = try settings.requiredString("user_id")
/// let attempts = try settings.integer("max_attempts", in: 1...Int(Int32.max)) ?? 3
/// ```
public struct SettingsReader: Sendable {
    /// The settings.
    public let object: JSONObject
    /// Where they are, such as `$` or `$.openui`.
    public let path: String

    /// Reads `json` (null counts as no settings when `allowNull`).
    /// - Parameter noun: what an unknown name is called in the error ("unknown setting", "unknown option").
    /// - Throws: ``StreamChatAIError`` (invalid argument) when it is not an
    ///   object or has a name not in `known`.
    public init(_ json: JSONValue, what: String, known: [String], at path: String = "$", allowNull: Bool = false,
                noun: String = "setting") throws(StreamChatAIError)
    {
        if allowNull, json.isNull {
            object = JSONObject()
        } else {
            guard case .object(let o) = json else { throw .invalid(at: path, "\(what) must be an object, found \(json.typeName)") }
            object = o
        }
        self.path = path
        for key in object.keys where !known.contains(key) {
            throw .invalid(at: JSONPath.appending(key: key, to: path), "unknown \(noun); known: \(known.joined(separator: ", "))")
        }
    }

    /// The path of setting `key`.
    public func path(of key: String) -> String { JSONPath.appending(key: key, to: path) }

    /// The value of `key`, null counting as absent.
    public subscript(key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A string setting.
    public func string(_ key: String, nonEmpty: Bool = false) throws(StreamChatAIError) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let s) = value, !nonEmpty || !s.isEmpty else {
            throw .invalid(at: path(of: key), nonEmpty ? "expected a non-empty string, found \(Self.shown(value))" : "expected a string, found \(value.typeName)")
        }
        return s
    }

    /// A string setting that must be given and not be empty.
    public func requiredString(_ key: String) throws(StreamChatAIError) -> String {
        guard let s = try string(key, nonEmpty: true) else { throw .invalid(at: path(of: key), "a non-empty string is required") }
        return s
    }

    /// A whole-number setting within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(StreamChatAIError) -> Int? {
        guard let value = self[key] else { return nil }
        guard case .integer(let i) = value, i >= Int64(range.lowerBound), i <= Int64(range.upperBound) else {
            throw .invalid(at: path(of: key), "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(Self.shown(value))")
        }
        return Int(i)
    }

    /// A Boolean setting.
    public func bool(_ key: String) throws(StreamChatAIError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let b) = value else { throw .invalid(at: path(of: key), "expected a boolean, found \(value.typeName)") }
        return b
    }

    /// A setting that is an array of strings.
    public func strings(_ key: String) throws(StreamChatAIError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard case .array(let list) = value else { throw .invalid(at: path(of: key), "expected an array of strings, found \(value.typeName)") }
        var out: [String] = []
        for (i, element) in list.enumerated() {
            guard case .string(let s) = element else {
                throw .invalid(at: JSONPath.appending(index: i, to: path(of: key)), "expected a string, found \(element.typeName)")
            }
            out.append(s)
        }
        return out
    }

    /// A setting that is an object, as its own reader.
    public func settings(_ key: String, what: String, known: [String]) throws(StreamChatAIError) -> SettingsReader? {
        guard let value = self[key] else { return nil }
        return try SettingsReader(value, what: what, known: known, at: path(of: key))
    }

    /// An object setting whose members all have one shape, read by `read`.
    public func members<T>(_ key: String, _ read: (JSONValue, String) throws(StreamChatAIError) -> T) throws(StreamChatAIError) -> [(String, T)]? {
        guard let value = self[key] else { return nil }
        guard case .object(let o) = value else { throw .invalid(at: path(of: key), "expected an object, found \(value.typeName)") }
        var out: [(String, T)] = []
        for (name, member) in o { out.append((name, try read(member, JSONPath.appending(key: name, to: path(of: key))))) }
        return out
    }

    private static func shown(_ value: JSONValue) -> String {
        let text = JSONSerializer.string(value)
        return text.utf8.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
