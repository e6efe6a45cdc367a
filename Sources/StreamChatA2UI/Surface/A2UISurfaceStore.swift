import StreamChatAI

/// Every surface of a conversation, by id, changed by messages in order:
/// one invalid message is reported and skipped, the others apply (lists are
/// not transactional); within one `updateComponents` every component is
/// checked first, so a bad one leaves the surface as it was.
struct A2UISurfaceStore: Sendable {
    /// The most components one surface may hold.
    static let maxComponents = 10_000

    let catalog: A2UICatalog
    /// Every catalog id a surface or component may name: the basic catalog's, its aliases, the app catalog's.
    let knownCatalogs: Set<String>
    private(set) var surfaces: [String: A2UISurface] = [:]
    /// Surface ids in creation order.
    private(set) var order: [String] = []
    /// Counts the surfaces made.
    private var made = 0

    init(catalog: A2UICatalog, knownCatalogs: Set<String>) {
        self.catalog = catalog
        self.knownCatalogs = knownCatalogs
    }

    subscript(id: String) -> A2UISurface? {
        get { surfaces[id] }
        set {
            surfaces[id] = newValue
            if newValue == nil { order.removeAll { $0 == id } }
        }
    }

    /// Whether there is a surface `id` (found without copying it).
    func contains(_ id: String) -> Bool { surfaces.index(forKey: id) != nil }

    /// Changes surface `id` in place (its dictionaries are not copied); nil when there is none.
    mutating func modify<T>(_ id: String, _ change: (inout A2UISurface) throws(A2UIProblem) -> T) throws(A2UIProblem) -> T? {
        // Through its index: the surface is changed where it lies, neither moved out and back nor hashed twice.
        guard let at = surfaces.index(forKey: id) else { return nil }
        return try change(&surfaces.values[at])
    }

    /// Forgets what changed in surface `id` (its view has been made).
    mutating func clearChanges(of id: String) {
        // Through its index: the optional subscript would move the whole surface out and back.
        if let at = surfaces.index(forKey: id) { surfaces.values[at].changes.clear() }
    }

    /// The surfaces a reply created, in creation order.
    func owned(by messageID: String) -> [A2UISurface] {
        // Read where they lie: each surface the reply owns is copied once, into the list, and no other is.
        var owned: [A2UISurface] = []
        for id in order {
            guard let at = surfaces.index(forKey: id), surfaces.values[at].owner == messageID else { continue }
            owned.append(surfaces.values[at])
        }
        return owned
    }

    /// Whether a catalog id is one the renderer has (none means the basic catalog).
    func knows(catalog id: String?) -> Bool {
        guard let id else { return true }
        return knownCatalogs.contains(id)
    }

    /// Applies one message of reply `messageID`; returns the owner of the surface it changed (the reply
    /// whose view changes), or nil when it changed none.
    /// - Throws: ``A2UIProblem`` when the message can't apply; nothing changed then.
    mutating func apply(_ message: A2UIMessage, from messageID: String) throws(A2UIProblem) -> String? {
        switch message {
        case .createSurface(let spec):
            guard surfaces.index(forKey: spec.id) == nil else {
                throw A2UIProblem(A2UIProblem.Code.surfaceExists, "Surface \(spec.id) already exists", surfaceID: spec.id, path: "/createSurface/surfaceId")
            }
            guard knows(catalog: spec.catalogID) else {
                throw A2UIProblem(A2UIProblem.Code.catalogNotFound, "Catalog not found: \(spec.catalogID ?? "")", surfaceID: spec.id, path: "/createSurface/catalogId")
            }
            made += 1
            var surface = A2UISurface(id: spec.id, owner: messageID, catalogID: spec.catalogID, sendDataModel: spec.sendDataModel, generation: made)
            if let model = spec.dataModel { surface.dataModel = model }
            try place(spec.components, in: &surface, at: "/createSurface/components")
            surfaces[spec.id] = surface
            order.append(spec.id)
            return messageID
        case .updateComponents(let id, let components):
            let (catalog, known) = (catalog, knownCatalogs)
            let owner = try modify(id) { (surface) throws(A2UIProblem) -> String in
                try Self.place(components, in: &surface, at: "/updateComponents/components", catalog: catalog, knownCatalogs: known)
                return surface.owner
            }
            guard let owner else { throw notFound(id, "/updateComponents/surfaceId") }
            return owner
        case .updateDataModel(let id, let path, let value):
            guard surfaces.index(forKey: id) != nil else { throw notFound(id, "/updateDataModel/surfaceId") }
            if let bad = path.tokens.first(where: { ["__proto__", "constructor", "prototype"].contains($0) }) {
                throw A2UIProblem(A2UIProblem.Code.validationFailed, "the path segment \(bad) is refused", surfaceID: id, path: "/updateDataModel/path")
            }
            return try modify(id) { (surface) throws(A2UIProblem) -> String in
                do {
                    if path.isRoot {
                        let model = value ?? .object(JSONObject())
                        // The same data again (agents re-send what they sent): nothing changes, no node reads it anew.
                        if surface.dataModel == model { return surface.owner }
                        surface.dataModel = model
                    } else {
                        if let value, surface.dataModel.value(at: path) == value { return surface.owner }
                        try surface.dataModel.set(value, at: path)
                    }
                    surface.changes.changed(path: path)
                } catch {
                    throw A2UIProblem(A2UIProblem.Code.validationFailed, "can't put a value at \(path): \(error)", surfaceID: id, path: "/updateDataModel/path")
                }
                return surface.owner
            }
        case .deleteSurface(let id):
            // Deleting a surface that is not there (never made, or deleted already) is a safe no-op, as the
            // conformance suite has it: the agent wants it gone, and it is.
            guard let deleted = surfaces.removeValue(forKey: id) else { return nil }
            order.removeAll { $0 == id }
            return deleted.owner
        case .callRendererFunction(let callID, let call, _, _):
            // Every basic-catalog function is the renderer's own (rendererOnly): the agent may not call one.
            throw A2UIProblem(A2UIProblem.Code.invalidFunctionCall,
                              "the agent called \(call) (functionCallId \(callID)), which only the renderer calls", path: "/callRendererFunction")
        case .agentFunctionResponse(let callID, _):
            throw A2UIProblem(A2UIProblem.Code.validationFailed,
                              "no function call \(callID) is waiting for the agent (this renderer runs the functions its catalog lacks as the host's tools)",
                              path: "/agentFunctionResponse/functionCallId")
        }
    }

    private func notFound(_ id: String, _ path: String) -> A2UIProblem {
        A2UIProblem(A2UIProblem.Code.surfaceNotFound, "Surface not found for message: \(id)", surfaceID: id, path: path)
    }

    /// Checks every component, then puts them in; a known id is replaced
    /// wholesale, and one whose type changed starts again (its user state goes).
    private func place(_ components: [A2UIComponent], in surface: inout A2UISurface, at path: String) throws(A2UIProblem) {
        try Self.place(components, in: &surface, at: path, catalog: catalog, knownCatalogs: knownCatalogs)
    }

    private static func place(_ components: [A2UIComponent], in surface: inout A2UISurface, at path: String,
                              catalog: A2UICatalog, knownCatalogs: Set<String>) throws(A2UIProblem) {
        for (i, c) in components.enumerated() {
            guard c.type != "Surface" else {
                throw A2UIProblem(A2UIProblem.Code.validationFailed, "the component type Surface is reserved (it is the surface itself)", surfaceID: surface.id, path: "\(path)/\(i)/component")
            }
            if let catalogID = c.catalogID, !knownCatalogs.contains(catalogID) {
                throw A2UIProblem(A2UIProblem.Code.catalogNotFound, "Catalog not found: \(catalogID) (component \(c.id))", surfaceID: surface.id, path: "\(path)/\(i)/catalogId")
            }
            do {
                try A2UICatalog.checkCommon(c, at: "\(path)/\(i)")
                if let spec = catalog.spec(c.type) { try catalog.check(c, spec: spec, at: "\(path)/\(i)") }
            } catch {
                var problem = error
                problem.surfaceID = surface.id
                throw problem
            }
        }
        let added = components.filter { surface.components[$0.id] == nil }.count
        guard surface.components.count + added <= Self.maxComponents else {
            throw A2UIProblem(A2UIProblem.Code.limit, "a surface holds at most \(Self.maxComponents) components", surfaceID: surface.id, path: path)
        }
        for c in components {
            let old = surface.components[c.id]
            // The same component again (agents re-send what they sent): nothing changes, no node is made again.
            if let old, old == c { continue }
            if let old, old.type != c.type { surface.resetLocalState(of: c.id) }
            // A component listed in a second place (or no longer) gets other node ids: its parents are made again.
            for id in old.map({ catalog.references(of: $0) }) ?? [] {
                surface.referrers[id, default: 0] -= 1
                if surface.referrers[id] == 1 { surface.changes.placements.insert(id) }
            }
            for id in catalog.references(of: c) {
                surface.referrers[id, default: 0] += 1
                if surface.referrers[id] == 2 { surface.changes.placements.insert(id) }
            }
            surface.components[c.id] = c
            surface.changes.components.insert(c.id)
        }
    }
}
