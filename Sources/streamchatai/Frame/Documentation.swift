import StreamChatAI

/// The man page and the shell completions of `streamchatai`, written from the
/// commands' descriptions (the same source as `--help`), so that what is
/// installed never drifts from what the parser accepts. `make install` runs
/// `streamchatai --man` and `streamchatai --completions SHELL` to make them.
struct Documentation {
    let commands: [any Command.Type]

    static let shells = ["bash", "zsh", "fish"]

    /// Words a file argument completes to (the others take free values).
    private static func isPath(_ value: String) -> Bool { ["FILE", "DIR", "PATH"].contains(value) }

    // MARK: man page

    /// `streamchatai(1)` in roff.
    var manPage: String {
        var out = [
            ".TH STREAMCHATAI 1 \"\" \"streamchatai \(StreamChatAIVersion.string)\" \"User Commands\"",
            // Left-adjusted: justified synopses would spread "streamchatai run" apart.
            ".ad l",
            ".SH NAME",
            "streamchatai \\- steps, client tools and generative UI of AI chat replies, from the terminal",
            ".SH SYNOPSIS",
            ".B streamchatai",
            ".I COMMAND",
            "[\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
            "Reads a reply (a message as JSON) or a conversation (JSONL of message updates, \\fB-\\fR for standard input) "
                + "and shows what the streamchatai library makes of it. Exit status: 0 when everything worked, 1 when "
                + "something could not be done, 2 for a usage error. Control characters in what a reply, a plugin or a "
                + "server sends are shown as pictures (ESC as \u{241B}), never sent to the terminal; JSON output is "
                + "written as it is.",
            ".SH COMMANDS",
        ]
        for command in commands {
            out += [".SS \(Self.roff(command.synopsis))", Self.roff(command.abstract)]
            if !command.discussion.isEmpty { out += [".PP", Self.roff(command.discussion)] }
            for argument in command.arguments {
                out += [".TP", ".B \(Self.roff(argument.label))", Self.roff(argument.help)]
            }
        }
        out += [".SS streamchatai version", "Prints the library's version.",
                ".SH ENVIRONMENT", ".TP", ".B NO_COLOR", "When set, output has no colours (they are used only on a terminal).",
                ".SH SEE ALSO", "The library's documentation: docs/ in its source tree; its C API: streamchatai.h."]
        return out.joined(separator: "\n") + "\n"
    }

    /// Text as roff reads it: backslashes doubled, a leading dot or quote escaped, dashes as \-.
    private static func roff(_ text: String) -> String {
        var s = text.replacing("\\", with: "\\\\").replacing("-", with: "\\-")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s.replacing("\n.", with: "\n\\&.")
    }

    // MARK: completions

    /// The completion script for `shell` (bash, zsh or fish), or nil for another shell.
    func completions(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    private var names: [String] { commands.map { $0.name } + ["version", "help"] }

    private static func options(_ command: any Command.Type) -> [Argument] { command.arguments.filter { !$0.isPositional } }

    private static func value(of argument: Argument) -> String? {
        switch argument.kind {
        case .option(let value, _), .repeated(let value): return value
        case .flag, .positional: return nil
        }
    }

    private var bash: String {
        var out = ["# bash completion for streamchatai (written by `streamchatai --completions bash`)",
                   "_streamchatai() {",
                   "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
                   "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
                   "        COMPREPLY=($(compgen -W \"\(names.joined(separator: " "))\" -- \"$cur\")); return",
                   "    fi",
                   "    case ${COMP_WORDS[1]} in"]
        for command in commands {
            let options = Self.options(command)
            out.append("    \(command.name))")
            let withValues = options.filter { Self.value(of: $0) != nil }
            if !withValues.isEmpty {
                out.append("        case $prev in")
                for option in withValues {
                    let action = Self.isPath(Self.value(of: option)!) ? "COMPREPLY=($(compgen -f -- \"$cur\"))" : "COMPREPLY=()"
                    out.append("            \(option.name)) \(action); return ;;")
                }
                out.append("        esac")
            }
            let words = (options.map(\.name) + ["--help"]).joined(separator: " ")
            out += ["        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\"))",
                    "        else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;"]
        }
        out += ["    esac", "}", "complete -F _streamchatai streamchatai"]
        return out.joined(separator: "\n") + "\n"
    }

    private var zsh: String {
        var out = ["#compdef streamchatai", "# zsh completion for streamchatai (written by `streamchatai --completions zsh`)",
                   "_streamchatai() {", "    local -a commands", "    commands=("]
        for command in commands { out.append("        '\(command.name):\(Self.zshQuoted(command.abstract))'") }
        out += ["        'version:print the library version'", "        'help:show help'", "    )",
                "    if (( CURRENT == 2 )); then _describe command commands; return; fi",
                "    case $words[2] in"]
        for command in commands {
            var specs: [String] = []
            for argument in command.arguments {
                let help = Self.zshQuoted(argument.help)
                switch argument.kind {
                case .flag: specs.append("'\(argument.name)[\(help)]'")
                case .option(let value, _): specs.append("'\(argument.name)[\(help)]:\(value):\(Self.isPath(value) ? "_files" : " ")'")
                case .repeated(let value): specs.append("'*\(argument.name)[\(help)]:\(value):\(Self.isPath(value) ? "_files" : " ")'")
                case .positional: specs.append("'*:\(argument.name):_files'")
                }
            }
            specs.append("'--help[show help]'")
            out.append("    \(command.name)) shift words; (( CURRENT-- )); _arguments \(specs.joined(separator: " ")) ;;")
        }
        out += ["    esac", "}", "_streamchatai \"$@\""]
        return out.joined(separator: "\n") + "\n"
    }

    private static func zshQuoted(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private var fish: String {
        var out = ["# fish completion for streamchatai (written by `streamchatai --completions fish`)",
                   "complete -c streamchatai -f"]
        for command in commands {
            out.append("complete -c streamchatai -n __fish_use_subcommand -a \(command.name) -d \(Self.fishQuoted(command.abstract))")
        }
        out.append("complete -c streamchatai -n __fish_use_subcommand -a version -d 'print the library version'")
        for command in commands {
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in Self.options(command) {
                let long = String(option.name.dropFirst(2))
                var line = "complete -c streamchatai \(when) -l \(long) -d \(Self.fishQuoted(option.help))"
                if let value = Self.value(of: option) { line += Self.isPath(value) ? " -r -F" : " -r" }
                out.append(line)
            }
            if command.arguments.contains(where: \.isPositional) { out.append("complete -c streamchatai \(when) -F") }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String { "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'" }
}
