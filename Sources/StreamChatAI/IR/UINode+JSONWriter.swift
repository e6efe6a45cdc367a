extension UINode {
    /// Writes ``jsonValue`` straight to `writer` (the render outputs' fast path).
    public func write(to writer: inout JSONWriter) {
        write(to: &writer) { writer in
            for (n, child) in children.enumerated() {
                if n > 0 { writer.byte(0x2C) }
                child.write(to: &writer)
            }
        }
    }

    /// Writes ``jsonValue`` with `writeChildren` writing what stands between
    /// the brackets of `children` (for a writer that makes the children as
    /// it goes, rather than holding them).
    public func write(to writer: inout JSONWriter, children writeChildren: (inout JSONWriter) -> Void) {
        write(to: &writer, props: { $0.object(props) }, children: writeChildren)
    }

    /// Writes ``jsonValue`` with `writeProps` writing the props object and
    /// `writeChildren` what stands between the brackets of `children`.
    public func write(to writer: inout JSONWriter, props writeProps: (inout JSONWriter) -> Void,
                      children writeChildren: (inout JSONWriter) -> Void) {
        Self.write(id: id, type: type, events: events, state: state, bindings: bindings, entrance: entrance,
                   to: &writer, props: writeProps, children: writeChildren)
    }

    /// Writes a node's ``jsonValue`` from its members, without the node: `writeProps` writes the
    /// props object and `writeChildren` what stands between the brackets of `children`.
    static func write(id: String, type: String, events: [String] = [], state: State = .ready, bindings: JSONObject = JSONObject(),
                      entrance: Int = 0, to writer: inout JSONWriter, props writeProps: (inout JSONWriter) -> Void,
                      children writeChildren: (inout JSONWriter) -> Void) {
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","type":"#)
        writer.string(type)
        writer.raw(#","props":"#)
        writeProps(&writer)
        writer.raw(#","children":["#)
        writeChildren(&writer)
        writer.raw(#"],"events":"#)
        writer.strings(events)
        writer.raw(#","state":"#)
        writer.string(state.rawValue)
        writer.raw(#","bindings":"#)
        writer.object(bindings)
        writer.raw(#","entrance":"#)
        writer.integer(Int64(entrance))
        writer.byte(0x7D)
    }
}

extension UITree {
    /// Writes ``jsonValue`` straight to `writer`.
    public func write(to writer: inout JSONWriter) {
        write(to: &writer) { root.write(to: &$0) }
    }

    /// Writes ``jsonValue`` with `writeRoot` writing the root.
    func write(to writer: inout JSONWriter, root writeRoot: (inout JSONWriter) -> Void) {
        writer.raw(#"{"ir":"#)
        writer.integer(Int64(Self.version))
        writer.raw(#","root":"#)
        writeRoot(&writer)
        writer.byte(0x7D)
    }
}
