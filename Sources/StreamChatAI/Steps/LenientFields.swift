/// Typed, lenient reads of a step's fields.
///
/// A field that is missing, of the wrong type, or an empty string reads as
/// missing (`nil`), so a step from a newer or sloppier backend still decodes.
struct LenientFields {
    let object: JSONObject

    /// A non-empty string.
    func string(_ key: String) -> String? {
        guard case .string(let s)? = object[key], !s.isEmpty else { return nil }
        return s
    }

    /// An integer; a finite float in range is cut toward zero; anything else is missing.
    func integer(_ key: String) -> Int? {
        switch object[key] {
        case .integer(let i)?: return Int(exactly: i)
        case .number(let d)?:
            guard d.isFinite, d > -9.2e18, d < 9.2e18 else { return nil }
            return Int(d)
        default: return nil
        }
    }

    /// A nested object.
    func object(_ key: String) -> JSONObject? {
        object[key]?.objectValue
    }
}
