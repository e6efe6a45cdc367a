import StreamChatAI

enum LayoutBench {
    struct Result {
        var deltas: Int
        var oneShotMicros: Double
        var streamedMicros: Double
        var naiveMicros: Double
    }

    static func run(bytes: Int, delta: Int, budgetSeconds: Double) -> Result {
        let text = Corpus.reasoning(bytes: bytes)
        var pieces: [String] = []
        var scalars = Substring(text)
        while !scalars.isEmpty {
            let piece = scalars.prefix(delta)
            pieces.append(String(piece))
            scalars = scalars.dropFirst(piece.count)
        }
        let times = bestSecondsPerCall(budget: budgetSeconds * 2, comparing: [
            { sink &+= ReasoningDocument(text).paragraphs.count },
            {
                var doc = ReasoningDocument()
                for piece in pieces {
                    doc.append(piece)
                    // What a view reads after each delta: the paragraph still being written.
                    sink &+= doc.paragraphs.last?.runs.count ?? 0
                }
                doc.finish()
                sink &+= doc.paragraphs.count
            },
        ])
        let (oneShot, streamed) = (times[0], times[1])
        // Laying the whole text out again after each delta, for contrast (a few samples only).
        let sample = max(1, pieces.count / 16)
        let naive = bestSecondsPerCall(budget: budgetSeconds / 2) {
            var soFar = ""
            for (i, piece) in pieces.enumerated() {
                soFar += piece
                if i % sample == 0 { sink &+= ReasoningDocument(soFar).paragraphs.count }
            }
        } * Double(sample)
        return Result(deltas: pieces.count, oneShotMicros: oneShot * 1e6, streamedMicros: streamed * 1e6,
                      naiveMicros: naive * 1e6)
    }
}
