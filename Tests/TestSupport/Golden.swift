#if canImport(Glibc)
import Glibc
#endif

/// Nil when `text` equals, byte for byte, the golden file at `path`; else what differs. With
/// `STREAMCHATAI_UPDATE_GOLDEN=1` in the environment the file is written instead (then read the diff).
public func goldenDifference(_ text: String, path: String) -> String? {
    if getenv("STREAMCHATAI_UPDATE_GOLDEN") != nil {
        guard let f = fopen(path, "wb") else { return "\(path) can't be written" }
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, f) }
        fclose(f)
        return nil
    }
    guard let golden = fileText(path) else { return "\(path) is missing: run with STREAMCHATAI_UPDATE_GOLDEN=1" }
    guard text != golden else { return nil }
    let (a, b) = (text.split(separator: "\n", omittingEmptySubsequences: false), golden.split(separator: "\n", omittingEmptySubsequences: false))
    let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    return "\(path) changed at line \(line + 1); if that is meant, update the golden file"
}
