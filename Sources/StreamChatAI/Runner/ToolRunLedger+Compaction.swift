#if canImport(Glibc)
import Glibc
#endif

extension ToolRunLedger {
    /// The settled calls the retention lets go now, as indices into `stored`.
    func forgettable() -> [Int] {
        let settled = stored.indices.compactMap { i -> LedgerRetention.Settled? in
            stored[i].isSettled ? LedgerRetention.Settled(index: i, settledAt: stored[i].at, delivered: stored[i].delivered) : nil
        }
        return retention.forgotten(settled, now: clock())
    }

    /// Compacts; a failure leaves the ledger as it was (only larger) and is
    /// kept in ``compactionProblem``; the next try waits until the file has doubled.
    func compactKeepingProblem() {
        do {
            try compact()
            compactionProblem = nil
        } catch {
            compactionProblem = error.message
            compactAtLines = max(compactAtLines, 2 * lineCount)
        }
    }

    /// Rewrites the ledger as one `snapshot` line per call it still remembers.
    ///
    /// The new text goes to `<path>.compacting`, is made durable, and is
    /// renamed over the ledger; then the folder is synced and the ledger
    /// reopened. Until the rename the old file is the ledger; after it the new
    /// one is, and both say the same about every call kept.
    func compact() throws(StreamChatAIError) {
        let forget = Set(forgettable())
        var kept: [Stored] = []
        kept.reserveCapacity(stored.count - forget.count)
        var writer = JSONWriter(capacity: 128 * (stored.count - forget.count) + 64)
        for (i, call) in stored.enumerated() where !forget.contains(i) {
            kept.append(call)
            writeLine(&writer, call: call.call, user: call.user, client: call.client, tool: call.tool, event: .snapshot,
                      at: call.at) { w in
                w.raw(",\"attempts\":")
                w.integer(Int64(call.attempts))
                if call.delivered { w.raw(",\"settled\":\"delivered\"") }
                if call.gaveUp { w.raw(",\"settled\":\"gave_up\"") }
                if let result = call.result {
                    w.raw(",\"result\":")
                    w.value(result)
                }
            }
        }
        guard !writer.failed else { throw StreamChatAIError(.internal, "no memory to compact the ledger \(path)") }
        let text = writer.takeBytes()
        try writeDurably(text, to: temporaryPath)
        guard rename(temporaryPath, path) == 0 else {
            let error = POSIX.ioError("cannot replace the ledger \(path) with its compacted form")
            unlink(temporaryPath)
            throw error
        }
        syncFolder()
        // The old descriptor names the replaced file now; appends must go to the new one.
        let reopened = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
        let problem = reopened < 0 ? POSIX.ioError("cannot reopen the compacted ledger \(path)") : nil
        close(fd)
        fd = reopened
        stored = kept
        index.removeAll(keepingCapacity: true)
        for (i, call) in kept.enumerated() { index[Key(user: call.user, client: call.client, call: call.call)] = i }
        lineCount = kept.count
        compactAtLines = Self.compactionThreshold(calls: kept.count)
        if let problem { throw problem }
    }

    private func writeDurably(_ bytes: [UInt8], to file: String) throws(StreamChatAIError) {
        let out = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw POSIX.ioError("cannot create \(file) to compact the ledger") }
        var done = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while done < raw.count {
                let n = write(out, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return fsync(out) == 0
        }
        let error = ok ? nil : POSIX.ioError("cannot write \(file) to compact the ledger")
        close(out)
        if let error {
            unlink(file)
            throw error
        }
    }

    /// Makes the rename durable: without it a power cut could bring the old file back.
    private func syncFolder() {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return }
        _ = fsync(dir)
        close(dir)
    }
}
