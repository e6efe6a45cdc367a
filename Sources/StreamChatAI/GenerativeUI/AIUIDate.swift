/// A date argument: a day (`2026-11-14`) or a moment in RFC 3339.
public struct AIUIDate: Decodable, Sendable, Hashable {
    /// The text as the agent wrote it.
    public let text: String
    /// Whether it is a day without a time.
    public let isDay: Bool
    /// Milliseconds since the Unix epoch (a day: its midnight, UTC).
    public let epochMilliseconds: Int64

    /// Reads a day or an RFC 3339 moment.
    public init?(_ text: String) {
        if RFC3339.isDate(Array(text.utf8)[...]), let ms = RFC3339.epochMilliseconds(text + "T00:00:00Z") {
            self.text = text
            isDay = true
            epochMilliseconds = ms
        } else if let ms = RFC3339.epochMilliseconds(text) {
            self.text = text
            isDay = false
            epochMilliseconds = ms
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = AIUIDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a day (2026-11-14) or an RFC 3339 moment")
        }
        self = date
    }
}
