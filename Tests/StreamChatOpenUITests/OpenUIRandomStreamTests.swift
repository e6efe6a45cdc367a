@testable import StreamChatAI
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import StreamChatOpenUI

/// Random programs streamed through the UI host in random pieces, rendered after random chunks, against hosts given the
/// text so far at once: the incremental parse, evaluation and node keeping must not show, whatever the program.
/// The programs mix what the streaming path keeps apart: forward references and redefinitions (of `root` too), state
/// and its bindings, ternaries over several lines, `@Each` over data and over a Query's rows, Queries and Mutations
/// with the host's tools, actions, comments, fences, unknown components and arguments of the wrong type.
@Suite struct OpenUIRandomStreamTests {
    /// A random program, its pieces and which chunks render.
    struct Program {
        var random: SeededRandom
        let names = ["a", "b", "c", "d", "e", "f", "hdr", "tbl", "frm", "tickets", "save"]
        let states = ["$s", "$n", "$on", "$items", "$pick"]

        init(seed: UInt64) { random = SeededRandom(state: seed) }

        mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick(_ items: [String]) -> String { items[below(items.count)] }

        mutating func string() -> String {
            chance(90) ? pick(["\"x\"", "\"Day 1\"", "\"a//b\"", "\"# not\"", "\"q\\\"uote\"", "\"ünï 😀\"", "\"\"", "\"multi\nline\"", "\"`tick`\""])
                : pick(["'single'", "'it\\'s'"])
        }
        mutating func number() -> String { pick(["0", "1", "2.5", "-3", "1e2", "10"]) }

        mutating func scalar(_ depth: Int) -> String {
            switch below(14) {
            case 0: return string()
            case 1: return number()
            case 2: return pick(states)
            case 3: return depth < 3 ? "\(scalar(depth + 1)) + \(scalar(depth + 1))" : string()
            case 4: return "@Count(\(pick(["$items", "[1, 2, 3]", "tickets.rows", pick(names)])))"
            case 5: return "$items.\(pick(["length", "name", "0", "v"]))"
            case 6: return "\(pick(states)) \(pick(["==", "!=", ">", "<=", "&&", "||"])) \(depth < 3 ? scalar(depth + 1) : number())"
            case 7: return "@Sum($items.v)"
            case 8: return depth < 3 ? "(\(scalar(depth + 1)) ? \(string()) : \(number()))" : number()
            case 9: return pick(["true", "false", "null"])
            case 10: return "@Round(\(number()), 1)"
            case 11: return pick(names)
            case 12: return "\(pick(names)).\(pick(["title", "x", "0", "status"]))"
            default: return "@First(@Sort($items, \"v\", \"desc\")).name"
            }
        }

        mutating func children(_ depth: Int, most: Int = 3) -> String {
            "[" + (0..<below(most + 1)).map { _ in child(depth + 1) }.joined(separator: ", ") + "]"
        }

        mutating func child(_ depth: Int) -> String { depth > 3 || chance(45) ? pick(names) : component(depth) }

        mutating func component(_ depth: Int) -> String {
            switch below(25) {
            case 0: return "TextContent(\(scalar(depth)))"
            case 1: return "TextContent(\(scalar(depth)), \(pick(["\"small\"", "\"large\"", "\"huge\"", "null", "3"])))"
            case 2: return "CardHeader(\(string()), \(scalar(depth)))"
            case 3: return "Tabs([" + (0..<1 + below(2)).map { "TabItem(\"v\($0)\", \(string()), \(children(depth)))" }.joined(separator: ", ") + "])"
            case 4: return "Steps([StepsItem(\(string()), \(scalar(depth))), StepsItem(\"r\", \"s\")])"
            case 5: return "Table([Col(\"N\", [\(number()), 2]), Col(\"M\", [\"a\", \(scalar(depth))], \"\(pick(["string", "number"]))\")])"
            case 6: return "@Each($items, \"it\", TextContent(it.name + \" \" + it.v))"
            case 7: return depth < 3 ? "@Each([1, 2], \"i\", \(child(depth + 1)))" : "TextContent(\"e\")"
            case 8: return "Form(\"f\(below(2))\", Buttons([Button(\"Go\", Action([@ToAssistant('sent')]))]), [FormControl(\"Name\", "
                + "Input(\"name\", \"ph\", \"text\", {required: true}, $s)), FormControl(\"Pick\", Select(\"pick\", "
                + "[SelectItem(\"a\", \"A\"), SelectItem(\"b\", \"B\")], null, null, $pick)), FormControl(\"Note\", Input(\"note\", \"ph\"))])"
            case 9: return "Buttons([Button(\(string()), Action([@Set($n, $n + 1)])), Button(\"Reset\", Action([@Reset($n)]))])"
            case 10: return "ListBlock([ListItem(\(string()), \(scalar(depth))), ListItem(\"two\")])"
            case 11: return "FollowUpBlock([FollowUpItem(\(string())), FollowUpItem(\"more\")])"
            case 12: return "BarChart([\"Mon\", \"Tue\"], [Series(\"S\", [\(number()), 3])], \"grouped\")"
            case 13: return depth < 3 ? "$on ? \(child(depth + 1)) : \(child(depth + 1))" : "null"
            case 14: return "Unknown(\(string()))"
            case 15: return "TextContent()"
            case 16: return "SectionBlock([SectionItem(\"s1\", \(string()), \(children(depth)))])"
            case 17: return "Callout(\"\(pick(["info", "bad"]))\", \(string()), \(scalar(depth)))"
            case 18: return "CodeBlock(\"js\", \(string()))"
            case 19: return "TagBlock([\(string()), \(scalar(depth))])"
            case 20: return "Accordion([AccordionItem(\"v\", \"T\", \(children(depth)))])"
            case 21: return "Carousel([\(children(depth)), \(children(depth, most: 1))])"
            case 22: return "@Each(tickets.rows, \"t\", TextContent(t.name + \": \" + t.v))"
            case 23: return "Buttons([Button(\"Save\", Action([@Run(save), @Run(tickets), @Set($n, @Count(tickets.rows))]))])"
            default: return "TextContent(\"status \" + save.status + \" \" + @Count(tickets.rows))"
            }
        }

        mutating func statement() -> String {
            let k = below(100)
            if k < 12 {
                let state = pick(states)
                let value = ["$s": string(), "$n": number(), "$on": pick(["true", "false"]),
                             "$items": "[{\"name\": \"a\", v: 1}, {name: \"b\", \"v\": 5}]", "$pick": "\"a\""][state]!
                return "\(state) = \(value)"
            }
            if k < 15 {
                return pick(["tickets = Query(\"listTickets\", {q: $s, n: $n}, {rows: []})", "save = Mutation(\"saveTicket\", {name: $s})",
                             "tickets = Query(\"listTickets\", {q: \(string())}, {rows: [{name: \"default\", v: 0}]})",
                             "gone = Query(\"nope\", {})"])
            }
            if k < 17 { return root() }
            if k < 20 { return "\(pick(names)) = [" + (0..<below(3)).map { _ in pick(names) }.joined(separator: ", ") + "]" }
            if k < 24 { return "\(pick(names)) = \(scalar(0))" }
            return "\(pick(names)) = \(component(0))"
        }

        mutating func root() -> String { "root = Card([" + (0..<1 + below(4)).map { _ in pick(names) }.joined(separator: ", ") + "])" }

        /// A comment, a ternary over three lines or an indent, now and then.
        mutating func decorated(_ line: String) -> String {
            let k = below(100)
            if k < 5 { return line + "  // note" }
            if k < 8 { return line + " # hash" }
            if k < 10, let question = line.firstRange(of: " ? "), !line.contains("\n") {
                var rest = String(line[question.upperBound...])
                if let colon = rest.firstRange(of: " : ") { rest.replaceSubrange(colon, with: "\n  : ") }
                return line[..<question.lowerBound] + "\n  ? " + rest
            }
            if k < 13 { return "  " + line }
            return line
        }

        mutating func text() -> String {
            var lines = chance(90) ? [root()] : []
            for _ in 0..<3 + below(13) { lines.append(decorated(statement())) }
            var text = lines.joined(separator: "\n") + (chance(70) ? "\n" : "")
            let k = below(100)
            if k < 15 {
                text = "Here you go:\n```openui-lang\n" + text + (chance(70) ? "```\nDone." : "")
            } else if k < 20 {
                text = "```\n" + text + "\n```"
            }
            return text
        }

        /// Where the chunks end, in characters: one to three at a time, up to 40, or up to 120.
        mutating func ends(of text: String) -> [Int] {
            let count = text.count, mode = below(3)
            var ends: [Int] = [], end = 0
            while end < count {
                end = min(count, end + (mode == 0 ? 1 + below(3) : mode == 1 ? 1 + below(40) : 5 + below(115)))
                ends.append(end)
            }
            return ends
        }
    }

    /// A host with the chat library and the programs' tools: `listTickets` (read-only) answers rows made from its `q`,
    /// `saveTicket` (which a user's tap runs) answers that it saved.
    static func host(_ log: UIHostLog = UIHostLog()) throws -> AIUIHost {
        let list = try log.tool("listTickets", readOnly: true) { arguments in
            let q = arguments["q"].map { JSONSerializer.string($0) } ?? "none"
            return ["rows": .array((0..<3).map { .object(["name": .string(q + String($0)), "v": .integer(Int64($0))]) })]
        }
        let save = try log.tool("saveTicket", readOnly: false, output: ["saved": true])
        return log.host(renderers: [OpenUIRenderer(library: .chat)], tools: [list, save])
    }

    static func document(_ text: some StringProtocol, streaming: Bool) -> AIUIDocument {
        AIUIDocument(format: "openui", version: "1.0", isStreaming: streaming, content: .string(String(text)))
    }

    /// Appends `text` to `host` in the program's random pieces, and after most chunks (and the last) calls `body` with
    /// the program, the characters so far, where the text is cut and whether it streams on; `body` returns false to stop.
    static func stream(_ text: String, _ program: inout Program, to host: AIUIHost,
                       _ body: (inout Program, _ end: Int, _ upTo: String.Index, _ streaming: Bool) throws -> Bool) throws {
        let ends = program.ends(of: text)
        var start = text.startIndex
        host.receive(messageID: "m", document: document("", streaming: true))
        for (i, end) in ends.enumerated() {
            let streaming = i < ends.count - 1
            let upTo = text.index(text.startIndex, offsetBy: end)
            try host.append(messageID: "m", text: String(text[start..<upTo]), isStreaming: streaming)
            start = upTo
            if streaming && program.chance(30) { continue }
            guard try body(&program, end, upTo, streaming) else { return }
        }
    }

    static var seeds: ClosedRange<UInt64> { 1...(getenv("OPENUI_SEEDS").map { UInt64(atoi($0)) } ?? 50) }

    /// (OPENUI_SEEDS=N runs N programs instead of 50, to look further.)
    @Test func `random programs appended in random pieces render as a fresh host given the text so far, ops and problems too`() throws {
        var differing: [String] = []
        for seed in Self.seeds {
            var program = Program(seed: seed)
            let text = program.text()
            let log = UIHostLog(), host = try Self.host(log)
            var tree: UINode?
            try Self.stream(text, &program, to: host) { _, end, upTo, streaming in
                let got = host.renderOps(messageID: "m")
                if let tree, let got, (try? UIDiff.apply(got.ops, to: tree)) != got.render.root {
                    differing.append("seed \(seed), after \(end) characters: the ops do not turn the last tree into this one")
                    return false
                }
                tree = got?.render.root
                // Each id names one node, as ops and events need.
                if let repeated = tree?.repeatedID {
                    differing.append("seed \(seed), after \(end) characters: the id \(repeated) names two nodes\n\(text[..<upTo])")
                    return false
                }
                let freshLog = UIHostLog(), fresh = try Self.host(freshLog)
                fresh.receive(messageID: "m", document: Self.document(text[..<upTo], streaming: streaming))
                let whole = fresh.render(messageID: "m")?.root
                if plainTree(tree) != plainTree(whole) {
                    differing.append("seed \(seed), after \(end) characters:\n\(text[..<upTo])\n" + firstDifference(plainTree(tree), plainTree(whole)))
                    return false
                }
                if !streaming, Set(log.allErrors) != Set(freshLog.allErrors) {
                    differing.append("seed \(seed): problems \(log.allErrors), fresh \(freshLog.allErrors)\n\(text)")
                }
                return true
            }
        }
        #expect(differing.isEmpty, "\(differing.count) programs differ; the first: \(differing.first ?? "")")
    }

    /// (OPENUI_SEEDS=N runs N programs instead of 50, to look further.)
    @Test func `typing, choosing and tapping while a random program streams land as on a host given the text only when they happened`() throws {
        var differing: [String] = []
        var events = 0
        for seed in Self.seeds {
            var program = Program(seed: seed)
            let text = program.text()
            let host = try Self.host()
            var done: [(Int, AIUIEvent)] = []
            try Self.stream(text, &program, to: host) { program, end, upTo, streaming in
                var root = host.render(messageID: "m")?.root
                let targets = root?.all.filter { ["Input", "Select", "Button"].contains($0.type) } ?? []
                if !targets.isEmpty && program.chance(35) {
                    let node = targets[program.below(targets.count)]
                    let event = node.type == "Button" ? AIUIEvent(nodeID: node.id, name: "tap")
                        : AIUIEvent(nodeID: node.id, name: "change", value: .string(program.pick(node.type == "Select" ? ["a", "b"] : ["typed", "", "zz"])))
                    _ = try host.handle(event, messageID: "m")
                    done.append((end, event))
                    events += 1
                    root = host.render(messageID: "m")?.root
                }
                // The other host gets the text only at each event, and then the text so far.
                let other = try Self.host()
                for (at, event) in done {
                    other.receive(messageID: "m", document: Self.document(text.prefix(at), streaming: true))
                    _ = other.render(messageID: "m")
                    _ = try other.handle(event, messageID: "m")
                }
                other.receive(messageID: "m", document: Self.document(text[..<upTo], streaming: streaming))
                let whole = other.render(messageID: "m")?.root
                if plainTree(root) != plainTree(whole) {
                    differing.append("seed \(seed), after \(end) characters and events \(done.map { "\($0.0) \($0.1.nodeID) \($0.1.name)" }):\n"
                                     + "\(text[..<upTo])\n" + firstDifference(plainTree(root), plainTree(whole)))
                    return false
                }
                return true
            }
        }
        #expect(events > Self.seeds.count, "too few events to tell: \(events)")
        #expect(differing.isEmpty, "\(differing.count) programs differ; the first: \(differing.first ?? "")")
    }
}
