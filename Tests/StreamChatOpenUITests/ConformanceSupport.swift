import StreamChatAI
import TestSupport
@testable import StreamChatOpenUI

#if canImport(Glibc)
import Glibc
#endif

/// The folder of the OpenUI test data (see Fixtures/README.md).
let fixturesRoot: String = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/Fixtures"

func folders(in path: String) -> [String] { entries(in: path, folders: true) }

/// The fixtures' test library, with `@Upper` supplied as the README asks.
let fixtureLibrary: OpenUILibrary = try! OpenUILibrary(spec: JSONParser.parse(fileText(fixturesRoot + "/openui-1.0/library.json")!))
let draftLibrary: OpenUILibrary = try! OpenUILibrary(spec: JSONParser.parse(fileText(fixturesRoot + "/variants/draft-library.json")!))
let fixtureFunctions: [String: OpenUIFunction] = ["Upper": { args in .string((args.first ?? .null).text.uppercased()) }]

/// The canonical summary of a result (Appendix B), for comparing with `expected.json`.
struct CanonicalResult {
    var root: JSONValue
    var errors: [(code: String, statementID: String?)]
    var errorObjects: [OpenUIError]
    var unresolved: Set<String>
    var orphans: Set<String>
    var incomplete: Bool
    var state: [String: JSONValue]

    init(_ result: OpenUIResult) {
        root = result.root.map { OpenUIValue.component($0).jsonValue } ?? .null
        errors = result.errors.map { ($0.code, $0.statementID) }
        errorObjects = result.errors
        unresolved = result.unresolved
        orphans = result.orphans
        incomplete = result.isIncomplete
        state = result.state.mapValues(\.jsonValue)
    }

    /// Differences from `expected`, each in words; empty when it matches.
    func differences(from expected: JSONValue) -> [String] {
        var out: [String] = []
        if let want = expected["root"], want != root { out.append("root: expected \(JSONSerializer.string(want)), got \(JSONSerializer.string(root))") }
        if case .array(let wanted)? = expected["errors"] {
            var left = errors
            var missing: [String] = []
            for w in wanted {
                let code = w["code"]?.stringValue ?? ""
                let statement = w["statementId"]?.stringValue
                if let i = left.firstIndex(where: { $0.code == code && (statement == nil || $0.statementID == statement) }) {
                    left.remove(at: i)
                } else {
                    missing.append("\(code)@\(statement ?? "*")")
                }
            }
            if !missing.isEmpty || !left.isEmpty {
                out.append("errors: missing \(missing), extra \(left.map { "\($0.code)@\($0.statementID ?? "-")" }) (all: \(errorObjects.map(\.description)))")
            }
        }
        for (key, have) in [("unresolved", unresolved), ("orphans", orphans)] {
            if case .array(let wanted)? = expected[key], Set(wanted.compactMap(\.stringValue)) != have {
                out.append("\(key): expected \(wanted.compactMap(\.stringValue).sorted()), got \(have.sorted())")
            }
        }
        if case .bool(let want)? = expected["incomplete"], want != incomplete { out.append("incomplete: expected \(want), got \(incomplete)") }
        if case .object(let want)? = expected["state"] {
            let have = JSONObject(state.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            let wantSorted = JSONObject(want.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            if have != wantSorted { out.append("state: expected \(JSONSerializer.string(.object(wantSorted))), got \(JSONSerializer.string(.object(have)))") }
        }
        if case .array(let objects)? = expected["errorObjects"] {
            for object in objects {
                let found = errorObjects.contains { e in
                    let fields: [String: String?] = ["source": e.source.rawValue, "code": e.code, "statementId": e.statementID,
                                                     "component": e.component, "path": e.path]
                    return object.objectValue!.allSatisfy { key, value in fields[key].map { $0 == value.stringValue } ?? true }
                }
                if !found { out.append("errorObjects: no error matches \(JSONSerializer.string(object))") }
            }
        }
        return out
    }
}

/// Parses a program (all at once, or chunk by chunk) and renders it at the stream's end.
func render(chunks: [String], library: OpenUILibrary = fixtureLibrary) -> OpenUIResult {
    var parser = OpenUIStreamParser()
    for chunk in chunks { parser.feed(chunk) }
    parser.finish()
    return OpenUIResult.render(OpenUIProgram(statements: parser.statements), library: library,
                               inputs: .init(functions: fixtureFunctions), isFinished: true,
                               isIncomplete: parser.isIncomplete, hasText: parser.hasText)
}

/// Replays a steps.json against a program (the README's action and form
/// cases): tool steps before the first user step apply before the program
/// mounts; tools answer from what the steps said they return.
struct StepsReplay {
    var events: [OpenUIEvent] = []
    var toolCalls: [(tool: String, args: JSONObject)] = []
    var state: [String: OpenUIValue] = [:]

    init(program: String, steps: [JSONValue]) {
        let reply = OpenUIReply(library: fixtureLibrary, functions: fixtureFunctions)
        var tools: [String: JSONValue] = [:]
        var rest = steps[...]
        while let step = rest.first, let tool = step["tool"]?.stringValue {
            tools[tool] = step["result"] ?? .null
            rest = rest.dropFirst()
        }
        reply.update(text: program, isStreaming: true)
        var pending = reply.update(text: program, isStreaming: false)
        func perform(_ activation: OpenUIActivation) {
            events += activation.events
            pending += activation.queries
            if let mutation = activation.mutation { perform(call(mutation)) }
        }
        func call(_ c: OpenUIToolCall) -> OpenUIActivation {
            guard let result = tools[c.tool] else {
                return reply.finished(c, result: .failure(OpenUIToolFailure(code: "tool-not-found", message: "no tool \(c.tool)", available: tools.keys.sorted())))
            }
            if toolCalls.last.map({ $0.tool != c.tool || $0.args != c.arguments }) ?? true { toolCalls.append((c.tool, c.arguments)) }
            return reply.finished(c, result: .success(result))
        }
        func drain() {
            while !pending.isEmpty {
                let next = pending.removeFirst()
                perform(call(next))
            }
            _ = reply.render()
        }
        drain()
        for step in rest {
            if let tool = step["tool"]?.stringValue {
                tools[tool] = step["result"] ?? .null
            } else if case .array(let typed)? = step["type"], typed.count == 2 {
                pending += reply.input(nodeID: typed[0].stringValue ?? "", value: OpenUIValue(json: typed[1]))
            } else if let id = step["click"]?.stringValue {
                perform(reply.trigger(nodeID: id))
            }
            drain()
        }
        state = reply.state
    }

    /// Differences from steps.json's `expected`.
    func differences(from expected: JSONValue) -> [String] {
        var out: [String] = []
        if case .array(let wanted)? = expected["events"] {
            if wanted.count != events.count { out.append("events: expected \(wanted.count), got \(events.count): \(events.map { JSONSerializer.string($0.jsonValue) })") }
            for (want, have) in zip(wanted, events) {
                let mine = have.jsonValue
                for (key, value) in want.objectValue ?? JSONObject() {
                    let got = mine[key] ?? .null
                    if key == "formName" && value == .null { if got != .null { out.append("formName: expected none, got \(got)") }; continue }
                    if got != value { out.append("event \(key): expected \(JSONSerializer.string(value)), got \(JSONSerializer.string(got))") }
                }
            }
        }
        if case .object(let want)? = expected["state"] {
            for (key, value) in want where state[key]?.jsonValue != value {
                out.append("state \(key): expected \(JSONSerializer.string(value)), got \(state[key].map { JSONSerializer.string($0.jsonValue) } ?? "nothing")")
            }
        }
        if case .array(let want)? = expected["toolCalls"] {
            let have = toolCalls.map { JSONValue.object(JSONObject([("tool", .string($0.tool)), ("args", .object($0.args))])) }
            if JSONValue.array(have) != JSONValue.array(want) { out.append("toolCalls: expected \(JSONSerializer.string(.array(want))), got \(JSONSerializer.string(.array(have)))") }
        }
        return out
    }
}
