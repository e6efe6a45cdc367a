import Synchronization

/// A schema's nodes, compiled the first time they are needed.
final class CompiledNodes: Sendable {
    private let source: Mutex<(document: JSONValue, references: [String: JSONValue], nodes: [SchemaNode]?)>

    init(document: JSONValue, references: [String: JSONValue]) {
        source = Mutex((document, references, nil))
    }

    var nodes: [SchemaNode] {
        source.withLock { s in
            if let nodes = s.nodes { return nodes }
            let nodes = SchemaNode.Compiler(document: s.document, references: s.references).compileAll()
            s.nodes = nodes
            return nodes
        }
    }
}
