/// One subcommand of `streamchatai`: its name, what it does, its arguments,
/// and how it runs. Help and usage lines are made from this description, so
/// they never drift from what the parser accepts.
protocol Command {
    /// The word that picks it (`steps`).
    static var name: String { get }
    /// One line on what it does.
    static var abstract: String { get }
    /// More lines for its help, or "".
    static var discussion: String { get }
    /// Its options and positional arguments, in the order help shows them.
    static var arguments: [Argument] { get }
    /// Takes the parsed arguments; throws a usage error for values that make no sense.
    init(_ parsed: ParsedArguments) throws(UsageError)
    /// Runs: 0 when everything worked, 1 when something could not be done.
    func run() -> Int32
}

extension Command {
    static var discussion: String { "" }

    /// `streamchatai steps FILE [--json] [--now-ms MS]`.
    static var synopsis: String {
        (["streamchatai", name] + arguments.map(\.synopsis)).joined(separator: " ")
    }

    /// The command's help text.
    static var help: String {
        var lines = ["usage: \(synopsis)", "", abstract]
        if !discussion.isEmpty { lines += ["", discussion] }
        let width = arguments.map { $0.label.count }.max() ?? 0
        if !arguments.isEmpty {
            lines.append("")
            for argument in arguments {
                lines.append("  " + argument.label.padding(toLength: width) + "  " + argument.help)
            }
            lines.append("  " + "-h, --help".padding(toLength: width) + "  show this help")
        }
        return lines.joined(separator: "\n")
    }
}

/// An option or positional argument of a command.
struct Argument {
    enum Kind {
        /// `--json`: present or not.
        case flag
        /// `--now-ms MS`: one value (`--now-ms=MS` too); a `required` one must be given.
        case option(value: String, required: Bool)
        /// `--plugins DIR`, as often as wanted.
        case repeated(value: String)
        /// `FILE`: in order; `optional` ones may be left out.
        case positional(optional: Bool)
    }

    let name: String
    let kind: Kind
    let help: String

    static func flag(_ name: String, _ help: String) -> Argument { Argument(name: name, kind: .flag, help: help) }
    static func option(_ name: String, _ value: String, _ help: String, required: Bool = false) -> Argument {
        Argument(name: name, kind: .option(value: value, required: required), help: help)
    }
    static func repeated(_ name: String, _ value: String, _ help: String) -> Argument { Argument(name: name, kind: .repeated(value: value), help: help) }
    static func positional(_ name: String, _ help: String, optional: Bool = false) -> Argument {
        Argument(name: name, kind: .positional(optional: optional), help: help)
    }

    var isPositional: Bool { if case .positional = kind { return true } else { return false } }

    var synopsis: String {
        switch kind {
        case .flag: return "[\(name)]"
        case .option(let value, let required): return required ? "\(name) \(value)" : "[\(name) \(value)]"
        case .repeated(let value): return "[\(name) \(value)]..."
        case .positional(let optional): return optional ? "[\(name)]" : name
        }
    }

    var label: String {
        switch kind {
        case .flag, .positional: return name
        case .option(let value, _), .repeated(let value): return "\(name) \(value)"
        }
    }
}

/// The arguments of one command line, read against a command's description.
struct ParsedArguments {
    private(set) var flags = Set<String>()
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String: String] = [:]
    /// Whether `-h` or `--help` was given.
    private(set) var wantsHelp = false

    /// Reads `words` for a command with `arguments`.
    init(_ words: [String], for arguments: [Argument]) throws(UsageError) {
        let positional = arguments.filter(\.isPositional)
        var given: [String] = []
        var i = 0
        var optionsEnded = false
        while i < words.count {
            let word = words[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                given.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            if word == "-h" || word == "--help" { wantsHelp = true; continue }
            let (name, inline) = word.firstIndex(of: "=").map { (String(word[..<$0]), String(word[word.index(after: $0)...])) } ?? (word, nil)
            guard let argument = arguments.first(where: { $0.name == name && !$0.isPositional }) else {
                throw UsageError("unknown option '\(name)'")
            }
            switch argument.kind {
            case .flag:
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            case .option, .repeated:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < words.count else { throw UsageError("\(name) needs a value") }
                    value = words[i]
                    i += 1
                }
                if case .option = argument.kind, values[name] != nil { throw UsageError("\(name) is given twice") }
                values[name, default: []].append(value)
            case .positional:
                break
            }
        }
        if wantsHelp { return }
        guard given.count <= positional.count else { throw UsageError("unexpected argument '\(given[positional.count])'") }
        for (argument, value) in zip(positional, given) { positionals[argument.name] = value }
        for argument in positional.dropFirst(given.count) {
            if case .positional(let optional) = argument.kind, !optional { throw UsageError("\(argument.name) is missing") }
        }
        for argument in arguments {
            if case .option(_, true) = argument.kind, values[argument.name] == nil { throw UsageError("\(argument.name) is missing") }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func positional(_ name: String) -> String? { positionals[name] }

    /// A required value (a positional that parsing already checked, or an option the command needs).
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = positionals[name] ?? values[name]?.last else { throw UsageError("\(name) is missing") }
        return value
    }

    /// A whole-number value.
    func integer(_ name: String) throws(UsageError) -> Int64? {
        guard let text = value(name) else { return nil }
        guard let number = Int64(text) else { throw UsageError("\(name) needs a whole number, not '\(text)'") }
        return number
    }
}

extension String {
    func padding(toLength length: Int) -> String { count >= length ? self : self + String(repeating: " ", count: length - count) }
}
