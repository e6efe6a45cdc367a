import CCurl
import StreamChatAI

#if canImport(Glibc)
import Glibc
#endif

/// HTTP through libcurl: TLS from the system, the body read as it arrives,
/// an idle timeout, cancellation from any thread.
///
/// Each transfer runs on the calling thread in a multi handle of its own, so
/// ``HTTPCancellation/cancel()`` wakes its wait at once instead of the next
/// progress poll.
///
/// ```swift
/// let head = try HTTPClient.perform(request, cancellation: cancel) { bytes, head in
///     decoder.feed(bytes)
///     return true  // false stops reading
/// }
/// ```
public enum HTTPClient {
    /// libcurl's global set-up, done once before the first transfer.
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// What one transfer's callbacks share.
    private final class Transfer {
        let easy: UnsafeMutableRawPointer
        let onData: (UnsafeRawBufferPointer, HTTPResponseHead) -> Bool
        var head = HTTPResponseHead()
        var stoppedByReader = false
        var lastActivity = ContinuousClock.now

        init(easy: UnsafeMutableRawPointer, onData: @escaping (UnsafeRawBufferPointer, HTTPResponseHead) -> Bool) {
            self.easy = easy
            self.onData = onData
        }
    }

    /// Sends `request` and hands the body to `onData` piece by piece (with
    /// the head, whose status is final by then); `onData` returns false to
    /// stop reading (no error). Returns the response's head.
    /// - Throws: ``StreamChatAIError`` `.io` (no connection, TLS, a reset or
    ///   silence longer than the idle timeout; the message names the request),
    ///   `.cancelled`, `.invalidArgument` (a URL that is not http or https).
    @discardableResult
    public static func perform(_ request: HTTPRequest, cancellation: HTTPCancellation,
                               onData: (UnsafeRawBufferPointer, HTTPResponseHead) -> Bool) throws(StreamChatAIError) -> HTTPResponseHead {
        guard request.url.hasPrefix("http://") || request.url.hasPrefix("https://") else {
            throw StreamChatAIError(.invalidArgument, "\(JSONSerializer.quoted(request.url)) is not an http or https URL")
        }
        guard initialized, let easy = curl_easy_init() else {
            throw StreamChatAIError(.internal, "libcurl could not be initialised")
        }
        defer { curl_easy_cleanup(easy) }
        return try withoutActuallyEscaping(onData) { (onData) throws(StreamChatAIError) -> HTTPResponseHead in
            let transfer = Transfer(easy: easy, onData: onData)
            return try run(request, transfer, cancellation)
        }
    }

    /// How much of a response body ``exchange(_:cancellation:)`` keeps, and an error message quotes.
    public static let excerptBytes = 512

    /// Sends `request` and reads its (short) response whole: the head and the
    /// first ``excerptBytes`` of the body.
    /// - Throws: as ``perform(_:cancellation:onData:)``.
    public static func exchange(_ request: HTTPRequest, cancellation: HTTPCancellation) throws(StreamChatAIError) -> (head: HTTPResponseHead, body: [UInt8]) {
        var body: [UInt8] = []
        let head = try perform(request, cancellation: cancellation) { bytes, _ in
            body.append(contentsOf: bytes.prefix(max(0, excerptBytes - body.count)))
            return true
        }
        return (head, body)
    }

    /// The `.io` error of a response that is not a success: `HTTP <status> from <METHOD url>: <body excerpt>`.
    public static func statusError(_ request: HTTPRequest, _ head: HTTPResponseHead, _ body: [UInt8]) -> StreamChatAIError {
        let text = String(decoding: body.prefix(excerptBytes), as: UTF8.self).unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : String($0) }.joined()
        return StreamChatAIError(.io, "HTTP \(head.status) from \(request.line)\(text.isEmpty ? "" : ": " + text)")
    }

    private static func run(_ request: HTTPRequest, _ transfer: Transfer, _ cancellation: HTTPCancellation) throws(StreamChatAIError) -> HTTPResponseHead {
        let easy = transfer.easy
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headers) }
        for header in request.headers { headers = curl_slist_append(headers, "\(header.name): \(header.value)") }
        // No "Expect: 100-continue" round trip before a body.
        headers = curl_slist_append(headers, "Expect:")

        // An empty body still needs a valid pointer for curl to read zero bytes from.
        let body = request.body.isEmpty ? [0] : request.body
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let status: CURLcode = body.withUnsafeBufferPointer { bodyBytes in
            errorBuffer.withUnsafeMutableBufferPointer { errors in
                request.url.withCString { url in
                    request.method.withCString { method in
                        "http,https".withCString { protocols in
                            _ = sca_curl_set_pointer(easy, CURLOPT_URL, url)
                            _ = sca_curl_set_pointer(easy, CURLOPT_CUSTOMREQUEST, method)
                            _ = sca_curl_set_pointer(easy, CURLOPT_PROTOCOLS_STR, protocols)
                            _ = sca_curl_set_pointer(easy, CURLOPT_REDIR_PROTOCOLS_STR, protocols)
                            _ = sca_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errors.baseAddress)
                            _ = sca_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headers)
                            if !request.body.isEmpty || request.method == "POST" {
                                _ = sca_curl_set_pointer(easy, CURLOPT_POSTFIELDS, UnsafeRawPointer(bodyBytes.baseAddress!))
                                _ = sca_curl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
                            }
                            _ = sca_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
                            _ = sca_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, request.idleTimeoutMs))
                            _ = sca_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
                            _ = sca_curl_set_data_fn(easy, CURLOPT_HEADERFUNCTION, headerReceived)
                            _ = sca_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
                            _ = sca_curl_set_data_fn(easy, CURLOPT_WRITEFUNCTION, bodyReceived)
                            _ = sca_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
                            return drive(transfer, idleTimeoutMs: request.idleTimeoutMs, cancellation)
                        }
                    }
                }
            }
        }
        switch status {
        case CURLE_OK: return transfer.head
        case CURLE_WRITE_ERROR where transfer.stoppedByReader: return transfer.head
        case CURLE_ABORTED_BY_CALLBACK where cancellation.isCancelled:
            throw StreamChatAIError(.cancelled, "\(request.line) was cancelled")
        case CURLE_OPERATION_TIMEDOUT:
            throw StreamChatAIError(.io, "\(request.line): no data for \(request.idleTimeoutMs) ms (timeout_ms)")
        default:
            let detail = String(decoding: errorBuffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let text = detail.isEmpty ? String(cString: curl_easy_strerror(status)) : detail
            throw StreamChatAIError(.io, "\(request.line) failed: \(text) (curl error \(status.rawValue))")
        }
    }

    /// Runs the transfer in its own multi handle until it ends, is cancelled or goes quiet.
    private static func drive(_ transfer: Transfer, idleTimeoutMs: Int, _ cancellation: HTTPCancellation) -> CURLcode {
        guard let multi = curl_multi_init() else { return CURLE_OUT_OF_MEMORY }
        defer { curl_multi_cleanup(multi) }
        guard cancellation.begin(multi) else { return CURLE_ABORTED_BY_CALLBACK }
        defer { cancellation.end(multi) }
        curl_multi_add_handle(multi, transfer.easy)
        defer { curl_multi_remove_handle(multi, transfer.easy) }
        let idle = Duration.milliseconds(max(1, idleTimeoutMs))
        transfer.lastActivity = .now
        while true {
            var running: Int32 = 0
            let code = curl_multi_perform(multi, &running)
            guard code == CURLM_OK else { return CURLE_RECV_ERROR }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
            }
            if running == 0 { return CURLE_OK }
            if cancellation.isCancelled { return CURLE_ABORTED_BY_CALLBACK }
            if ContinuousClock.now - transfer.lastActivity > idle { return CURLE_OPERATION_TIMEDOUT }
            _ = curl_multi_poll(multi, nil, 0, 250, nil)
        }
    }

    private static let headerReceived: sca_curl_data_fn = { data, size, count, context in
        let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        transfer.lastActivity = .now
        let length = size * count
        guard let data, length > 0 else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response (after a 100 Continue or a redirect) starts its own head.
            transfer.head = HTTPResponseHead(status: Int(sca_curl_response_code(transfer.easy)))
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            transfer.head.headers[name] = value
        }
        return length
    }

    private static let bodyReceived: sca_curl_data_fn = { data, size, count, context in
        let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        transfer.lastActivity = .now
        let length = size * count
        if transfer.head.status == 0 { transfer.head.status = Int(sca_curl_response_code(transfer.easy)) }
        guard transfer.onData(UnsafeRawBufferPointer(start: data, count: length), transfer.head) else {
            transfer.stoppedByReader = true
            return 0
        }
        return length
    }
}
