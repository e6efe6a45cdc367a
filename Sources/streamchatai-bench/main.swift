// streamchatai-bench — throughput of the hot paths against baselines measured
// in the same run. Prints ratios; asserts nothing (see README "Benchmarks").
//
//   1. Steps decoding (JSON text → parts with typed views) vs jansson's
//      json_loads and Foundation's JSONDecoder into Codable structs, on a
//      corpus of realistic reply attachments from 1 KB to 1 MB.
//   2. Reasoning layout: 64 KB streamed in 64-byte deltas vs laying out the
//      final text once.
//   3. Plugins: the plugin ABI and libffi against direct calls; discovery.
//   4. The ledger after a million calls: size and open time.
//   5. OpenUI streaming: a 64 KB program rendered after every chunk vs once.
//   6. A2UI streaming: 1,000 messages rendered after every one vs applied in one batch.
//   7. The chat client: the stream decoder vs a one-shot parse of the same chunks;
//      the tool loop's overhead per round over the raw HTTP exchanges.

import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

let quick = CommandLine.arguments.contains("--quick")

// --write-corpus DIR: the decoding corpora and the OpenUI program as files, for the C benchmark (examples-c/bench_c_path.cpp).
if let flag = CommandLine.arguments.firstIndex(of: "--write-corpus"), let dir = CommandLine.arguments.dropFirst(flag + 1).first {
    for target in [1 << 10, 16 << 10, 128 << 10, 1 << 20] {
        let bytes = Corpus.reply(approximateBytes: target)
        let path = dir + "/corpus-" + Corpus.label(target).replacing(" ", with: "") + ".json"
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    // The OpenUI program of section 5 (tree shape, 64 KB), for the C path's streaming section.
    let program = OpenUIBench.program(bytes: 64 << 10, shape: .tree)
    guard let file = fopen(dir + "/openui-tree-64KB.txt", "wb") else { fatalError("cannot write the OpenUI program") }
    fputs(program, file)
    fclose(file)
    exit(0)
}

// --profile-scan: only plugin discovery of 200 folders, repeatedly, to run under a profiler.
if CommandLine.arguments.contains("--profile-scan") {
    let registry = PluginRegistry()
    if let mathlib = (try? registry.discover(directory: "build/plugins"))?.first(where: { $0.folder == "mathlib" })?.plugin {
        for _ in 0..<5 { print("scan: \(fmt(PluginBench.scanMillis(copiesOf: mathlib.folder, count: 200))) ms") }
    }
    exit(0)
}

// --profile-decode [KB]: only our steps decoding of one corpus (128 KB by default) for a few seconds, to run under a profiler.
if let flag = CommandLine.arguments.firstIndex(of: "--profile-decode") {
    let kilobytes = CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) } ?? 128
    let corpus = Corpus.reply(approximateBytes: kilobytes << 10)
    let result = DecodeBench.runOursOnly(corpus, seconds: 3)
    print("ours: \(fmt(result)) MB/s")
    exit(0)
}

// --openui-only [tree|flat|long]: only the OpenUI streaming section (one shape, to run under a profiler; `long` is one
// statement as long as the program, only here).
// OPENUI_STREAM_ONLY leaves the one-shot runs out (a profile of the stream alone; the one-shot prints as -).
// OPENUI_FEED=pieces|texts streams one way only; OPENUI_ROUNDS runs it more than once (the best of each is printed);
// OPENUI_KB makes the program that many KB instead of 64; OPENUI_CHUNKS cuts it in that many chunks instead of 1,000;
// OPENUI_CUT=lines cuts it at line ends instead (no chunk leaves a statement half written), OPENUI_CUT=statements after a
// line end and the next line's first byte (no chunk has a statement being written at all: see `OpenUIBench.Cut`).
if let flag = CommandLine.arguments.firstIndex(of: "--openui-only") {
    let picked = CommandLine.arguments.dropFirst(flag + 1).first.flatMap(OpenUIBench.Shape.init(rawValue:))
    let feeds = getenv("OPENUI_FEED").flatMap { OpenUIBench.Feed(rawValue: String(cString: $0)) }.map { [$0] } ?? [.pieces, .texts]
    for shape in picked.map({ [$0] }) ?? [OpenUIBench.Shape.tree, .flat] {
        let r = OpenUIBench.run(bytes: (getenv("OPENUI_KB").flatMap { Int(atoi($0)) } ?? 64) << 10,
                                chunks: getenv("OPENUI_CHUNKS").flatMap { Int(atoi($0)) } ?? 1000,
                                rounds: getenv("OPENUI_ROUNDS").flatMap { Int(atoi($0)) } ?? 1, shape: shape,
                                feeds: feeds, cut: getenv("OPENUI_CUT").flatMap { OpenUIBench.Cut(rawValue: String(cString: $0)) } ?? .even,
                                phases: CommandLine.arguments.contains("--phases"))
        // (OPENUI_ONESHOT_ONLY leaves the streams out: python/bench/openui_instructions.py counts each run apart.)
        let streams = feeds.compactMap { feed in
            r.streamedMillis[feed].map { "streamed by \(feed) \(fmt($0)) ms, \(fmt($0 / r.oneShotMillis))×" }
        }
        print((["openui \(shape): one-shot \(fmt(r.oneShotMillis)) ms"] + streams + ["\(r.chunks) chunks", "\(r.nodes) nodes"]).joined(separator: ", "))
    }
    exit(0)
}

// --a2ui-micro: the cost of one A2UI view after one kind of change (to run under a profiler).
if CommandLine.arguments.contains("--a2ui-micro") {
    A2UIBench.micro()
    exit(0)
}

// --a2ui-only [tree|flat]: only the A2UI streaming section (one shape, to run under a profiler).
if let flag = CommandLine.arguments.firstIndex(of: "--a2ui-only") {
    let picked = CommandLine.arguments.dropFirst(flag + 1).first.flatMap(A2UIBench.Shape.init(rawValue:))
    for shape in picked.map({ [$0] }) ?? [A2UIBench.Shape.tree, .resend, .flat] {
        let r = A2UIBench.run(messages: 1000, rounds: getenv("A2UI_ROUNDS").flatMap { Int(atoi($0)) } ?? 3, shape: shape)
        print("a2ui \(shape): host: batch \(fmt(r.batchMillis)) ms, streamed \(fmt(r.streamedMillis)) ms, \(fmt(r.streamedMillis / r.batchMillis))×; renderer alone: batch \(fmt(r.engineBatchMillis)) ms, streamed \(fmt(r.engineStreamedMillis)) ms, \(fmt(r.engineStreamedMillis / r.engineBatchMillis))×; \(r.nodes) nodes")
    }
    exit(0)
}

// --profile-ledger-open: only reopening a ledger of 10 000 remembered calls, repeatedly, to run under a profiler.
if CommandLine.arguments.contains("--chat-phases") {
    let p = ChatBench.phases(budgetSeconds: 1)
    print("sse \(fmt(p[0])) µs, +read \(fmt(p[1])) µs, +apply \(fmt(p[2])) µs, sse+parse only \(fmt(p[3])) µs")
    exit(0)
}

if CommandLine.arguments.contains("--chat-only") {
    printChatSection(budget: quick ? 0.3 : 1.0)
    exit(0)
}

if CommandLine.arguments.contains("--mcp-only") {
    if let mcp = MCPBench.run(plugins: "build/plugins", budgetSeconds: 0.5) {
        print("in process \(fmt(mcp.inProcessMicros)) µs, through mcp serve \(fmt(mcp.mcpMicros)) µs")
        for (what, millis) in mcp.startMillis { print("start \(what): \(fmt(millis)) ms") }
    }
    exit(0)
}

if CommandLine.arguments.contains("--profile-ledger-open") {
    for _ in 0..<3 { print("open: \(fmt((try? LedgerBench.run(calls: 40_000, folder: "/dev/shm", reopenings: 30))?.openMillis ?? -1)) ms") }
    exit(0)
}

print("streamchatai-bench \(StreamChatAIVersion.string)\(quick ? " (quick)" : "")")
print("")
print("1. Steps decoding: JSON text of a reply's attachments → typed parts")
print("   baselines: jansson json_loads (parse only, then json_decref), Foundation JSONDecoder (Codable structs)")
print("")
print(pad("corpus", 10), pad("bytes", 9), pad("ours MB/s", 11), pad("jansson", 9), pad("JSONDec.", 9),
      pad("÷ jansson", 10), pad("÷ JSONDec.", 10))
var decodeRatios: [(Double, Double)] = []
for target in [1 << 10, 16 << 10, 128 << 10, 1 << 20] {
    let corpus = Corpus.reply(approximateBytes: target)
    let result = DecodeBench.run(corpus, budgetSeconds: quick ? 0.05 : 0.4)
    decodeRatios.append((result.ours / result.jansson, result.ours / result.jsonDecoder))
    print(pad(Corpus.label(target), 10), pad(String(corpus.count), 9), pad(fmt(result.ours), 11),
          pad(fmt(result.jansson), 9), pad(fmt(result.jsonDecoder), 9),
          pad(fmt(result.ours / result.jansson) + "×", 10), pad(fmt(result.ours / result.jsonDecoder) + "×", 10))
}
let geoJansson = geometricMean(decodeRatios.map(\.0))
let geoDecoder = geometricMean(decodeRatios.map(\.1))
print("")
print("   geometric mean: \(fmt(geoJansson))× jansson json_loads (target ≥ 1.0×), \(fmt(geoDecoder))× JSONDecoder (target ≥ 3×)")

print("")
print("2. Reasoning layout: 64 KB of reasoning Markdown")
let layout = LayoutBench.run(bytes: 64 << 10, delta: 64, budgetSeconds: quick ? 0.05 : 0.4)
print("   one-shot layout of the final text: \(fmt(layout.oneShotMicros)) µs")
print("   streamed in 64-byte deltas (\(layout.deltas) appends, last paragraph read after each): \(fmt(layout.streamedMicros)) µs")
print("   streamed ÷ one-shot: \(fmt(layout.streamedMicros / layout.oneShotMicros))× (target ≤ 2×)")
print("   re-laying out the whole text after every delta, for contrast: \(fmt(layout.naiveMicros / layout.oneShotMicros))×")

print("")
print("3. Plugins (build/plugins, from `make plugins`)")
if let plugin = PluginBench.run(plugins: "build/plugins", budgetSeconds: quick ? 0.05 : 0.3) {
    print("   get_weather through the plugin ABI (JSON in, table call, host->complete parsing the result): \(fmt(plugin.abiMicros)) µs")
    print("   the plugin's call_tool called directly with the same arguments: \(fmt(plugin.directMicros)) µs")
    print("   added by the ABI: \(fmt(plugin.abiMicros - plugin.directMicros)) µs (target ≤ 5 µs)")
    print("   math_add through libffi: \(fmt(plugin.ffiNanos)) ns; called directly: \(fmt(plugin.directCallNanos)) ns; added: \(fmt(plugin.ffiNanos - plugin.directCallNanos)) ns (target ≤ 200 ns)")
    print("   the whole typed tool \"add\" (JSON arguments → libffi → {\"result\": 42}): \(fmt(plugin.ffiToolMicros)) µs")
    print("   discovering 200 plugin folders: \(fmt(plugin.scanMillis)) ms (target ≤ 50 ms)")
} else {
    print("   skipped: build/plugins is missing or did not load (run `make plugins`)")
}

print("")
print("3b. MCP (streamchatai mcp serve over stdio vs the same tool in process)")
if let mcp = MCPBench.run(plugins: "build/plugins", budgetSeconds: quick ? 0.1 : 0.5) {
    print("   the libffi tool \"add\" as an in-process plugin, through the tool-call execution: \(fmt(mcp.inProcessMicros)) µs")
    print("   the same tool through mcp serve (JSON-RPC over stdio, both ways): \(fmt(mcp.mcpMicros)) µs (\(fmt(mcp.mcpMicros / mcp.inProcessMicros))×; the round trip adds \(fmt(mcp.mcpMicros - mcp.inProcessMicros)) µs)")
    for (what, millis) in mcp.startMillis { print("   start and list the tools of \(what): \(fmt(millis)) ms") }
} else {
    print("   skipped: build/plugins or streamchatai-cli is missing (run `make plugins cli`)")
}

print("")
let ledgerCalls = quick ? 100_000 : 1_000_000
let ledgerFolder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
print("4. The ledger after \(ledgerCalls) calls (claim, result, attempt, delivered each; default retention; in \(ledgerFolder))")
do {
    let ledger = try LedgerBench.run(calls: ledgerCalls, folder: ledgerFolder)
    print("   \(fmt(ledger.secondsPerCall * 1e6)) µs a call (four durable appends, compaction included)")
    print("   file: \(fmt(Double(ledger.bytes) / 1e6)) MB, \(ledger.lines) lines; uncompacted it would be about \(fmt(ledger.uncompactedBytesEstimate / 1e6)) MB (\(fmt(ledger.uncompactedBytesEstimate / Double(max(1, ledger.bytes))))× larger)")
    print("   open: \(fmt(ledger.openMillis)) ms, \(ledger.remembered) calls remembered (target ≤ 50 ms; size bounded by the retention, not the history)")
} catch {
    print("   failed: \(error)")
}

print("")
print("5. OpenUI streaming: a 64 KB program in 1,000 chunks, parsed and rendered to IR after each")
for shape in [OpenUIBench.Shape.tree, .flat] {
    let r = OpenUIBench.run(bytes: 64 << 10, chunks: 1000, rounds: quick ? 1 : 5, shape: shape)
    let what = shape == .tree ? "as models write it (root → weeks → days → sections)" : "worst case, every section a child of the root"
    let pieces = r.streamedMillis[.pieces] ?? .nan, texts = r.streamedMillis[.texts] ?? .nan
    print("   \(shape), \(what): \(r.bytes) bytes, \(r.nodes) IR nodes")
    print("     one parse + render of the whole text: \(fmt(r.oneShotMillis)) ms")
    print("     streamed, rendering after every chunk, each chunk appended (a stream's deltas): \(fmt(pieces)) ms")
    print("       streamed ÷ one-shot: \(fmt(pieces / r.oneShotMillis))×\(shape == .tree ? " (target ≤ 2×)" : "")")
    print("     the same, handed the whole text so far after each chunk (a message updated in place): \(fmt(texts)) ms, \(fmt(texts / r.oneShotMillis))×")
    guard shape == .tree else { continue }
    // Chunks that end at line ends, as a model's stream often ends its chunks; and what every chunk costs apart from
    // the statement being written (see `OpenUIBench.Cut`).
    let cuts: [(OpenUIBench.Cut, String, String)] = [(.lines, "at line ends", "each statement complete at a chunk's end"),
                                                     (.statements, "one byte after each line end", "none with a statement being written")]
    for (cut, place, chunks) in cuts {
        let r = OpenUIBench.run(bytes: 64 << 10, chunks: 1000, rounds: quick ? 1 : 5, shape: shape, feeds: [.pieces], cut: cut)
        let streamed = r.streamedMillis[.pieces] ?? .nan
        print("     cut \(place) instead (\(r.chunks) chunks, \(chunks)): \(fmt(streamed)) ms, \(fmt(streamed / r.oneShotMillis))× its one-shot run")
    }
}

print("")
print("6. A2UI streaming: 1,000 JSONL messages into a UI host, a line at a time, rendered to IR after each")
for shape in [A2UIBench.Shape.tree, .resend, .flat] {
    let r = A2UIBench.run(messages: 1000, rounds: quick ? 1 : 5, shape: shape)
    let what = switch shape {
    case .tree: "as agents write it (sections → cards → lines, then data)"
    case .resend: "the same over ten sections, then the same cards sent again unchanged"
    case .flat: "one list of a thousand items, an item a message"
    }
    print("   \(shape), \(what): \(r.messages) messages, \(r.nodes) IR nodes")
    print("     the renderer alone: applied in one batch and rendered once: \(fmt(r.engineBatchMillis)) ms; streamed, rendering after every message: \(fmt(r.engineStreamedMillis)) ms")
    print("       streamed ÷ batch: \(fmt(r.engineStreamedMillis / r.engineBatchMillis))× (target ≤ 2×)")
    print("     through a UI host, what an app calls (its entrances, media and secret checks on the nodes that changed): \(fmt(r.batchMillis)) ms vs \(fmt(r.streamedMillis)) ms")
    print("       streamed ÷ batch: \(fmt(r.streamedMillis / r.batchMillis))× (target ≤ 2×)")
}

print("")
printChatSection(budget: quick ? 0.3 : 1.0)

func printChatSection(budget: Double) {
    print("7. The chat client")
    let decode = ChatBench.decode(budgetSeconds: budget)
    print("   decoder on a \(decode.bytes >> 10) KB UI message stream in 4 KB pieces (SSE framing, chunk reading): \(fmt(decode.decoderMicros / 1000)) ms")
    print("   the same and folding every chunk into the reply (text, calls, steps): \(fmt(decode.foldMicros / 1000)) ms")
    print("   one-shot JSON parse of the same chunks: \(fmt(decode.parseMicros / 1000)) ms")
    print("   decoder ÷ parse: \(fmt(decode.decoderMicros / decode.parseMicros))× (target ≤ 1.5×); with the fold: \(fmt(decode.foldMicros / decode.parseMicros))×")
    if let loop = ChatBench.loop(budgetSeconds: budget) {
        print("   a tool round trip on loopback (send, tool call, result POST, continuation): raw HTTP \(fmt(loop.rawMicros)) µs, through the client \(fmt(loop.loopMicros)) µs")
        print("   the loop's overhead per round: \(fmt((loop.loopMicros - loop.rawMicros) / Double(loop.rounds))) µs (target ≤ 1000 µs)")
    } else {
        print("   the loopback server could not start: loop overhead not measured")
    }
}
