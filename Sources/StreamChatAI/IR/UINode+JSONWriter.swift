extension UINode {
    /// Writes ``jsonValue`` straight to `writer` (the render outputs' fast path).
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","type":"#)
        writer.string(type)
        writer.raw(#","props":"#)
        writer.object(props)
        writer.raw(#","children":["#)
        for (n, child) in children.enumerated() {
            if n > 0 { writer.byte(0x2C) }
            child.write(to: &writer)
        }
        writer.raw(#"],"events":["#)
        for (n, event) in events.enumerated() {
            if n > 0 { writer.byte(0x2C) }
            writer.string(event)
        }
        writer.raw(#"],"state":"#)
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
        writer.raw(#"{"ir":"#)
        writer.integer(Int64(Self.version))
        writer.raw(#","root":"#)
        root.write(to: &writer)
        writer.byte(0x7D)
    }
}
