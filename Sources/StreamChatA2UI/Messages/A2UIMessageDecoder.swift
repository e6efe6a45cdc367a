import StreamChatAI

/// Reads one agent-to-renderer message of any version this renderer reads,
/// routed on its `version`: v1.0 (and `1.0`, as some agents write it, with a
/// warning) through ``A2UIDecoderV1``, v0.9 and v0.9.1 through ``A2UIDecoderV09``.
public enum A2UIMessageDecoder {
    /// The versions read, as messages write them.
    public static let versions = ["v1.0", "v0.9.1", "v0.9"]

    /// What reading one message gave.
    public struct Decoded: Sendable {
        /// The message.
        public var message: A2UIMessage
        /// The version it was written in (`v1.0`, `v0.9`, `v0.9.1`).
        public var version: String
        /// What was odd but readable (an unknown key, a version without its `v`).
        public var warnings: [String]
    }

    /// The message of one JSON object, or the problem that keeps it from applying.
    public static func decode(_ json: JSONValue) -> Result<Decoded, A2UIProblem> {
        guard case .object(let o) = json else {
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, "a message must be a JSON object, found \(json.typeName)", path: ""))
        }
        var warnings: [String] = []
        let version: String
        switch o["version"] {
        case .string("v1.0")?: version = "v1.0"
        case .string("1.0")?:
            version = "v1.0"
            warnings.append("the message's version is \"1.0\"; the protocol writes \"v1.0\"")
        case .string(let v)? where v == "v0.9" || v == "v0.9.1": version = v
        case .string(let v)?:
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, "version \(JSONSerializer.quoted(v)) is not one this renderer reads (\(versions.joined(separator: ", ")))", path: "/version"))
        case nil:
            let legacy = ["beginRendering", "surfaceUpdate", "dataModelUpdate"].first { o[$0] != nil }
            let why = legacy.map { "a v0.8 message (\($0)); this renderer reads \(versions.joined(separator: ", "))" } ?? "the message has no version"
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, why, path: "/version"))
        case let other?:
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, "version must be a string, found \(other.typeName)", path: "/version"))
        }
        let v1 = version == "v1.0"
        return Result { () throws(A2UIProblem) in
            let (key, body, unknown) = try payload(o, known: v1 ? A2UIDecoderV1.payloads : A2UIDecoderV09.payloads).get()
            let fields = A2UIFields(object: body, path: "/" + key)
            let message = v1 ? try A2UIDecoderV1.message(key, fields) : try A2UIDecoderV09.message(key, fields)
            return Decoded(message: message, version: version, warnings: warnings + unknown)
        }
    }

    /// The one payload key of a message among `known`; several are an error,
    /// an unknown key beside the payload is a warning (lenient, as clients must be).
    static func payload(_ o: JSONObject, known: [String]) -> Result<(key: String, value: JSONObject, warnings: [String]), A2UIProblem> {
        let present = o.keys.filter { known.contains($0) }
        guard present.count == 1, let key = present.first else {
            let message = present.isEmpty
                ? "the message has none of \(known.joined(separator: ", "))"
                : "Message contains multiple update types: \(present.joined(separator: ", "))"
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, message, path: ""))
        }
        guard case .object(let value)? = o[key] else {
            return .failure(A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) must be an object, found \(o[key]?.typeName ?? "nothing")", path: "/" + key))
        }
        let unknown = o.keys.filter { $0 != "version" && $0 != key }
        return .success((key, value, unknown.map { "the message's key \(JSONSerializer.quoted($0)) is not part of the protocol; ignored" }))
    }
}

/// Reading the fields of one payload, with errors that name the JSON pointer.
struct A2UIFields {
    let object: JSONObject
    let path: String

    func string(_ key: String, required: Bool = true) throws(A2UIProblem) -> String? {
        switch object[key] {
        case .string(let s)? where !s.isEmpty: return s
        case nil where !required: return nil
        case nil: throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) is required", path: path + "/" + key)
        case let other?: throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) must be a non-empty string, found \(other.stringValue != nil ? "an empty string" : other.typeName)", path: path + "/" + key)
        }
    }

    func bool(_ key: String) throws(A2UIProblem) -> Bool? {
        switch object[key] {
        case nil: return nil
        case .bool(let b)?: return b
        case let other?: throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) must be a boolean, found \(other.typeName)", path: path + "/" + key)
        }
    }

    func components(_ key: String, required: Bool) throws(A2UIProblem) -> [A2UIComponent] {
        switch object[key] {
        case nil where !required: return []
        case .array(let list)? where !list.isEmpty:
            var seen = Set<String>()
            var out: [A2UIComponent] = []
            for (i, item) in list.enumerated() {
                let component = try A2UIComponent(json: item, path: "\(path)/\(key)/\(i)")
                guard seen.insert(component.id).inserted else {
                    throw A2UIProblem(A2UIProblem.Code.duplicateID, "Duplicate component ID: \(component.id) (twice in one message)", path: "\(path)/\(key)/\(i)/id")
                }
                out.append(component)
            }
            return out
        case let other:
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) must be a non-empty array of components, found \(other.map { $0.arrayValue != nil ? "an empty array" : $0.typeName } ?? "nothing")", path: path + "/" + key)
        }
    }

    /// A data-model path: `/` and `""` (and none) are the whole model; a trailing slash names the same place as
    /// without it (`/foo/` is `/foo`, as the conformance suite and a binding's path read it).
    func pointer(_ key: String) throws(A2UIProblem) -> JSONPointer {
        guard let given = try string(key, required: false), given != "/" else { return .root }
        let text = A2UIScope.withoutTrailingSlash(given)
        do {
            let pointer = try JSONPointer(text.hasPrefix("/") ? text : "/" + text)
            try A2UIScope.checkDepth(pointer)
            return pointer
        } catch {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) is not a JSON pointer: \(error)", path: path + "/" + key)
        }
    }

    func functionCall(_ key: String) throws(A2UIProblem) -> (call: String, catalogID: String?, arguments: JSONObject) {
        guard case .object(let call)? = object[key] else {
            throw A2UIProblem(A2UIProblem.Code.validationFailed, "\(key) must be an object {call, args?}", path: path + "/" + key)
        }
        let fields = A2UIFields(object: call, path: path + "/" + key)
        let name = try fields.string(call["@call"] != nil ? "@call" : "call")!
        switch call["args"] {
        case nil, .object?: break
        case let other?: throw A2UIProblem(A2UIProblem.Code.validationFailed, "args must be an object, found \(other.typeName)", path: fields.path + "/args")
        }
        return (name, try fields.string("catalogId", required: false), call["args"]?.objectValue ?? JSONObject())
    }
}
