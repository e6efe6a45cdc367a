import CStreamChatAIABI
import StreamChatAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calling thread's last error message, kept in C memory so
/// `sca_last_error()` can hand out a pointer that stays valid until the next call.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    nonisolated(unsafe) static let empty: UnsafeMutablePointer<CChar> = strdup("")!

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    static func clear() {
        guard let old = pthread_getspecific(key) else { return }
        pthread_setspecific(key, nil)
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        if let p = pthread_getspecific(key) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(empty)
    }
}

/// The status code for an error kind.
func statusCode(_ kind: StreamChatAIError.Kind) -> sca_status {
    switch kind {
    case .invalidArgument: return SCA_E_INVALID_ARGUMENT
    case .invalidJSON: return SCA_E_INVALID_JSON
    case .limitExceeded: return SCA_E_LIMIT
    case .notFound: return SCA_E_NOT_FOUND
    case .refused: return SCA_E_REFUSED
    case .plugin: return SCA_E_PLUGIN
    case .internal: return SCA_E_INTERNAL
    case .io: return SCA_E_IO
    case .cancelled: return SCA_E_CANCELLED
    }
}

/// Runs the body of a fallible entry point: clears the thread's last error,
/// and turns a thrown error into its status code and message.
func entryPoint(_ body: () throws(StreamChatAIError) -> Void) -> sca_status {
    LastError.clear()
    do {
        try body()
        return SCA_OK
    } catch {
        LastError.set(error.message)
        return statusCode(error.kind)
    }
}

/// The bytes of a borrowed C string argument, NUL excluded. strnlen bounds the
/// scan, so an unterminated huge buffer is refused at the size limit.
func argumentBytes(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> UnsafeRawBufferPointer {
    guard let pointer else { throw StreamChatAIError(.invalidArgument, "\(name) is NULL") }
    return UnsafeRawBufferPointer(start: pointer, count: strnlen(pointer, JSONLimits.process.maxBytes + 1))
}

/// Reads a borrowed C string argument as JSON, within the process limits.
func jsonArgument(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> JSONValue {
    let bytes = try argumentBytes(pointer, name: name)
    do {
        return try JSONParser.parse(bytes, limits: .process)
    } catch {
        throw StreamChatAIError(error, what: name)
    }
}

/// A borrowed C string argument as Swift text, refusing NULL and invalid UTF-8.
func textArgument(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> String {
    guard let pointer else { throw StreamChatAIError(.invalidArgument, "\(name) is NULL") }
    guard let text = String(validatingCString: pointer) else {
        throw StreamChatAIError(.invalidArgument, "\(name) is not valid UTF-8")
    }
    return text
}

/// A JSON argument that must be an array (of attachments or parts).
func attachmentList(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> [JSONValue] {
    let value = try jsonArgument(pointer, name: name)
    guard case .array(let elements) = value else {
        throw StreamChatAIError(.invalidArgument, "\(name): expected a JSON array of attachments at $, found \(value.typeName)")
    }
    return elements
}

/// A JSON argument that must be an object; NULL reads as `{}` when `nullIsEmpty`.
func objectArgument(_ pointer: UnsafePointer<CChar>?, name: String, nullIsEmpty: Bool = false) throws(StreamChatAIError) -> JSONObject {
    if pointer == nil && nullIsEmpty { return JSONObject() }
    let value = try jsonArgument(pointer, name: name)
    guard case .object(let object) = value else {
        throw StreamChatAIError(.invalidArgument, "\(name): expected a JSON object at $, found \(value.typeName)")
    }
    return object
}

/// The value's compact JSON text, as a C string for the duration of `body`.
func withJSONCString<R>(_ value: JSONValue, _ body: (UnsafePointer<CChar>) -> R) -> R {
    JSONSerializer.string(value).withCString(body)
}

/// Checks a handle out-pointer, sets it to NULL, and stores the handle `make`
/// returns only when it succeeds, so a failure never leaves a stale value.
func makeHandle(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ make: () throws(StreamChatAIError) -> OpaquePointer)
    throws(StreamChatAIError)
{
    guard let out else { throw StreamChatAIError(.invalidArgument, "out is NULL") }
    out.pointee = nil
    out.pointee = try make()
}

/// Checks an out-pointer and sets it to NULL, so a failure never leaves a stale value.
func prepareOutput(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, name: String)
    throws(StreamChatAIError) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
{
    guard let out else { throw StreamChatAIError(.invalidArgument, "\(name) is NULL") }
    out.pointee = nil
    return out
}

/// A malloc'd, NUL-terminated JSON text of `value`, for the caller to `sca_free`.
func mallocJSON(_ value: JSONValue) throws(StreamChatAIError) -> UnsafeMutablePointer<CChar> {
    var writer = JSONWriter(capacity: 1024)
    writer.value(value)
    return try mallocJSON(writer)
}

/// The text of a finished writer as a malloc'd C string, for the caller to `sca_free`.
func mallocJSON(_ writer: consuming JSONWriter) throws(StreamChatAIError) -> UnsafeMutablePointer<CChar> {
    let size = writer.count
    guard let text = writer.takeCString() else { throw StreamChatAIError(.internal, "out of memory for \(size) bytes of output") }
    return text
}

/// A malloc'd copy of `text`, for the caller to `sca_free`.
func mallocString(_ text: String) throws(StreamChatAIError) -> UnsafeMutablePointer<CChar> {
    guard let copy = strdup(text) else { throw StreamChatAIError(.internal, "out of memory") }
    return copy
}

/// An out-pointer the caller may pass as NULL: cleared at once, so a failure
/// never leaves a stale value, and written only when given.
struct OptionalOutput {
    let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    init(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
        self.pointer = pointer
        pointer?.pointee = nil
    }

    func write(_ value: JSONValue) throws(StreamChatAIError) {
        if let pointer { pointer.pointee = try mallocJSON(value) }
    }
}
