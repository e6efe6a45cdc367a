// streamchatai — the command-line tool: `streamchatai COMMAND [OPTIONS]`,
// each command described once (Commands/), with help and usage generated
// from that description (Frame/). Exit status: 0 ok, 1 failure, 2 usage error.

#if canImport(Glibc)
import Glibc
#endif

let tool = CommandLineTool(commands: [StepsCommand.self, PluginsCommand.self, RunCommand.self, UICommand.self, CapabilitiesCommand.self, LintCommand.self, ViewCommand.self, MCPCommand.self, ChatCommand.self, PreviewCommand.self, CatalogCommand.self])
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
