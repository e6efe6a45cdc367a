/// Merges a model's edit into the current program (spec §7): a patch
/// statement replaces the one of its name or is added at the end,
/// `name = null` deletes, and what `root` can no longer reach is dropped.
/// Both texts are read with the parser's own statement boundaries, so a
/// ternary over several lines stays whole; of a reply that is prose plus a
/// fenced patch, only the fenced part counts.
public enum OpenUIEditMerge {
    /// The merged program's statements, in order.
    public static func merge(program: String, patch: String) -> [OpenUIStatement] {
        var merged: [OpenUIStatement] = []
        for s in OpenUIStreamParser(text: program).statements {
            // A name defined twice keeps its first place and its last text (the later one wins).
            if let i = merged.firstIndex(where: { $0.name == s.name }) { merged[i] = s } else { merged.append(s) }
        }
        for s in OpenUIStreamParser(text: patch).statements {
            let i = merged.firstIndex { $0.name == s.name }
            if s.expression == .null && s.kind == .value {
                if let i { merged.remove(at: i) }  // `name = null` at the top of a patch deletes
                continue
            }
            if let i { merged[i] = s } else { merged.append(s) }
        }
        // Drop what root can't reach; state declarations stay, and without root nothing is dropped.
        let program = OpenUIProgram(statements: merged)
        guard program.statement("root") != nil else { return merged }
        var reachable: Set<String> = ["root"]
        var queue = ["root"]
        while let name = queue.popLast() {
            guard let s = program.statement(name) else { continue }
            for ref in OpenUIProgram.references(in: s.expression) where reachable.insert(ref).inserted { queue.append(ref) }
        }
        return merged.filter { $0.kind == .state || reachable.contains($0.name) }
    }

    /// The merged program as text, one statement after another.
    public static func mergedText(program: String, patch: String) -> String {
        merge(program: program, patch: patch).map(\.source).joined(separator: "\n")
    }
}
