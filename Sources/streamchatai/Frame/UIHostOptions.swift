import StreamChatAI
import StreamChatRenderers
import Synchronization

/// The options of commands that make a UI host: `--config JSON` (as
/// `sca_ui_host_new` takes it, the built-in renderers chosen from it) and
/// `--plugins DIR` (their renderers and tools).
enum UIHostOptions {
    static let arguments: [Argument] = [
        .repeated("--plugins", "DIR", "a plugins folder whose renderers (and tools) the host takes"),
        .option("--config", "JSON", #"the UI host's config as sca_ui_host_new takes it, such as {"openui": {"library": "standard"}}"#),
    ]

    /// The host the config describes (a bad config is a usage error); `loadPlugins` then takes the folders.
    static func host(_ parsed: ParsedArguments, onError: AIUIHost.OnError? = nil) throws(UsageError) -> AIUIHost {
        try host(config: parsed.value("--config"), onError: onError)
    }

    /// The host of a config text (nil: the defaults).
    static func host(config: String?, onError: AIUIHost.OnError? = nil) throws(UsageError) -> AIUIHost {
        let host: AIUIHost
        do {
            let configuration = try AIUIHost.Configuration(json: try JSONParser.parse(config ?? "{}"),
                                                           builtIns: BuiltInRenderers.all)
            host = try AIUIHost(configuration: configuration, builtIns: BuiltInRenderers.all, onError: onError)
        } catch {
            throw UsageError("--config: \(error)")
        }
        return host
    }

    /// Loads the `--plugins` folders into `host`.
    static func loadPlugins(_ folders: [String], into host: AIUIHost) throws(StreamChatAIError) {
        for dir in folders { _ = try host.loadPlugins(directory: dir) }
    }

    /// The problems the host reports (its error callback), printed to standard error at the end.
    final class Problems: Sendable {
        private let items = Mutex<[String]>([])

        var add: AIUIHost.OnError { { [self] id, problem in items.withLock { $0.append("\(id ?? "host"): \(problem)") } } }

        func print() {
            for problem in items.withLock({ $0 }) { Terminal.error("streamchatai: \(problem)") }
        }
    }
}
