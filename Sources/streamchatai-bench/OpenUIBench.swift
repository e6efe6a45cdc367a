import StreamChatAI
import StreamChatOpenUI

#if canImport(Glibc)
import Glibc
#endif

/// OpenUI streaming: a program of about `bytes` bytes streamed in `chunks`
/// pieces, parsed and rendered to IR after each, against one parse and render
/// of the whole text.
enum OpenUIBench {
    struct Result {
        var bytes: Int
        var chunks: Int
        var oneShotMillis: Double
        /// The best streamed time of each feed run.
        var streamedMillis: [Feed: Double]
        var nodes: Int
    }

    /// How the statements hang together.
    enum Shape: String {
        /// As models write long replies: the root lists weeks, a week's Tabs its days, a day's tab its sections
        /// (forward references, top-down); each new statement changes one path from the root.
        case tree
        /// The worst case: every section a child of the root, so every chunk changes a 600-child list.
        case flat
        /// One statement, a table whose column lists numbers for the whole size: the statement being written is read,
        /// evaluated and rendered again in full on each chunk, so this stream costs its length on every chunk.
        case long
    }

    static func section(_ i: Int) -> String {
        switch i % 4 {
        case 0: return "TextContent(\"Day \(i): walk through the old town, then lunch by the river and a museum in the afternoon.\")"
        case 1: return "Table([Col(\"Place\", [\"Alfama\", \"Baixa\", \"Belém\"]), Col(\"Hours\", [2, 1.5, 3], \"number\")])"
        case 2: return "Steps([StepsItem(\"Castle\", \"views\"), StepsItem(\"Tram 28\", \"ride\"), StepsItem(\"Café\", \"pastries\")])"
        default: return "BarChart([\"Mon\", \"Tue\", \"Wed\"], [Series(\"Steps\", [12000, 8000, 15000])], \"grouped\")"
        }
    }

    /// A model-like program of about `bytes` bytes.
    static func program(bytes: Int, shape: Shape) -> String {
        if shape == .long {
            var numbers: [String] = []
            var size = 50
            while size < bytes {
                numbers.append(String(numbers.count * 7))
                size += numbers[numbers.count - 1].utf8.count + 2
            }
            return "root = Card([Table([Col(\"N\", [" + numbers.joined(separator: ", ") + "], \"number\")])])\n"
        }
        let sectionsPerDay = 8, daysPerWeek = 7
        var body: [String] = []
        var size = 0
        var sections: [String] = []
        var days: [(name: String, sections: [String])] = []
        var weeks: [(name: String, days: [String])] = []
        var i = 0
        func add(_ line: String) {
            body.append(line)
            size += line.utf8.count + 1
        }
        while size < bytes {
            let name = "s\(i)"
            if shape == .flat {
                sections.append(name)
                add("\(name) = \(section(i))")
            } else {
                if i % sectionsPerDay == 0 {
                    let day = "d\(days.count)"
                    if days.count % daysPerWeek == 0 {
                        weeks.append(("w\(weeks.count)", []))
                        add("PLACEHOLDER_WEEK")
                    }
                    weeks[weeks.count - 1].days.append(day)
                    days.append((day, []))
                    add("PLACEHOLDER_DAY")
                }
                days[days.count - 1].sections.append(name)
                add("\(name) = \(section(i))")
            }
            i += 1
        }
        var lines: [String] = []
        var week = 0, day = 0
        for line in body {
            switch line {
            case "PLACEHOLDER_WEEK":
                lines.append("\(weeks[week].name) = Tabs([\(weeks[week].days.joined(separator: ", "))])")
                week += 1
            case "PLACEHOLDER_DAY":
                lines.append("\(days[day].name) = TabItem(\"day-\(day)\", \"Day \(day + 1)\", [\(days[day].sections.joined(separator: ", "))])")
                day += 1
            default:
                lines.append(line)
            }
        }
        let top = shape == .flat ? sections : weeks.map(\.name)
        let head = ["root = Card([header, \(top.joined(separator: ", "))])", "header = CardHeader(\"Trip planner\", \"Generated\")"]
        return (head + lines).joined(separator: "\n") + "\n"
    }

    /// How a client hands the stream over.
    enum Feed: String {
        /// Each chunk as it arrives (a stream's text deltas): ``OpenUIReply/append(_:isStreaming:)``.
        case pieces
        /// The whole reply so far after each chunk (a message updated in place): ``OpenUIReply/update(text:isStreaming:)``,
        /// which also reads the whole text to check that it extends the last.
        case texts
    }

    /// Where the chunks are cut.
    enum Cut: String {
        /// In `chunks` pieces of one size (at character boundaries).
        case even
        /// At line ends: a chunk is one line of the program, so no chunk leaves a statement half written. Its statement
        /// is only provisionally complete, though (the next line may begin with `?` and continue it), so it is parsed,
        /// evaluated and rendered as the statement being written until the next chunk.
        case lines
        /// After a line end and the next line's first byte: the statement the chunk ends is complete for good, and the
        /// next one has not begun to parse, so no chunk has a statement being written at all. What such a chunk costs is
        /// what every chunk costs whatever the statement being written costs.
        case statements
    }

    /// Runs the one-shot parse and render, then the stream fed each way in `feeds`, `rounds` times; the best of each.
    /// Cut other than `even`, the chunks follow the program's lines (`chunks` is not used).
    /// (OPENUI_ONESHOT_ONLY leaves the streams out, for a profiler; OPENUI_STREAM_ONLY the one-shot runs.)
    static func run(bytes: Int, chunks: Int, rounds: Int, shape: Shape, feeds: [Feed] = [.pieces, .texts], cut: Cut = .even,
                    phases: Bool = false) -> Result {
        let text = program(bytes: bytes, shape: shape)
        let utf8 = Array(text.utf8)
        var oneShot = Double.infinity
        var streamed: [Feed: Double] = [:]
        var nodes = 0
        let library = OpenUILibrary.chat
        // The chunks, cut at character boundaries.
        var ends: [Int] = []
        let size = (utf8.count + chunks - 1) / chunks
        var end = 0
        while end < utf8.count {
            end = min(utf8.count, end + size)
            while end < utf8.count && (utf8[end] & 0xC0) == 0x80 { end += 1 }
            ends.append(end)
        }
        if cut != .even {
            // (The program's lines begin with a statement's name: one byte of it is one character.)
            let after = cut == .lines ? 1 : 2
            ends = utf8.indices.filter { utf8[$0] == 0x0A }.map { min($0 + after, utf8.count) }
            if ends.last != utf8.count { ends.append(utf8.count) }
        }
        let pieces = zip([0] + ends, ends).map { String(decoding: utf8[$0..<$1], as: UTF8.self) }
        let streaming = getenv("OPENUI_ONESHOT_ONLY") == nil
        // (OPENUI_STREAM_ONLY leaves the one-shot runs out, for a profiler of the stream.)
        let oneShotToo = getenv("OPENUI_STREAM_ONLY") == nil
        for _ in 0..<rounds {
            if oneShotToo {
                let start = now()
                let whole = OpenUIReply(library: library)
                whole.update(text: text, isStreaming: false)
                let parsed = now()
                if phases { _ = whole.result() }
                let evaluated = now()
                let (root, _) = whole.render()
                oneShot = min(oneShot, now() - start - (evaluated - parsed))
                withExtendedLifetime(whole) {}
                if phases { print("one-shot: update \((parsed - start) * 1000) ms, result() \((evaluated - parsed) * 1000) ms, render after it \((now() - evaluated) * 1000) ms") }
                var count = 0
                root?.walk { _, _ in count += 1 }
                nodes = count
            }
            guard streaming else { continue }
            for feed in feeds {
                // The whole texts are made before the clock starts, as a client has them before it hands them over.
                let texts = feed == .texts ? ends.map { String(decoding: utf8[..<$0], as: UTF8.self) } : []
                let start = now()
                let reply = OpenUIReply(library: library)
                var updating = 0.0, resulting = 0.0, rendering = 0.0
                for i in ends.indices {
                    // The clock is read per chunk only when the phases are asked for: four reads a chunk would be
                    // counted in the stream's time.
                    let a = phases ? now() : 0
                    switch feed {
                    case .pieces: reply.append(pieces[i], isStreaming: i < ends.count - 1)
                    case .texts: reply.update(text: texts[i], isStreaming: i < ends.count - 1)
                    }
                    if phases {
                        let b = now()
                        _ = reply.result()
                        let c = now()
                        resulting += c - b
                        updating += b - a
                        _ = reply.render()
                        rendering += now() - c
                    } else {
                        _ = reply.render()
                    }
                }
                let elapsed = now() - start - resulting
                streamed[feed] = min(streamed[feed] ?? .infinity, elapsed)
                withExtendedLifetime(reply) {}
                if phases { print("streamed (\(feed)): update \(updating * 1000) ms, result() \(resulting * 1000) ms, render after it \(rendering * 1000) ms") }
            }
        }
        return Result(bytes: utf8.count, chunks: ends.count, oneShotMillis: oneShotToo ? oneShot * 1000 : .nan, streamedMillis: streamed.mapValues { $0 * 1000 }, nodes: nodes)
    }
}
