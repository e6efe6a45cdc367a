import StreamChatAI
import StreamChatClient

#if canImport(Glibc)
import Glibc
#endif

/// What the chat client costs: (1) the stream decoder (SSE framing, lenient
/// chunk reading, folding into the reply) on a 1 MB UI message stream against
/// a one-shot JSON parse of the same chunks; (2) the tool loop's overhead per
/// round over the raw HTTP exchanges of that round, on loopback against a
/// canned in-process server (so the server's own time is the same for both).
enum ChatBench {
    /// A 1 MB stream: text and reasoning deltas, tool calls with streamed inputs and outputs.
    static func stream(approximateBytes: Int) -> (sse: [UInt8], chunks: [[UInt8]]) {
        var chunks: [String] = [#"{"type":"start","messageId":"m1"}"#, #"{"type":"start-step"}"#]
        var i = 0
        var size = 0
        while size < approximateBytes {
            switch i % 8 {
            case 0: chunks.append(#"{"type":"reasoning-delta","id":"r\#(i / 64)","delta":"Thinking about step \#(i) of the plan, "}"#)
            case 1, 2, 3, 4: chunks.append(#"{"type":"text-delta","id":"t\#(i / 64)","delta":"word \#(i) with some more text "}"#)
            case 5: chunks.append(#"{"type":"tool-input-start","toolCallId":"c\#(i)","toolName":"lookup"}"#)
            case 6: chunks.append(#"{"type":"tool-input-available","toolCallId":"c\#(i - 1)","toolName":"lookup","input":{"q":"item \#(i)","limit":10}}"#)
            default: chunks.append(#"{"type":"tool-output-available","toolCallId":"c\#(i - 2)","output":{"found":[1,2,3],"note":"ok"}}"#)
            }
            size += chunks.last!.utf8.count + 8
            i += 1
        }
        chunks += [#"{"type":"finish-step"}"#, #"{"type":"finish"}"#, "[DONE]"]
        var sse: [UInt8] = []
        for chunk in chunks { sse += Array("data: \(chunk)\n\n".utf8) }
        return (sse, chunks.dropLast().map { Array($0.utf8) })
    }

    struct DecodeResult { var bytes: Int, decoderMicros: Double, foldMicros: Double, parseMicros: Double }

    /// The stream fed in pieces of 4 KB, as a socket hands them over: each
    /// event's chunk read, and folded into a reply when `fold`.
    static func decodeStream(_ sse: [UInt8], fold: Bool) -> Int {
        var decoder = SSEDecoder()
        var reply = ChatReply(messageID: "m")
        var chunks = 0
        sse.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 4096)
                decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])) { data in
                    guard case .chunk(let chunk) = UIMessageChunk.read(data) else { return }
                    chunks += 1
                    if fold { _ = reply.apply(chunk, atMs: 0) }
                }
                offset = end
            }
        }
        return fold ? reply.chunkCount : chunks
    }

    static func decode(budgetSeconds: Double) -> DecodeResult {
        let (sse, chunks) = stream(approximateBytes: 1 << 20)
        let times = bestSecondsPerCall(budget: budgetSeconds, comparing: [
            { precondition(decodeStream(sse, fold: false) == chunks.count) },
            { precondition(decodeStream(sse, fold: true) == chunks.count) },
            {
                var count = 0
                for chunk in chunks { if (try? JSONParser.parse(chunk)) != nil { count += 1 } }
                precondition(count == chunks.count)
            },
        ])
        return DecodeResult(bytes: sse.count, decoderMicros: times[0] * 1e6, foldMicros: times[1] * 1e6, parseMicros: times[2] * 1e6)
    }

    /// The decoder's phases on the same stream, in microseconds: SSE framing; framing and chunk reading; everything.
    static func phases(budgetSeconds: Double) -> [Double] {
        let (sse, _) = stream(approximateBytes: 1 << 20)
        func run(_ level: Int) {
            var decoder = SSEDecoder()
            var reply = ChatReply(messageID: "m")
            var events = 0
            sse.withUnsafeBytes { bytes in
                decoder.feed(bytes) { data in
                    events += 1
                    guard level > 0 else { return }
                    if level == 3 { _ = try? JSONParser.parse(data); return }
                    if case .chunk(let chunk) = UIMessageChunk.read(data), level > 1 { _ = reply.apply(chunk, atMs: 0) }
                }
            }
            precondition(events > 0)
        }
        return (0...3).map { level in
            var best = Double.infinity
            for _ in 0..<15 {
                let start = now()
                run(level)
                best = min(best, now() - start)
            }
            return best * 1e6
        }
    }

    struct LoopResult { var rawMicros: Double, loopMicros: Double, rounds: Int }

    /// A tool round trip (send → tool call → result POST → continuation)
    /// through the client, against the same three requests made directly.
    static func loop(budgetSeconds: Double) -> LoopResult? {
        guard let server = CannedServer() else { return nil }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        guard let client = try? AIChatClient(configuration: .init(json: ["transport": "chatbase", "base_url": .string(base), "agent_id": "a"])),
              let definition = try? AIToolDefinition(json: ["name": "get_time", "inputSchema": ["type": "object"]])
        else { return nil }
        client.register(AIClientTool(definition: definition) { _, completion in _ = completion.complete(.completed(output: ["t": 1], summary: nil)) })
        let cancel = HTTPCancellation()
        func exchange(_ path: String, _ body: String) {
            let request = HTTPRequest(url: base + path, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            var received = 0
            _ = try? HTTPClient.perform(request, cancellation: cancel) { bytes, _ in received += bytes.count; return true }
            precondition(received > 0)
        }
        let times = bestSecondsPerCall(budget: budgetSeconds, comparing: [
            {
                exchange("/agents/a/chat", #"{"message":"tool","stream":true}"#)
                exchange("/agents/a/conversations/c1/tool-result", #"{"toolCallId":"call_1","output":{"t":1}}"#)
                exchange("/agents/a/chat", #"{"conversationId":"c1","stream":true}"#)
            },
            { precondition((try? client.send(message: ["text": "tool"]))?.rounds == 2) },
        ])
        return LoopResult(rawMicros: times[0] * 1e6, loopMicros: times[1] * 1e6, rounds: 2)
    }
}

/// A loopback HTTP server answering with canned bodies: a stream with one
/// tool call for a first message, `{"data":{"success":true}}` for a tool
/// result, a text stream for a continuation. One connection at a time.
final class CannedServer: @unchecked Sendable {
    let port: Int
    private let socketFD: Int32
    private var thread = pthread_t()

    private static let toolStream = Array(("data: {\"type\":\"start\",\"messageId\":\"m1\"}\n\n"
        + "data: {\"type\":\"tool-input-available\",\"toolCallId\":\"call_1\",\"toolName\":\"get_time\",\"input\":{}}\n\n"
        + "data: {\"type\":\"finish\",\"messageMetadata\":{\"conversationId\":\"c1\",\"finishReason\":\"tool-calls\"}}\n\ndata: [DONE]\n\n").utf8)
    private static let textStream = Array(("data: {\"type\":\"start\",\"messageId\":\"m2\"}\n\n"
        + "data: {\"type\":\"text-delta\",\"id\":\"t\",\"delta\":\"It is one.\"}\n\n"
        + "data: {\"type\":\"finish\",\"messageMetadata\":{\"conversationId\":\"c1\",\"finishReason\":\"stop\"}}\n\ndata: [DONE]\n\n").utf8)
    private static let ok = Array(#"{"data":{"success":true}}"#.utf8)

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { raw in
            let server = Unmanaged<CannedServer>.fromOpaque(raw!).takeRetainedValue()
            server.serve()
            return nil
        }, box)
    }

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        pthread_join(thread, nil)
        close(socketFD)
    }

    private func serve() {
        while true {
            let connection = accept(socketFD, nil, nil)
            guard connection >= 0 else { return }
            var one: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            answer(connection)
            close(connection)
        }
    }

    private func answer(_ connection: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            let n = read(connection, &buffer, buffer.count)
            guard n > 0 else { return }
            request += buffer[0..<n]
            if headerEnd == nil, let end = request.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headerEnd = end
                let head = String(decoding: request[..<end], as: UTF8.self).lowercased()
                if let range = head.firstRange(of: "content-length: ") {
                    contentLength = Int(head[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
            }
            if let end = headerEnd, request.count >= end + contentLength { break }
        }
        let text = String(decoding: request, as: UTF8.self)
        let (type, body): (String, [UInt8]) = text.contains("/tool-result") ? ("application/json", Self.ok)
            : text.contains("\"message\"") ? ("text/event-stream", Self.toolStream) : ("text/event-stream", Self.textStream)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        _ = (head + body).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}
