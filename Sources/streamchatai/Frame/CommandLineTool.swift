import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// The `streamchatai` program: picks a command by its first word, gives help,
/// and maps outcomes to exit codes: 0 ok, 1 failure, 2 usage error.
struct CommandLineTool {
    let commands: [any Command.Type]

    var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        var lines = ["usage: streamchatai COMMAND [OPTIONS]", "", "commands:"]
        for command in commands { lines.append("  " + command.name.padding(toLength: width) + "  " + command.abstract) }
        lines += ["  " + "version".padding(toLength: width) + "  print the library's version",
                  "", "Run 'streamchatai COMMAND --help' for a command's options;",
                  "'streamchatai --man' and 'streamchatai --completions bash|zsh|fish' write the man page and completions."]
        return lines.joined(separator: "\n")
    }

    /// Runs the command line and returns the exit status.
    func run(_ words: [String]) -> Int32 {
        guard let first = words.first else {
            Terminal.error(usage)
            return 2
        }
        switch first {
        case "version", "--version":
            print("streamchatai \(StreamChatAIVersion.string)")
            return 0
        case "--man":
            print(Documentation(commands: commands).manPage, terminator: "")
            return 0
        case "--completions":
            let shell = words.dropFirst().first ?? ""
            guard let script = Documentation(commands: commands).completions(for: shell) else {
                Terminal.error("streamchatai --completions: name a shell: \(Documentation.shells.joined(separator: ", "))")
                return 2
            }
            print(script, terminator: "")
            return 0
        case "help", "--help", "-h":
            if let name = words.dropFirst().first {
                guard let command = commands.first(where: { $0.name == name }) else { return unknown(name) }
                print(command.help)
            } else {
                print(usage)
            }
            return 0
        default:
            guard let command = commands.first(where: { $0.name == first }) else { return unknown(first) }
            return run(command, Array(words.dropFirst()))
        }
    }

    private func run(_ command: any Command.Type, _ words: [String]) -> Int32 {
        do {
            let parsed = try ParsedArguments(words, for: command.arguments)
            if parsed.wantsHelp {
                print(command.help)
                return 0
            }
            return try command.init(parsed).run()
        } catch {
            Terminal.error("streamchatai \(command.name): \(error)\nusage: \(command.synopsis)")
            return 2
        }
    }

    private func unknown(_ name: String) -> Int32 {
        Terminal.error("streamchatai: unknown command '\(name)'\n\n\(usage)")
        return 2
    }
}
