/// The host's pass over a reply's nodes, kept per reply: each node's
/// entrance (a node keeps the one its id was first given; the nodes a render
/// brings enter together, after all earlier ones), its media through the
/// policy, and the data-model keys its secret inputs are bound to.
///
/// The host runs it over each new view, walking what changed. An engine that
/// keeps its nodes between views (``AIUINodeFinishingEngine``) runs it
/// instead, through the render's ``AIUIRenderPass`` (``AIUIContext/pass``), on each node as it makes it:
/// the host then takes the view as it is, with no second walk and no second tree.
package final class AIUINodeFinisher: Sendable {
    private struct State {
        var entrances: [String: Int] = [:]
        var lastEntrance = -1
        var secureKeys = Set<String>()
    }

    private let state = PlainMutex(State())

    package init() {}

    /// The entrance the nodes new to the render that begins now get.
    func nextEntrance() -> Int { state.withLock { $0.lastEntrance + 1 } }

    /// The render that gave new nodes entrance `next` ended.
    func entered(_ next: Int) { state.withLock { $0.lastEntrance = max($0.lastEntrance, next) } }

    /// The data-model keys secret inputs are bound to (never sent).
    var secureKeys: Set<String> { state.withLock { $0.secureKeys } }

    /// The entrance of node `id`: the one it was given, else `next` (and it is new: `fresh` is set).
    func entrance(of id: String, next: Int, fresh: inout Bool) -> Int {
        // One lookup: an id not seen is entered with `next`. Ids seen in earlier renders hold less than `next`,
        // so `next` means new (or new earlier in this render, which made `fresh` already).
        let entrance = state.withLock { s in Self.value(&s.entrances[id, default: next]) }
        if entrance == next { fresh = true }
        return entrance
    }

    private static func value(_ entry: inout Int) -> Int { entry }

    /// Puts one node (not its children) through the pass: media through `policy` (refusals to
    /// `report`), its entrance (`known` when the caller knows the one its id was given, else its id's, else
    /// `next`), its secret bindings noted.
    func finish(_ node: inout UINode, known: Int?, next: Int, fresh: inout Bool, policy: AIUIPolicy, report: (String) -> Void) {
        policy.applyMedia(to: &node, report: report)
        let entrance = known ?? entrance(of: node.id, next: next, fresh: &fresh)
        if node.entrance != entrance { node.entrance = entrance }
        if node.isSecure {
            let keys = node.bindings.values.compactMap(\.stringValue).flatMap { binding in
                [binding] + ((try? JSONPointer(binding))?.tokens.last.map { [$0] } ?? [])
            }
            state.withLock { $0.secureKeys.formUnion(keys) }
        }
    }
}

/// One render's use of a reply's ``AIUINodeFinisher``, handed to its engine in the context.
package final class AIUIRenderPass: @unchecked Sendable {
    // Used by the one thread that makes the render (asked at every node it makes: the runtime's exclusivity
    // checks are left out).
    let finisher: AIUINodeFinisher
    let policy: AIUIPolicy
    let next: Int
    @exclusivity(unchecked) var fresh = false
    /// The media the pass withheld, told as problems once the render is made.
    @exclusivity(unchecked) package var refused: [String] = []

    /// Which reply's pass this is: the same on each of its renders, another for another reply (or host). An engine
    /// keeping nodes made under one reuses them under that one only.
    package var owner: ObjectIdentifier { ObjectIdentifier(finisher) }

    init(finisher: AIUINodeFinisher, policy: AIUIPolicy) {
        self.finisher = finisher
        self.policy = policy
        next = finisher.nextEntrance()
    }

    /// Puts a node an engine just made (not its children) through the host's pass: its entrance, its media
    /// through the media policy, its secret bindings. `entrance` is the one its id was given, when the engine
    /// knows it (it made the node before).
    package func finish(_ node: inout UINode, entrance: Int? = nil) {
        finisher.finish(&node, known: entrance, next: next, fresh: &fresh, policy: policy) { refused.append($0) }
    }
}

/// An engine that keeps the nodes it made between views and puts each node it
/// makes through the render's pass (``AIUIContext/pass``): its views are the host's trees as they are.
package protocol AIUINodeFinishingEngine: AIUIEngine {}
