/// Realistic reply attachments: reasoning rounds with long previews, tool
/// calls with nested arguments, approvals and sign-ins, some images.
enum Corpus {
    static func label(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }

    static let words = ["the", "user", "wants", "weather", "for", "Amsterdam", "and", "a", "walk", "route",
                        "calendar", "free", "slot", "afternoon", "temperature", "°C", "café", "check", "then",
                        "compare", "options", "\\\"quoted\\\"", "distance", "km", "naïve", "plan", "😀"]

    static func sentence(_ seed: inout UInt64, words count: Int) -> String {
        var out: [String] = []
        for _ in 0..<count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            out.append(words[Int((seed >> 33) % UInt64(words.count))])
        }
        return out.joined(separator: " ")
    }

    static func attachment(_ i: Int, _ seed: inout UInt64) -> String {
        switch i % 5 {
        case 0:
            let preview = (0..<6).map { _ in sentence(&seed, words: 40) }.joined(separator: ".\\n\\n")
            return #"{"type":"ai_reasoning","id":"rs_\#(i)","v":1,"status":"completed","summary":"\#(sentence(&seed, words: 8))","preview":"\#(preview)","duration_ms":\#(1000 + i * 37)}"#
        case 1:
            return #"{"type":"ai_tool_call","id":"call_\#(i)","v":1,"name":"search_places","display_title":"Searching places","status":"completed","executor":"server","arguments":{"query":"\#(sentence(&seed, words: 6))","near":{"lat":52.3676,"lon":4.9041},"radius_km":2.5,"open_now":true,"limit":20,"tags":["cafe","park","museum"]},"summary":"Found \#(i) places","duration_ms":\#(200 + i)}"#
        case 2:
            return #"{"type":"ai_tool_call","id":"call_\#(i)","name":"get_location","status":"awaiting_approval","executor":"client","target_user_id":"u_123","target_client_id":"linux-7f3a","approval":{"title":"Share your location?","message":"\#(sentence(&seed, words: 12))","reason":"to check the local weather","allow_title":"Share location","decline_title":"Don't share"}}"#
        case 3:
            return #"{"type":"ai_tool_call","id":"call_\#(i)","name":"linear__list_issues","display_title":"Using Linear","status":"awaiting_authorization","target_user_id":"u_123","authorization":{"type":"oauth","provider":"linear","provider_name":"Linear","title":"Connect Linear","message":"\#(sentence(&seed, words: 10))","url":"https://agent.example.com/connectors/oauth/launch/linear","handoff_token":"h_\#(i)","expires_at":"2026-10-21T21:42:19.834Z"}}"#
        default:
            return #"{"type":"image","image_url":"https://cdn.example.com/\#(i).png","fallback":"\#(sentence(&seed, words: 5))"}"#
        }
    }

    /// A JSON array of attachments of about `approximateBytes` bytes.
    static func reply(approximateBytes: Int) -> [UInt8] {
        var seed: UInt64 = 42
        var parts: [String] = []
        var size = 2
        var i = 0
        repeat {
            let a = attachment(i, &seed)
            parts.append(a)
            size += a.utf8.count + 1
            i += 1
        } while size < approximateBytes
        return Array(("[" + parts.joined(separator: ",") + "]").utf8)
    }

    /// Reasoning Markdown: paragraphs of sentences with bold, italic, code and links.
    static func reasoning(bytes: Int) -> String {
        var seed: UInt64 = 7
        var out = ""
        var n = 0
        while out.utf8.count < bytes {
            n += 1
            let plain = sentence(&seed, words: 14).replacing("\\\"", with: "\"")
            switch n % 6 {
            case 0: out += "I should **check the \(plain.prefix(20))** first. "
            case 1: out += "Maybe call `get_weather(city)` and *compare* results. "
            case 2: out += "See [the docs](https://example.com/docs/\(n)) for \(plain). "
            case 5: out += "\(plain).\n\n"
            default: out += "\(plain). "
            }
        }
        return out
    }
}
