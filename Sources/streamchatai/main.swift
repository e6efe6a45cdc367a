// streamchatai — the command-line tool.
//
//   streamchatai steps FILE [--json] [--now-ms MS]
//   streamchatai version
//
// Exit status: 0 on success, 1 when some input could not be read, 2 on a usage error.

import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: streamchatai steps FILE [--json] [--now-ms MS]
           streamchatai plugins DIR
           streamchatai run FILE --user USER_ID --client CLIENT_ID [--plugins DIR]...
           streamchatai ui FILE [--plugins DIR]... [--json]
           streamchatai version

    steps    Prints the steps of a reply: FILE (or - for standard input) holds a chat
             message as JSON ({"id", "attachments": [...]}), an array of attachments,
             or a JSONL stream of message updates, one per line.
             --json      print the UI IR tree instead of text
             --now-ms    the current time in ms since the epoch, for "Thinking… 7s"
    plugins  Lists what the plugin folders in DIR provide, and why a bad one is skipped.
    run      Runs the client tools that FILE's reply addresses to that user and install,
             with the tools of the plugins in DIR, and prints each result.
    ui       Previews the generative UI (ai_ui) of each message in FILE with the renderer
             plugins in DIR, as an outline of the UI IR (or the IR itself with --json).
    """

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    Terminal.error(usage)
    exit(2)
}
arguments.removeFirst()
switch command {
case "steps":
    do {
        let options = try StepsCommand.Options(arguments: arguments)
        exit(StepsCommand(options: options).run())
    } catch {
        Terminal.error("streamchatai: \(error)\n\n\(usage)")
        exit(2)
    }
case "plugins":
    exit(ToolsCommand.plugins(arguments))
case "run":
    exit(ToolsCommand.run(arguments))
case "ui":
    exit(UICommand.run(arguments))
case "version", "--version":
    print("streamchatai \(StreamChatAIVersion.string)")
case "help", "--help", "-h":
    print(usage)
default:
    Terminal.error("streamchatai: unknown command '\(command)'\n\n\(usage)")
    exit(2)
}
