/// The user-facing strings of the steps view, replaceable for another language.
///
/// Templates name their values in braces: `"Thought for {seconds}s"`.
/// Replacing a key this library doesn't use is an error, so a typo doesn't go
/// unnoticed.
public struct StepsStrings: Sendable, Hashable {
    /// The English defaults, by key.
    public static let defaults: [String: String] = [
        "reasoning.thinking": "Thinking…",
        "reasoning.thinking_for": "Thinking… {seconds}s",
        "reasoning.thought": "Thought",
        "reasoning.thought_for": "Thought for {seconds}s",
        "tool.untitled": "Tool call",
        "tool.duration": "{seconds}s",
        "tool.status.running": "Running",
        "tool.status.awaiting_approval": "Waiting for approval",
        "tool.status.awaiting_authorization": "Waiting for sign-in",
        "tool.status.awaiting_client": "Waiting for your device",
        "tool.status.completed": "Completed",
        "tool.status.failed": "Failed",
        "tool.status.cancelled": "Cancelled",
        "tool.status.declined": "Declined",
        "tool.status.other": "In progress",
        "step.unsupported": "A step this app version can't show",
    ]

    /// The table in use.
    public private(set) var table: [String: String]

    /// The English strings.
    public init() { table = Self.defaults }

    /// The English strings with `overrides` in place of some.
    /// - Throws: ``StepsStringsError`` naming a key this library doesn't use.
    public init(overrides: [String: String]) throws(StepsStringsError) {
        table = Self.defaults
        for (key, value) in overrides {
            guard table[key] != nil else { throw StepsStringsError(key: key) }
            table[key] = value
        }
    }

    /// The string for `key` with its `{name}` placeholders filled in.
    /// A `{` that names no value stays as written.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        values.isEmpty ? table[key] ?? key : filled(key) { values[$0] }
    }

    /// The string for `key` with its `{name}` placeholders filled in with
    /// `value` (a template of one placeholder, such as `{seconds}`, needs no dictionary).
    public func text(_ key: String, _ name: String, _ value: String) -> String {
        filled(key) { $0 == name ? value : nil }
    }

    /// The template for `key` with each `{name}` that `value` knows replaced.
    private func filled(_ key: String, _ value: (String) -> String?) -> String {
        var template = table[key] ?? key
        guard template.utf8.contains(0x7B) else { return template }
        // One pass over the template's bytes (this runs for every step of every render).
        return template.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x7B, let close = bytes[(i + 1)...].firstIndex(of: 0x7D),
                   let value = value(String(decoding: bytes[(i + 1)..<close], as: UTF8.self)) {
                    out.append(contentsOf: value.utf8)
                    i = close + 1
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// A localization key that the steps view doesn't use.
public struct StepsStringsError: Error, Sendable, CustomStringConvertible {
    /// The key.
    public let key: String
    public var description: String {
        "unknown string key \"\(key)\"; known keys: \(StepsStrings.defaults.keys.sorted().joined(separator: ", "))"
    }
}
