import CStreamChatAIPluginABI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A renderer a plugin provides through its `streamchatai.renderer/1`
/// feature. The manifest says its format, versions, fence and instructions,
/// so capabilities need no plugin code; the plugin loads when a reply in its
/// format first arrives.
public struct PluginRenderer: AIUIRenderer {
    /// The plugin.
    public let plugin: Plugin
    let manifestRenderer: PluginManifest.Renderer

    /// The renderer of `plugin` for `format`, if its manifest lists one.
    public init?(plugin: Plugin, format: String) {
        guard let renderer = plugin.folder.manifest.renderers.first(where: { $0.format == format }) else { return nil }
        self.plugin = plugin
        manifestRenderer = renderer
    }

    /// Every plugin renderer the registry knows, in discovery order.
    public static func all(in registry: PluginRegistry = .shared) -> [PluginRenderer] {
        registry.all.flatMap { plugin in plugin.folder.manifest.renderers.compactMap { PluginRenderer(plugin: plugin, format: $0.format) } }
    }

    /// The format the manifest names.
    public var format: String { manifestRenderer.format }
    /// The fence the manifest names, if any.
    public var fence: String? { manifestRenderer.fence }

    /// The versions the manifest lists (every version when it lists none).
    public func supports(version: String?) -> Bool {
        manifestRenderer.versions.isEmpty || version.map(manifestRenderer.versions.contains) ?? true
    }

    /// The manifest's instructions, then the app's components and the host's tools described for the model.
    public func instructions(components: [AIUIComponentDefinition], tools: [AIToolDefinition]) -> String {
        [manifestRenderer.instructions, AIUIInstructions.describe(components: components, tools: tools)]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// An engine that hands each reply to the plugin's view (loading its code on first use).
    public func makeEngine() -> any AIUIEngine { PluginRendererEngine(plugin: plugin, format: format) }
}

/// One conversation's engine inside a renderer plugin.
final class PluginRendererEngine: AIUIEngine, @unchecked Sendable {  // plugin calls are serialized by `lock`
    private let plugin: Plugin
    private let format: String
    private let lock = Mutex<(table: UnsafePointer<sca_renderer_v1>?, engine: OpaquePointer?, problem: String?)>((nil, nil, nil))
    /// Each reply's context, for the plugin's `request_render`.
    private let contexts = Mutex<[String: AIUIContext]>([:])

    private final class WeakEngine: Sendable {
        weak let engine: PluginRendererEngine?
        init(_ engine: PluginRendererEngine) { self.engine = engine }
    }

    /// The live engines by the plugin's engine pointer.
    private static let live = Mutex<[UInt: WeakEngine]>([:])

    init(plugin: Plugin, format: String) {
        self.plugin = plugin
        self.format = format
    }

    deinit {
        lock.withLock { s in
            guard let table = s.table, let engine = s.engine else { return }
            _ = Self.live.withLock { $0.removeValue(forKey: UInt(bitPattern: UnsafeRawPointer(engine))) }
            table.pointee.destroy_engine?(engine)
        }
    }

    /// `host->request_render`: the reply of that engine renders anew.
    static let requestRender: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void = { engine, messageID in
        guard let engine, let messageID, let id = String(validatingCString: messageID),
              let owner = live.withLock({ $0[UInt(bitPattern: UnsafeRawPointer(engine))]?.engine }),
              let context = owner.contexts.withLock({ $0[id] })
        else { return }
        context.setNeedsRender()
    }

    private func remember(_ context: AIUIContext) {
        contexts.withLock { $0[context.messageID] = context }
    }

    /// Runs `body` with the plugin's renderer table and this conversation's engine, loading them first.
    private func withEngine<R>(context: AIUIContext?, _ body: (sca_renderer_v1, OpaquePointer) -> R?) -> R? {
        nonisolated(unsafe) var value: R?
        let problem: StreamChatAIError? = lock.withLock { s in
            if s.problem == nil && s.engine == nil {
                if let problem = plugin.load() {
                    s.problem = "the renderer plugin \(plugin.name) can't load: \(problem.reason)"
                } else if let raw = plugin.feature(SCA_RENDERER_FEATURE_V1) {
                    let size = Int(raw.load(as: UInt32.self))
                    let table = raw.assumingMemoryBound(to: sca_renderer_v1.self)
                    if size < MemoryLayout<sca_renderer_v1>.size {
                        s.problem = "the renderer table of \(plugin.name) is \(size) bytes, too small"
                    } else if table.pointee.format.map({ String(cString: $0) }) != format {
                        s.problem = "the renderer table of \(plugin.name) is for another format"
                    } else if let create = table.pointee.create_engine, let engine = create() {
                        s.table = table
                        s.engine = engine
                        Self.live.withLock { $0[UInt(bitPattern: UnsafeRawPointer(engine))] = WeakEngine(self) }
                    } else {
                        s.problem = "the renderer plugin \(plugin.name) made no engine"
                    }
                } else {
                    s.problem = "the plugin \(plugin.name) lists a renderer for \(format) but has no \(SCA_RENDERER_FEATURE_V1) feature"
                }
            }
            if let problem = s.problem { return StreamChatAIError(.plugin, problem) }
            value = body(s.table!.pointee, s.engine!)
            return nil
        }
        if let problem {
            context?.report(problem.message)
            return nil
        }
        return value
    }

    func receive(_ document: AIUIDocument, context: AIUIContext) {
        remember(context)
        _ = withEngine(context: context) { table, engine -> Void? in
            JSONSerializer.string(document.jsonValue).withCString { table.receive?(engine, context.messageID, $0) }
            return ()
        }
    }

    func view(for document: AIUIDocument, context: AIUIContext) -> UINode? {
        remember(context)
        let messageID = context.messageID
        let written = withEngine(context: context) { table, engine -> [String]? in
            guard let view = table.view else { return nil }
            let collector = JSONCollector()
            let status = JSONSerializer.string(document.jsonValue).withCString { doc in
                view(engine, messageID, doc, JSONCollector.write, Unmanaged.passUnretained(collector).toOpaque())
            }
            return status == 0 ? collector.texts : nil
        }
        guard let text = written?.first else { return nil }
        do {
            return try UINode(tree: try JSONParser.parse(text))
        } catch let error as StreamChatAIError {
            context.report("the \(format) renderer wrote a bad node: \(error.message)")
        } catch {
            context.report("the \(format) renderer wrote text that is not JSON: \(error)")
        }
        return nil
    }

    func handle(_ event: AIUIEvent, on node: UINode, context: AIUIContext) -> [AIUIAction] {
        let messageID = context.messageID
        var eventJSON: [(String, JSONValue)] = [("node_id", .string(event.nodeID)), ("name", .string(event.name))]
        if let value = event.value { eventJSON.append(("value", value)) }
        let written = withEngine(context: context) { table, engine -> [String]? in
            guard let handle = table.event else { return [] }
            let collector = JSONCollector()
            _ = JSONSerializer.string(.object(JSONObject(eventJSON))).withCString { e in
                JSONSerializer.string(node.jsonValue).withCString { n in
                    handle(engine, messageID, e, n, JSONCollector.write, Unmanaged.passUnretained(collector).toOpaque())
                }
            }
            return collector.texts
        } ?? []
        return written.compactMap { text in
            let value = try? JSONParser.parse(text)
            // {"run_tool": {"name", "arguments"}} asks the host to run a tool for the user's tap.
            if let request = value?["run_tool"] {
                guard case .string(let tool)? = request["name"] else {
                    context.report("the \(format) renderer asked to run a tool without a name")
                    return nil
                }
                _ = context.runTool(tool, arguments: request["arguments"]?.objectValue ?? JSONObject(), userInitiated: true)
                return nil
            }
            guard case .string(let name)? = value?["name"], !name.isEmpty else {
                context.report("the \(format) renderer wrote an action without a name")
                return nil
            }
            return AIUIAction(messageID: messageID, format: format, name: name,
                              label: event.label ?? node.visibleText ?? name, payload: value?["payload"] ?? .object(JSONObject()))
        }
    }

    func remove(messageID: String) {
        _ = contexts.withLock { $0.removeValue(forKey: messageID) }
        _ = withEngine(context: nil) { table, engine -> Void? in
            table.remove?(engine, messageID)
            return ()
        }
    }
}

/// Collects the JSON texts a plugin writes through an `sca_json_writer`.
final class JSONCollector {
    var texts: [String] = []

    static let write: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { context, text in
        guard let context, let text else { return }
        let collector = Unmanaged<JSONCollector>.fromOpaque(context).takeUnretainedValue()
        collector.texts.append(String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self))
    }
}
