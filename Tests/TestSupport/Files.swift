#if canImport(Glibc)
import Glibc
#endif

/// The text of a file, or nil when it can't be read (test data, golden files).
public func fileText(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The names in a folder, sorted: its folders, or its files ending in `suffix`.
public func entries(in path: String, folders: Bool, suffix: String = "") -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        if name.hasPrefix(".") || !name.hasSuffix(suffix) { continue }
        var st = stat()
        guard stat(path + "/" + name, &st) == 0 else { continue }
        if ((st.st_mode & S_IFMT) == S_IFDIR) == folders { out.append(name) }
    }
    return out.sorted()
}
