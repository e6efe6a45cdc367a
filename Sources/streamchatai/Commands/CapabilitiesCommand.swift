import StreamChatAI

/// `streamchatai capabilities [--plugins DIR]... [--components FILE] [--config JSON]`:
/// what an agent's backend needs from this client, as JSON: the tool
/// registrations and the generative-UI capabilities (renderers with their
/// fences and instructions, the app's components).
struct CapabilitiesCommand: Command {
    static let name = "capabilities"
    static let abstract = "Print the tool registrations and the generative-UI capabilities a backend needs, as JSON."
    static let discussion = """
    The tools are the plugin folders' (and what their manifests say of them); the renderers are the built-in ones \
    the config turns on and the plugins'; --components names a JSON file with the app's component definitions \
    (an array, or one object). Give the output to the agent's backend as they are.
    """
    static let arguments: [Argument] = UIHostOptions.arguments + [
        .option("--components", "FILE", "a JSON file of the app's component definitions (an array or one object)"),
        .option("--instructions", "TEXT", "the app's own instructions, put before each renderer's"),
    ]

    let plugins: [String]
    let components: String?
    let host: AIUIHost

    init(_ parsed: ParsedArguments) throws(UsageError) {
        plugins = parsed.all("--plugins")
        components = parsed.value("--components")
        var config = parsed.value("--config") ?? "{}"
        if let instructions = parsed.value("--instructions"), case .object(var object)? = try? JSONParser.parse(config) {
            object["instructions"] = .string(instructions)
            config = JSONSerializer.string(.object(object))
        }
        host = try UIHostOptions.host(config: config)
    }

    func run() -> Int32 {
        do {
            try UIHostOptions.loadPlugins(plugins, into: host)
            if let components {
                let json: JSONValue
                do { json = try JSONParser.parse(try Terminal.readFile(components)) } catch {
                    Terminal.error("streamchatai capabilities: \(components): \(error)")
                    return 1
                }
                for (i, definition) in (json.arrayValue ?? [json]).enumerated() {
                    let component: AIUIComponentDefinition
                    do { component = try AIUIComponentDefinition(json: definition) } catch {
                        Terminal.error("streamchatai capabilities: \(components): component \(i): \(error)")
                        return 1
                    }
                    if !host.add(component: component) {
                        Terminal.error("streamchatai capabilities: \(components): component \(i) (\(component.name)) is left out: the host has one of that name")
                    }
                }
            }
            let out: JSONValue = .object(JSONObject([
                ("registrations", .array(host.toolBox.tools.map(\.definition.registration))),
                ("ui", host.capabilities.jsonValue),
            ]))
            Terminal.json(out, style: .pretty)
            return 0
        } catch {
            Terminal.error("streamchatai capabilities: \(error)")
            return 1
        }
    }
}
