import StreamChatAI

/// The instructions that teach a model OpenUI Lang for one library, the app's
/// components and the host's tools (spec prompt.md §4): deterministic, the
/// same bytes for the same inputs, and teaching only what this client runs.
public enum OpenUIPrompt {
    /// The instructions.
    /// - Parameters:
    ///   - library: the component library (its groups order the list).
    ///   - appComponents: the app's components, as the program calls them.
    ///   - tools: the host's tools; Queries may use the read-only ones, Mutations the others.
    ///   - fence: the fence tag replies put programs in.
    public static func instructions(library: OpenUILibrary, appComponents: [OpenUILibrary.Entry] = [], tools: [AIToolDefinition] = [],
                                    fence: String = "openui-lang") -> String {
        let root = library.root ?? "Component"
        var out: [String] = []
        out.append("""
        You can answer with a generated UI written in OpenUI Lang. Put the program in a fenced block tagged \(fence); \
        write prose outside the fence. A fence tagged text shows code without rendering it. Independent UI blocks go in \
        separate fences, with prose between them.
        """)
        out.append(section("Syntax", [
            "A program is one statement per line: name = expression.",
            "The first statement is root = \(root)(...): the entry. Everything the user sees hangs from it.",
            "Expressions: strings in double quotes, numbers, true, false, null, lists [a, b], objects {key: value}, component calls Name(arg, ...), and references to other statements by name.",
            "Arguments are positional only, in the order of the signatures below; never write name: value. To skip an optional argument, write null.",
            "A prop typed as a list takes [...] even for one item.",
            "Refer to a statement before you define it: write the page top-down, and every statement must be reachable from root.",
            "Operators: + - * / % == != > < >= <= && || ! and cond ? a : b; a.b reads a field, and on a list it reads that field of every element.",
        ]))
        out.append("Components (signature - description):")
        let grouped = Set(library.groups.flatMap(\.components))
        for group in library.groups {
            let entries = group.components.compactMap { library.component(named: $0) }
            guard !entries.isEmpty else { continue }
            out.append("\n### \(group.name)")
            out += entries.map(line)
            out += group.notes.map { "Note: " + $0 }
        }
        let rest = library.components.filter { !grouped.contains($0.name) }
        if !rest.isEmpty {
            out.append("\n### Other")
            out += rest.map(line)
        }
        if !appComponents.isEmpty {
            out.append("\n### The app's components")
            out += appComponents.map(line)
        }
        if !library.functions.isEmpty {
            out.append(section("Functions of this library (call them with @)", library.functions.map { "@" + line($0) }))
        }
        let readOnly = tools.filter(\.isReadOnly)
        let changing = tools.filter { !$0.isReadOnly }
        out.append(section("Built-in functions", [
            "@Count(list) - number of elements",
            "@First(list), @Last(list) - an element, or null",
            "@Sum(numbers), @Avg(numbers), @Min(numbers), @Max(numbers) - 0 for an empty list",
            "@Filter(list, field, op, value) - ops ==, !=, >, <, >=, <=, contains; field may be a dot path; \"\" tests the elements",
            "@Sort(list, field, \"desc\"?) - by number when both are numbers, else by text",
            "@Take(list, n) - the first n elements",
            "@Round(number, decimals?), @Abs(number), @Floor(number), @Ceil(number)",
            "@Each(list, \"item\", template) - the template once per element, with item bound to it",
        ]))
        out.append(section("State and actions", [
            "$name = default declares a variable. Passing $name to a prop printed $binding<...> lets the user change it; anywhere else it reads its value.",
            "An action prop takes one step, or Action([step, ...]) for several, run in order:",
            "@ToAssistant(message, context?) - sends message as the user's reply, with any context value",
            "@OpenUrl(url) - opens a link",
            "@Set($name, value), @Reset($name, ...) - change variables",
            "@Run(name) - runs a Mutation, or fetches a Query again",
        ] + library.actions.map { "@" + $0.signatureText + " - " + $0.description }))
        if !tools.isEmpty {
            var lines = [
                "name = Query(\"tool\", {args}, defaults) fetches data when the reply is complete, and again when a $variable in its args changes; references to name read the result, or the defaults until it arrives.",
                "name = Mutation(\"tool\", {args}) runs only from @Run(name) when the user taps; references read {status, data, error}.",
            ]
            if !readOnly.isEmpty { lines.append("Tools for Query (read-only): " + readOnly.map(toolLine).joined(separator: "; ")) }
            if !changing.isEmpty { lines.append("Tools for Mutation (they change things, so they run only on a tap): " + changing.map(toolLine).joined(separator: "; ")) }
            out.append(section("Data from the app's tools", lines))
        }
        out.append(section("Streaming", [
            "The UI renders while you write: write root first, then state, queries, components, and data last.",
            "Define each form field as its own statement, so the form appears field by field.",
        ]))
        return out.joined(separator: "\n") + "\n"
    }

    private static func section(_ title: String, _ lines: [String]) -> String {
        "\n## \(title)\n" + lines.map { "- " + $0 }.joined(separator: "\n")
    }

    private static func line(_ entry: OpenUILibrary.Entry) -> String {
        entry.description.isEmpty ? entry.signatureText : entry.signatureText + " - " + entry.description
    }

    private static func toolLine(_ tool: AIToolDefinition) -> String {
        tool.name + (tool.description.map { " (\($0))" } ?? "")
    }
}
