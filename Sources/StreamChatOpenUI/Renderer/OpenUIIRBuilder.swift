import StreamChatAI

/// Turns a rendered component tree into UI IR nodes (docs/ui-ir.md, "OpenUI"):
/// a node per component, typed by its library name; component-valued props
/// become children that say which prop they came from (`props.slot`, and
/// `props.slot_index` inside lists); a bound prop shows its variable's value
/// and names it in `bindings`; ids are statement names, else derived from the
/// parent, the slot and the place among the slot's inline components, so they
/// stay the same while the reply streams.
struct OpenUIIRBuilder {
    /// What the runtime needs to know about a node when the user acts on it.
    struct NodeInfo {
        var component: OpenUIComponent
        /// The nearest enclosing form's name.
        var formName: String?
    }

    /// Where a node sits in its parent: the slot, and its place in the slot's list (empty when the slot holds one
    /// component). A node shows it in `props.slot` and `props.slot_index`.
    struct Tag: Equatable {
        var slot: String
        var path: [Int]
    }

    /// A statement's nodes from an earlier render, kept while its value is the same one (a class: renders
    /// look at many of them and change few). Its builder's reply serializes the calls that reach it, so the runtime's
    /// exclusivity checks on its members are left out.
    final class Kept {
        @exclusivity(unchecked) private(set) var version: Int
        /// The value the node shows (a later value that differs only in the components it shows re-places them); nil
        /// for a spliced value, which changes in place (see ``OpenUIEvaluationCache/Splice``): its splice, and how many
        /// times it was spliced then, say which value it showed.
        @exclusivity(unchecked) private(set) var component: OpenUIComponent?
        @exclusivity(unchecked) private(set) var splice: OpenUIEvaluationCache.Splice?
        @exclusivity(unchecked) private(set) var spliceGeneration: Int
        let formName: String?
        /// The node as it was made, tagged with `tag` when it was made in a parent's slot (the tag is put on while
        /// the node is its maker's alone, not on a copy).
        @exclusivity(unchecked) private(set) var node: UINode
        let tag: Tag?
        /// The statements shown inside it, by number (their ids are taken when it is reused).
        @exclusivity(unchecked) private(set) var statements: [Int]
        /// How many nodes it holds.
        @exclusivity(unchecked) private(set) var size: Int
        /// How many nodes its last child holds, and how many statements it shows (the last of ``statements``).
        @exclusivity(unchecked) private(set) var lastChildSize: Int
        @exclusivity(unchecked) private(set) var lastChildStatements: Int
        /// Whether it holds a node the host made for an app component, which shows whether the reply is streaming.
        @exclusivity(unchecked) private(set) var holdsAppNode: Bool
        /// The node as its parent's slot last showed it (tagged with the slot and the place in a list).
        /// (Two members, not a tuple: a kept node is checked against its place far more often than it is taken.)
        @exclusivity(unchecked) var placedTag: Tag?
        @exclusivity(unchecked) var placedNode: UINode?

        /// Whether its node was taken (it holds ``OpenUIIRBuilder/placeholder`` instead).
        @exclusivity(unchecked) private(set) var isTaken = false

        /// Its node, taken out to be made again in place (its children placed anew): the node is then held once, when
        /// the last render's tree is no longer held either. The kept node goes (see ``made(_:parent:slot:inline:formName:tag:)``).
        func takeNode() -> UINode {
            let node = self.node
            self.node = OpenUIIRBuilder.placeholder
            isTaken = true
            placedNode = nil
            placedTag = nil
            return node
        }

        /// Makes it the kept node of the node made again in its place (the same statement, place and form), from its
        /// taken node or anew: a statement above the one being written, and the one being written, are made again on
        /// every chunk.
        /// `statements` are all it shows now; the first `unchanged` of them are the first it showed (not copied again).
        func refill(version: Int, component: OpenUIComponent, node: UINode, statements: ArraySlice<Int>, unchanged: Int, size: Int,
                    lastChildSize: Int, lastChildStatements: Int, holdsAppNode: Bool, splice: OpenUIEvaluationCache.Splice?) {
            self.version = version
            self.component = splice == nil ? component : nil
            self.splice = splice
            spliceGeneration = splice?.generation ?? 0
            self.node = node
            self.statements.replace(from: unchanged, with: statements)
            self.size = size
            self.lastChildSize = lastChildSize
            self.lastChildStatements = lastChildStatements
            self.holdsAppNode = holdsAppNode
            isTaken = false
            if let tag {
                placedTag = tag
                placedNode = node
            }
        }

        init(version: Int, component: OpenUIComponent, formName: String?, node: UINode, tag: Tag?, statements: [Int], size: Int,
             lastChildSize: Int, lastChildStatements: Int, holdsAppNode: Bool, splice: OpenUIEvaluationCache.Splice?) {
            self.version = version
            // A spliced value is not held: held, it would be copied when it is next spliced.
            self.component = splice == nil ? component : nil
            self.splice = splice
            spliceGeneration = splice?.generation ?? 0
            self.formName = formName
            self.node = node
            self.tag = tag
            self.statements = statements
            self.size = size
            self.lastChildSize = lastChildSize
            self.lastChildStatements = lastChildStatements
            self.holdsAppNode = holdsAppNode
            if let tag {
                placedTag = tag
                placedNode = node
            }
        }
    }

    /// What a builder carries from one render to the next: the kept nodes, by statement number.
    struct Memory {
        var kept: [Kept?] = []
        /// Nodes of components written inline, by node id: reused while their component is the same.
        /// (The tables a render makes are made empty with `init()`: an empty literal runs its initializer.)
        var inline = [String: Inline]()
        /// Counts renders: an inline node is taken once per render (the same id twice is made anew). From 1, as a
        /// mark of 0 in ``shown`` is no render's.
        var generation = 1
        /// How many times each statement (by number) has been shown, and in which render, in one word
        /// (``shown(in:count:)``): kept between renders, so a render need not make a count for every statement before it
        /// starts, and one word, as a reused subtree marks each statement in it.
        var shown: [Int] = []

        /// A statement shown `count` times in the render numbered `render` (a render shows fewer than 2^20 nodes: see
        /// ``maxNodes``; the count stops there all the same).
        @inline(__always) static func shown(in render: Int, count: Int) -> Int { render << 20 | min(count, 0xFFFFF) }
        /// Whether a statement's word says it was shown in the render numbered `render`.
        @inline(__always) static func isShown(_ word: Int, in render: Int) -> Bool { word >> 20 == render }
        /// How many times a statement was shown in the render numbered `render`, from its word.
        @inline(__always) static func count(_ word: Int, in render: Int) -> Int { isShown(word, in: render) ? word & 0xFFFFF : 0 }

        /// Forgets inline nodes no render took lately, once there are many.
        mutating func prune() {
            guard inline.count > 4_096 else { return }
            inline = inline.filter { $0.value.generation >= generation - 1 }
        }

        /// Forgets the nodes that hold an app component's node: the reply completed, and the host makes those
        /// anew (they show whether it streams). The others stay as made.
        mutating func forgetAppNodes() {
            for (slot, old) in kept.enumerated() where old?.holdsAppNode == true { kept[slot] = nil }
            inline = inline.filter { !$0.value.holdsAppNode }
        }

        struct Inline {
            var component: OpenUIComponent
            var formName: String?
            /// As made, with its tag on.
            var node: UINode
            var tag: Tag?
            var size: Int
            var holdsAppNode: Bool
            var generation: Int
        }
        /// The events of each component type seen (worked out once).
        var events = [String: [String]]()
        /// The room of the last render's list of statements shown, taken again by the next (see ``startRender(statements:)``).
        var spareOrder: [Int] = []
        /// The host's pass its nodes went through as they were made (see ``pass``), nil when none did: nodes kept
        /// under one are not reused under another (or none), as what was done to them may not be what it does.
        var finisher: ObjectIdentifier?

        subscript(slot: Int) -> Kept? {
            get { slot < kept.count ? kept[slot] : nil }
            set {
                kept.makeRoom(for: slot, empty: nil)
                kept[slot] = newValue
            }
        }
    }

    let library: OpenUILibrary
    let state: [String: OpenUIValue]
    /// Makes the node of an app component from its library name, id and arguments
    /// (the host's: typed by the definition's name, pending while its arguments don't fit).
    let appNode: ((String, String, JSONValue) -> UINode?)?
    /// Whether to record ``index`` (events need it; a render needn't).
    var recordsIndex = true
    /// The host's pass of the render (``AIUIRenderPass``), run on each node as it is made (not on one kept from an
    /// earlier render, which went through it then): the host then takes the tree as it is. Set before
    /// ``startRender(statements:)``.
    var pass: AIUIRenderPass?
    /// Whether the program shows each statement at most once (``OpenUIProgram/showsEachStatementOnce(entry:)``): a
    /// statement's node is then named by the statement alone, and a reused node's statements need no marks.
    var showsEachStatementOnce = false
    /// The kept values, whose versions say which statements' nodes in ``memory`` can be reused (none without it).
    var values: OpenUIEvaluationCache?
    var memory = Memory()
    private(set) var index = [String: NodeInfo]()
    /// Statements shown that have no number (a program of another reply's): by name.
    private var unnumberedUses = [String: Int]()
    /// The statements shown so far, by number, in order.
    private var usedOrder: [Int] = []
    /// How many statements were shown so far that ``usedOrder`` does not list: a repeat (`name~2`, whose id depends
    /// on what was shown before it) or a statement of another program (no number). A node is kept only when it holds
    /// none of them: reused, it could not count them.
    private var unlistedShows = 0
    private var nodeCount = 0
    /// Where the last child placed by the node last made began: the node count and the statements shown then.
    private var childMark: Mark?
    /// How many of its first statements the node last made again in place (``patched(_:old:id:formName:)``) shows as
    /// its kept node did (0 for a node made otherwise).
    private var statementsKept = 0
    typealias Mark = (nodes: Int, used: Int)
    /// How many nodes the host made for app components so far (kept ones included).
    private var appNodes = 0
    /// More nodes than this and the rest of the UI is left out (a program can describe an exponential tree).
    static let maxNodes = 20_000
    private(set) var isTruncated = false

    init(library: OpenUILibrary, state: [String: OpenUIValue], statements: Int = 0, appNode: ((String, String, JSONValue) -> UINode?)? = nil) {
        self.library = library
        self.state = state
        self.appNode = appNode
        usedOrder.reserveCapacity(statements)
    }

    /// Starts a render with the memory it was given: counts it, and takes the room the last render's list of statements
    /// shown had (a list as long as the program, made once rather than on every chunk).
    /// A render that marks the statements it shows (not ``showsEachStatementOnce``) has a mark for each of the
    /// program's `statements` from the start: a reused node marks every statement under it, and renders that showed each
    /// statement once made no marks, so their statements may have none yet.
    mutating func startRender(statements: Int) {
        let finisher = pass?.owner
        if memory.finisher != finisher { memory = Memory(finisher: finisher) }
        memory.generation += 1
        if !showsEachStatementOnce && statements > 0 { memory.shown.makeRoom(for: statements - 1, empty: 0) }
        swap(&usedOrder, &memory.spareOrder)
        usedOrder.removeAllKeepingRoom()
        // Grown by half again, not to the count: a streamed program gains a name every few chunks, and room made to
        // the count would be made anew each time.
        if usedOrder.capacity < statements { usedOrder.reserveCapacity(max(statements, usedOrder.capacity * 3 / 2)) }
    }

    /// Ends a render: what the memory keeps for the next is made ready.
    mutating func finishRender() {
        memory.prune()
        swap(&usedOrder, &memory.spareOrder)
    }

    static let choiceComponents: Set<String> = ["Select", "RadioGroup", "Tabs", "Chips", "OptionCards"]
    static let tapComponents: Set<String> = ["Button", "IconButton", "FollowUpItem", "ListItem"]

    /// The events a front end may raise on a component: `tap`, `change`, `select` (by type, remembered).
    mutating func events(of c: OpenUIComponent) -> [String] {
        if let known = memory.events[c.type] { return known }
        let events = Self.events(of: c.type, in: library)
        memory.events[c.type] = events
        return events
    }

    private static func events(of type: String, in library: OpenUILibrary) -> [String] {
        guard let entry = library.component(named: type) else { return [] }
        var events: [String] = []
        if tapComponents.contains(type) || entry.props.contains(where: { if case .action = $0.type { true } else { false } }) {
            events.append("tap")
        }
        if entry.props.contains(where: \.isBindable) || choiceComponents.contains(type) {
            events.append(choiceComponents.contains(type) ? "select" : "change")
        }
        return events
    }

    mutating func node(for c: OpenUIComponent, parent: String?, slot: String?, inline: inout Int, formName: String?) -> UINode {
        // Only a node made in no slot is reused here: one made in a slot carries the slot's tag.
        if let old = reusable(c, formName: formName, untagged: true) { return old.node }
        return made(c, parent: parent, slot: slot, inline: &inline, formName: formName, tag: nil)
    }

    /// A child in its parent's slot, tagged with the slot (and its place in a list: `path` then `index`); a kept
    /// statement keeps its tagged node too.
    private mutating func placed(_ c: OpenUIComponent, parent: String, slot: String, path: [Int], index: Int?, inline: inout Int,
                                 formName: String?) -> UINode {
        if let old = reusable(c, formName: formName) {
            if old.placedTag?.slot == slot, let tag = old.placedTag, Self.path(tag.path, is: path, index), let node = old.placedNode {
                return node
            }
            let full = Self.path(path, then: index)
            let tag = Tag(slot: slot, path: full)
            var node = old.node
            Self.tag(&node, tag, again: old.tag != nil)
            old.placedTag = tag
            old.placedNode = node
            return node
        }
        // A statement made again in the place it had: its tag as it was (not a new list of one index each time).
        if c.statementSlot >= 0, let kept = memory[c.statementSlot], let tag = kept.tag, tag.slot == slot, Self.path(tag.path, is: path, index) {
            return made(c, parent: parent, slot: slot, inline: &inline, formName: formName, tag: tag)
        }
        let full = Self.path(path, then: index)
        return made(c, parent: parent, slot: slot, inline: &inline, formName: formName, tag: Tag(slot: slot, path: full))
    }

    /// `path` followed by `index` (when there is one). An item of a top-level list, the usual case, gets a list made
    /// once: a list's inline components are placed again on every chunk, each with its path.
    private static func path(_ path: [Int], then index: Int?) -> [Int] {
        guard let index else { return path }
        if path.isEmpty && index < itemPaths.count { return itemPaths[index] }
        return path + [index]
    }

    /// The paths of a top-level list's first items (see ``path(_:then:)``).
    private static let itemPaths: [[Int]] = (0..<64).map { [$0] }

    /// Whether `stored` is `path` followed by `index` (when there is one), without making that list.
    private static func path(_ stored: [Int], is path: [Int], _ index: Int?) -> Bool {
        guard let index else { return stored == path }
        if path.isEmpty { return stored.count == 1 && stored[0] == index }  // an item of a top-level list, the usual case
        return stored.count == path.count + 1 && stored[path.count] == index && stored.prefix(path.count).elementsEqual(path)
    }

    /// A statement shown for the first time, whose value didn't change: its nodes from the last render, taken
    /// (with `untagged`, only nodes made in no parent's slot).
    private mutating func reusable(_ c: OpenUIComponent, formName: String?, untagged: Bool = false) -> Kept? {
        let slot = c.statementSlot
        guard slot >= 0, let current = values?.version(of: slot), let old = memory[slot], old.version == current, old.formName == formName,
              !untagged || old.tag == nil, showsEachStatementOnce || isUnused(slot)
        else { return nil }
        if !showsEachStatementOnce && !mark(old.statements[...]) { return nil }
        if old.statements.count == 1 { usedOrder.append(old.statements[0]) } else { usedOrder.append(contentsOf: old.statements) }
        nodeCount += old.size
        if old.holdsAppNode { appNodes += 1 }
        return old
    }

    /// Marks `statements` shown in this render; false (and nothing marked) when one was shown already: a reused
    /// subtree takes their ids, so each must be unshown so far.
    private mutating func mark(_ statements: ArraySlice<Int>) -> Bool {
        // One tight pass marks them, and takes the marks back if one was shown already.
        let render = memory.generation
        let once = Memory.shown(in: render, count: 1)
        return memory.shown.withUnsafeMutableBufferPointer { u in
            statements.withUnsafeBufferPointer { inside in
                for (i, s) in inside.enumerated() {
                    // (A statement with no mark yet could not be counted: the node is made anew instead.)
                    guard s < u.count, !Memory.isShown(u[s], in: render) else {
                        for t in inside[..<i] { u[t] = 0 }
                        return false
                    }
                    u[s] = once
                }
                return true
            }
        }
    }

    /// The node of `c`, made (or an inline one taken as it was), tagged with `tag` when it goes in a parent's slot.
    private mutating func made(_ c: OpenUIComponent, parent: String?, slot: String?, inline: inout Int, formName: String?,
                               tag: Tag?) -> UINode {
        let firstUsed = usedOrder.count
        let firstUnlisted = unlistedShows
        let firstCount = nodeCount
        let firstAppNodes = appNodes
        let id = identifier(for: c, parent: parent, slot: slot, inline: &inline)
        if recordsIndex { index[id] = NodeInfo(component: c, formName: formName) }
        nodeCount += 1
        guard nodeCount <= Self.maxNodes, StackGuard.hasRoom() else {
            isTruncated = true
            var node = UINode(id: id, type: c.type)
            pass?.finish(&node)
            if let tag { Self.tag(&node, tag, again: false) }
            return node
        }
        // A component written inline (not a statement's value) that is as it was last render, in the same place: its
        // node as it was. Only one with no statement inside (whose ids it would take) and no binding (its node shows
        // the state).
        if c.statementID == nil, recordsIndex == false, let old = memory.inline[id], old.generation != memory.generation,
           old.formName == formName, old.tag == tag, old.component == c {
            memory.inline[id]?.generation = memory.generation
            nodeCount += old.size - 1
            if old.holdsAppNode { appNodes += 1 }
            return old.node
        }
        var made: UINode
        var tookNode = false
        if c.statementSlot >= 0, id == c.statementID, let old = memory[c.statementSlot], old.formName == formName, old.tag == tag,
           let again = replaced(c, old: old, id: id, formName: formName) {
            made = again
            tookNode = true
        } else {
            made = build(c, id: id, formName: formName)
            pass?.finish(&made)
            if let tag { Self.tag(&made, tag, again: false) }
        }
        if c.statementSlot >= 0, id == c.statementID, let current = values?.version(of: c.statementSlot), !isTruncated,
           unlistedShows == firstUnlisted {
            let last = childMark.map { (nodeCount - $0.nodes, usedOrder.count - $0.used) } ?? (0, 0)
            let splice = values?.splice(of: c.statementSlot).flatMap { $0.component.isSame(as: c) ? $0 : nil }
            // The kept node of the statement's last node is refilled when the node was made again in its place: from its
            // taken node, or anew (a statement being written whose props changed), rather than replaced by a new one.
            if let kept = memory[c.statementSlot],
               tookNode ? kept.isTaken : !kept.isTaken && kept.formName == formName && kept.tag == tag {
                kept.refill(version: current, component: c, node: made, statements: usedOrder[firstUsed...],
                            unchanged: tookNode ? statementsKept : 0,
                            size: nodeCount - firstCount,
                            lastChildSize: last.0, lastChildStatements: last.1, holdsAppNode: appNodes != firstAppNodes, splice: splice)
            } else {
                memory[c.statementSlot] = Kept(version: current, component: c, formName: formName, node: made, tag: tag,
                                               statements: Array(usedOrder[firstUsed...]), size: nodeCount - firstCount,
                                               lastChildSize: last.0, lastChildStatements: last.1, holdsAppNode: appNodes != firstAppNodes,
                                               splice: splice)
            }
        } else if c.statementID == nil, !recordsIndex, !isTruncated, usedOrder.count == firstUsed, unlistedShows == firstUnlisted,
                  made.bindings.isEmpty,
                  !Self.holdsBinding(c) {
            memory.inline[id] = Memory.Inline(component: c, formName: formName, node: made, tag: tag, size: nodeCount - firstCount,
                                              holdsAppNode: appNodes != firstAppNodes, generation: memory.generation)
        }
        // A kept node whose node was taken and that was not kept anew goes.
        if tookNode, memory[c.statementSlot]?.isTaken == true { memory[c.statementSlot] = nil }
        return made
    }

    /// Whether a component's props (nested components' too) bind a `$variable`.
    private static func holdsBinding(_ c: OpenUIComponent) -> Bool {
        func holds(_ v: OpenUIValue) -> Bool {
            switch v {
            case .binding: return true
            case .component(let inner): return holdsBinding(inner)
            case .array(let items): return items.contains(where: holds)
            default: return false
            }
        }
        return c.props.members.contains { holds($0.value) }
    }

    /// The node of a statement whose value changed only in the components it shows (a list's statement after one of
    /// them changed or arrived): its last node with its children placed again, each kept or made as usual, and its
    /// props as they were. Nil when anything else changed, and for a node holding an app component's (the host's).
    private mutating func replaced(_ c: OpenUIComponent, old: Kept, id: String, formName: String?) -> UINode? {
        guard !old.holdsAppNode else { return nil }
        guard let before = old.component else {
            // A spliced value: it changed in place, and only what its splice says changed can be placed again.
            return patched(c, old: old, id: id, formName: formName)
        }
        let members = c.props.members
        let wereMembers = before.props.members
        guard before.type == c.type, wereMembers.count == members.count else { return nil }
        // Everything is checked before anything is placed: placing marks statements shown. Meanwhile, whether only the
        // children that changed need placing (see `placeChangedChildren`), and how many children the node had.
        var onlyChanged = showsEachStatementOnce
        var childCount = 0
        for m in members.indices {
            guard members[m].key == wereMembers[m].key else { return nil }
            switch (members[m].value, wereMembers[m].value) {
            case (.component, .component):
                childCount += 1
            case (.array(let items), .array(let wereItems)) where Self.onlyComponents(items) && Self.onlyComponents(wereItems):
                childCount += wereItems.count
                if onlyChanged { onlyChanged = items.count == wereItems.count && Self.onlyStatements(items) }
            case (.binding, _): return nil
            default: guard members[m].value == wereMembers[m].value, !Self.showsComponents(members[m].value) else { return nil }
            }
        }
        // Taken, and its children's list changed in place: the node and the list are then held once (the nodes of the
        // statements below it too, as its list no longer holds them), and change in place rather than as copies.
        var node = old.takeNode()
        var children: [UINode] = []
        swap(&children, &node.children)
        if onlyChanged && childCount == children.count {
            placeChangedChildren(of: c, before: before, id: id, formName: formName, in: &children)
        } else {
            children.removeAllKeepingRoom()
            placeChildren(of: c, id: id, formName: formName, into: &children) { _, _, _ in }
        }
        node.children = children
        statementsKept = 0
        return node
    }

    /// The node of a statement whose value the evaluator spliced once since its kept node was made, when the splice
    /// changed only the list's last item and added items after it (see ``OpenUIEvaluationCache/Splice/lastChange``):
    /// a statement above the one being written, as a reply streams. Only those children are placed; the others keep
    /// their nodes, their nodes and statements counted from the kept node, without a visit. Nil when that doesn't hold.
    /// A kept node's statements were each shown first where it was made (their nodes are named by them alone): a render
    /// that marks the statements it shows (for a chunk whose half-written reference names a statement shown already)
    /// marks the kept children's too, and makes the node anew when one was shown already.
    private mutating func patched(_ c: OpenUIComponent, old: Kept, id: String, formName: String?) -> UINode? {
        guard !isTruncated, let splice = old.splice, splice === values?.splice(of: c.statementSlot), splice.component.isSame(as: c),
              splice.generation == old.spliceGeneration + 1, let change = splice.lastChange else { return nil }
        let members = c.props.members
        let member = splice.member
        let wereCount = change.oldCount
        guard case .array(let items) = members[member].value, wereCount > 0, items.count >= wereCount else { return nil }
        // The changed places are the list's last item or the ones after it, each once, in order: the last ones.
        let places = change.places
        let first = places.first ?? items.count
        guard first >= wereCount - 1, places.count == items.count - first else { return nil }
        for p in places {
            guard case .component(let child) = items[p], child.statementSlot >= 0 else { return nil }
        }
        // The list's children are the node's last: no member after it shows a component.
        for m in members.indices where m > member {
            guard !Self.showsComponents(members[m].value) else { return nil }
        }
        let replacesLast = first < wereCount
        // What the children it keeps hold: the kept node but itself (counted when it was named) and its last child
        // when that is made again. Its statements begin with its own, which naming it listed.
        let keptStatements = old.statements.count - (replacesLast ? old.lastChildStatements : 0)
        guard keptStatements >= 1, old.node.children.count >= wereCount else { return nil }
        if !showsEachStatementOnce && !mark(old.statements[1..<keptStatements]) { return nil }
        usedOrder.append(contentsOf: old.statements[1..<keptStatements])
        nodeCount += old.size - 1 - (replacesLast ? old.lastChildSize : 0)
        var node = old.takeNode()
        var children: [UINode] = []
        swap(&children, &node.children)
        if replacesLast {
            // The old node let go first: the child's kept node, taken to be made again, is then held once.
            children[children.count - 1] = Self.placeholder
            children.removeLast()
        }
        var mark: Mark? = places.isEmpty ? (nodeCount - old.lastChildSize, usedOrder.count - old.lastChildStatements) : nil
        let innerForm = Self.innerForm(c, formName)
        var counter = 0
        for p in places {
            guard case .component(let child) = items[p] else { continue }
            mark = (nodeCount, usedOrder.count)
            // As `collect` does, a child that runs over the node limit is left out, with the rest of the list.
            let made = placed(child, parent: id, slot: members[member].key, path: [], index: p, inline: &counter, formName: innerForm)
            guard !isTruncated else { break }
            children.append(made)
        }
        childMark = mark
        // Set last: the children made above set it too.
        statementsKept = keptStatements
        node.children = children
        return node
    }

    /// Whether every item is a statement's component (an inline one's id counts the inline items before it).
    private static func onlyStatements(_ items: [OpenUIValue]) -> Bool {
        for item in items {
            guard case .component(let child) = item, child.statementSlot >= 0 else { return false }
        }
        return true
    }

    /// Places again, in `children` (the node's children as `before` had them placed), only the children whose
    /// component is not the one `before` showed there: each other child keeps its node where it is, counted as a
    /// reused node is. A statement above the one being written changes one child per chunk and leaves its others
    /// alone. For a render that shows each statement once (the children's statements need no marks, and their ids
    /// are their statements' names), when each slot holds as many children as before and every list item is a
    /// statement's (an inline item's id counts the inline items before it).
    private mutating func placeChangedChildren(of c: OpenUIComponent, before: OpenUIComponent, id: String, formName: String?,
                                               in children: inout [UINode]) {
        let innerForm = Self.innerForm(c, formName)
        let members = c.props.members
        let wereMembers = before.props.members
        // As `placeChildren` does, a child that runs over the node limit is left out, with the rest of its list:
        // children are written at `kept`, read at `read`.
        var kept = 0
        var read = 0
        var mark: Mark?
        defer { childMark = mark }
        for m in members.indices {
            var counter = 0
            switch (members[m].value, wereMembers[m].value) {
            case (.component(let child), .component(let wasChild)):
                mark = (nodeCount, usedOrder.count)
                if !isTruncated && same(child, wasChild, formName: innerForm) {
                    if kept != read { children[kept] = children[read] }
                } else {
                    // The old node let go first: the child's kept node, taken to be made again, is then held once.
                    children[read] = Self.placeholder
                    children[kept] = placed(child, parent: id, slot: members[m].key, path: [], index: nil, inline: &counter,
                                            formName: innerForm)
                }
                kept += 1
                read += 1
            // A list that held components held nothing else (see `replaced`), and any other list held none: its first
            // item tells.
            case (.array(let items), .array(let wereItems)) where Self.isComponent(wereItems.first):
                for i in items.indices {
                    defer { read += 1 }
                    guard !isTruncated, case .component(let child) = items[i], case .component(let wasChild) = wereItems[i] else { continue }
                    mark = (nodeCount, usedOrder.count)
                    if same(child, wasChild, formName: innerForm) {
                        if kept != read { children[kept] = children[read] }
                        kept += 1
                        continue
                    }
                    children[read] = Self.placeholder
                    let made = placed(child, parent: id, slot: members[m].key, path: [], index: i, inline: &counter, formName: innerForm)
                    if !isTruncated {
                        children[kept] = made
                        kept += 1
                    }
                }
            default: continue
            }
        }
        if kept < children.count { children.removeSubrange(kept...) }
    }

    /// Whether a value is there and is a component.
    private static func isComponent(_ value: OpenUIValue?) -> Bool {
        if case .component? = value { true } else { false }
    }

    /// What a node's place holds while the node is made again (a kept node whose node was taken, a child's place).
    static let placeholder = UINode(id: "", type: "")

    /// Whether `child` is the component `wasChild` was, with its kept node reusable: counted as a reused node (the node
    /// stays where it is).
    private mutating func same(_ child: OpenUIComponent, _ wasChild: OpenUIComponent, formName: String?) -> Bool {
        child.isSame(as: wasChild) && reusable(child, formName: formName) != nil
    }

    /// Whether a list is not empty and holds components only (its props entry is then the same whatever they are).
    private static func onlyComponents(_ items: [OpenUIValue]) -> Bool {
        !items.isEmpty && items.allSatisfy { if case .component = $0 { true } else { false } }
    }

    /// Whether a prop's value puts children on the node.
    private static func showsComponents(_ value: OpenUIValue) -> Bool {
        switch value {
        case .component: return true
        case .array(let items): return containsComponents(items)
        default: return false
        }
    }

    /// The form the components inside `c` belong to.
    private static func innerForm(_ c: OpenUIComponent, _ formName: String?) -> String? {
        c.type == "Form" ? (c.props["name"]?.text ?? formName) : formName
    }

    /// Places the components `c`'s props hold as its children, in the props' order; hands each other prop to `other`
    /// with, for a list that held components, what the list keeps of the rest.
    private mutating func placeChildren(of c: OpenUIComponent, id: String, formName: String?, into children: inout [UINode],
                                        other: (_ name: String, _ value: OpenUIValue, _ rest: JSONValue?) -> Void) {
        let innerForm = Self.innerForm(c, formName)
        var mark: Mark?
        defer { childMark = mark }
        for (name, value) in c.props.members {
            var counter = 0
            switch value {
            case .component(let child):
                mark = (nodeCount, usedOrder.count)
                children.append(placed(child, parent: id, slot: name, path: [], index: nil, inline: &counter, formName: innerForm))
            case .array(let items) where Self.containsComponents(items):
                other(name, value, collect(items, parent: id, slot: name, path: [], counter: &counter, formName: innerForm, into: &children,
                                           mark: &mark))
            default:
                other(name, value, nil)
            }
        }
    }

    private mutating func build(_ c: OpenUIComponent, id: String, formName: String?) -> UINode {
        // Room for its props and the tags a slot puts on (`secure`, `slot`, `slot_index`).
        var props = JSONObject(minimumCapacity: c.props.members.count + 3)
        var bindings = JSONObject()
        var children: [UINode] = []
        let state = self.state
        let library = self.library
        placeChildren(of: c, id: id, formName: formName, into: &children) { name, value, rest in
            // A list that held components only keeps nothing: like a component-valued prop, it is not in props.
            if let rest {
                if rest != .null { props[name] = rest }
                return
            }
            switch value {
            case .binding(let variable):
                props[name] = (state[variable] ?? .null).jsonValue
                bindings[name] = .string(variable)
            case .null, .invisible:
                return
            case .array(let items) where items.isEmpty && Self.isComponentList(name, of: c.type, in: library):
                // A list of components with none in it yet (its statements not arrived) is not in props either.
                return
            default:
                props[name] = value.jsonValue
            }
        }
        if let appNode, let made = appNode(c.type, id, .object(props)) {
            appNodes += 1
            var node = made
            node.children = children
            return node
        }
        // A password input is secure: the host keeps what is typed there out of everything it sends.
        if OpenUIReply.isSecret(c) { props["secure"] = true }
        return UINode(id: id, type: c.type, props: props, children: children, events: events(of: c), bindings: bindings)
    }

    /// A list's components become children; the list in props keeps the rest, with null where a component was.
    private mutating func collect(_ items: [OpenUIValue], parent: String, slot: String, path: [Int], counter: inout Int,
                                  formName: String?, into children: inout [UINode], mark: inout Mark?) -> JSONValue {
        // Made only when an item is not a component: a list that held only components is all children.
        var rest: [JSONValue]?
        /// How many entries `rest` has (or would have: nulls until it is made).
        var entries = 0
        func keep(_ value: JSONValue) {
            defer { entries += 1 }
            if rest == nil {
                if case .null = value { return }
                rest = Array(repeating: .null, count: entries)
            }
            rest!.append(value)
        }
        children.reserveCapacity(children.count + items.count)
        for (i, item) in items.enumerated() {
            switch item {
            case .component(let child):
                guard !isTruncated else { break }
                mark = (nodeCount, usedOrder.count)
                let made = placed(child, parent: parent, slot: slot, path: path, index: i, inline: &counter, formName: formName)
                if !isTruncated { children.append(made) }
                // A component's place in the rest is a null (only counted while the rest holds nothing else).
                if rest == nil { entries += 1 } else { keep(.null) }
            case .array(let inner) where Self.containsComponents(inner):
                keep(collect(inner, parent: parent, slot: slot, path: path + [i], counter: &counter, formName: formName, into: &children,
                             mark: &mark))
            default:
                keep(item.jsonValue)
            }
        }
        guard let rest, rest.contains(where: { if case .null = $0 { false } else { true } }) else { return .null }
        return .array(rest)
    }

    /// Whether the prop `name` of the component type `type` is a list of components (as the library declares it).
    private static func isComponentList(_ name: String, of type: String, in library: OpenUILibrary) -> Bool {
        guard case .array(.component)? = library.component(named: type)?.props.first(where: { $0.name == name })?.type else { return false }
        return true
    }

    private static func containsComponents(_ items: [OpenUIValue]) -> Bool {
        items.contains { v in
            switch v {
            case .component: return true
            case .array(let inner): return containsComponents(inner)
            default: return false
            }
        }
    }

    // Static: a method on self, evaluated before a mutating call in its arguments, would copy self (and its dictionaries) each time.
    /// Puts `tag` on `node`'s props; `again` when the node carries another tag already (its place in a list goes
    /// when the new place is not in one).
    private static func tag(_ node: inout UINode, _ tag: Tag, again: Bool) {
        node.props["slot"] = .string(tag.slot)
        if !tag.path.isEmpty {
            node.props["slot_index"] = .array(tag.path.map { .integer(Int64($0)) })
        } else if again, node.props["slot_index"] != nil {
            node.props["slot_index"] = nil
        }
    }

    /// The statement's name the first time it is shown, else the parent's id, the slot and a count.
    private mutating func identifier(for c: OpenUIComponent, parent: String?, slot: String?, inline: inout Int) -> String {
        if let statement = c.statementID {
            if showsEachStatementOnce && c.statementSlot >= 0 {
                usedOrder.append(c.statementSlot)
                return statement
            }
            let seen: Int
            if c.statementSlot >= 0 {
                let n = c.statementSlot
                memory.shown.makeRoom(for: n, empty: 0)
                let render = memory.generation
                seen = Memory.count(memory.shown[n], in: render)
                memory.shown[n] = Memory.shown(in: render, count: seen + 1)
                if seen == 0 { usedOrder.append(n) }
            } else {
                seen = unnumberedUses[statement, default: 0]
                unnumberedUses[statement] = seen + 1
            }
            if seen > 0 || c.statementSlot < 0 { unlistedShows += 1 }
            return seen == 0 ? statement : "\(statement)~\(seen + 1)"
        }
        defer { inline += 1 }
        guard let parent else { return "root" }
        return "\(parent)/\(slot ?? "child")/\(inline)"
    }

    /// Whether the statement numbered `slot` is not shown yet in this render (a render that marks has a mark for every
    /// statement: see ``startRender(statements:)``).
    @inline(__always) private func isUnused(_ slot: Int) -> Bool {
        slot >= memory.shown.count || !Memory.isShown(memory.shown[slot], in: memory.generation)
    }
}
