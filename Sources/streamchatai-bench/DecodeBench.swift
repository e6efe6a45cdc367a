import CJansson
import FoundationEssentials
import StreamChatAI

/// The same attachments as Codable structs, for Foundation's JSONDecoder.
struct CodableAttachment: Decodable {
    struct Approval: Decodable {
        let title: String?, message: String?, reason: String?, allow_title: String?, decline_title: String?, decision: String?
    }
    struct Authorization: Decodable {
        let type: String?, provider: String?, provider_name: String?, title: String?, message: String?
        let url: String?, handoff_token: String?, expires_at: String?, status: String?
    }
    let type: String
    let id: String?
    let v: Int?
    let status: String?
    let summary: String?
    let preview: String?
    let duration_ms: Int?
    let name: String?
    let display_title: String?
    let executor: String?
    let target_user_id: String?
    let target_client_id: String?
    let arguments: AnyJSON?
    let approval: Approval?
    let authorization: Authorization?
}

/// Any JSON value, the way Codable code usually carries free-form arguments.
enum AnyJSON: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([AnyJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: AnyJSON].self)) }
    }
}

enum DecodeBench {
    struct Result {
        /// MB/s of each contender.
        var ours: Double, jansson: Double, jsonDecoder: Double
    }

    static func decodeOurs(_ corpus: [UInt8]) {
        corpus.withUnsafeBytes { raw in
            guard case .array(let attachments)? = try? JSONParser.parse(raw) else { fatalError("corpus must parse") }
            sink &+= AIMessagePart.parts(from: attachments).count
        }
    }

    static func runOursOnly(_ corpus: [UInt8], seconds: Double) -> Double {
        Double(corpus.count) / 1e6 / bestSecondsPerCall(budget: seconds) { decodeOurs(corpus) }
    }

    static func run(_ corpus: [UInt8], budgetSeconds: Double) -> Result {
        let mb = Double(corpus.count) / 1e6
        let data = Data(corpus)
        let decoder = JSONDecoder()
        let times = bestSecondsPerCall(budget: budgetSeconds, comparing: [
            { decodeOurs(corpus) },
            {
                corpus.withUnsafeBytes { raw in
                    var error = json_error_t()
                    guard let root = json_loadb(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count, 0, &error) else {
                        fatalError("jansson refused the corpus")
                    }
                    sink &+= json_array_size(root)
                    json_delete(root)
                }
            },
            {
                guard let list = try? decoder.decode([CodableAttachment].self, from: data) else {
                    fatalError("JSONDecoder refused the corpus")
                }
                sink &+= list.count
            },
        ])
        let (ours, jansson, foundation) = (times[0], times[1], times[2])
        return Result(ours: mb / ours, jansson: mb / jansson, jsonDecoder: mb / foundation)
    }
}
