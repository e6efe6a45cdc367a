import Dispatch
import StreamChatAI
import Synchronization

/// The cancellation of one send: its HTTP transfer, the tool call it waits
/// for, and its waits between retries all end at once.
final class ChatSendControl: Sendable {
    let http = HTTPCancellation()
    private let running = Mutex<(cancelled: Bool, execution: ToolCallExecution?)>((false, nil))
    private let wake = DispatchSemaphore(value: 0)

    var isCancelled: Bool { running.withLock { $0.cancelled } }

    func cancel() {
        let execution = running.withLock { s -> ToolCallExecution? in
            guard !s.cancelled else { return nil }
            s.cancelled = true
            return s.execution
        }
        http.cancel()
        execution?.cancel(reason: "The reply was cancelled")
        wake.signal()
    }

    /// Marks the tool call the send waits for (nil: none); one started after a cancel is cancelled at once.
    func waiting(for execution: ToolCallExecution?) {
        let cancelled = running.withLock { s -> Bool in
            s.execution = execution
            return s.cancelled
        }
        if cancelled { execution?.cancel(reason: "The reply was cancelled") }
    }

    /// Waits `ms` milliseconds; false when the send was cancelled meanwhile.
    func pause(ms: Int) -> Bool {
        guard !isCancelled else { return false }
        if ms > 0, wake.wait(timeout: .now() + .milliseconds(ms)) == .success {
            wake.signal()  // leave it signalled for any later wait of this send
        }
        return !isCancelled
    }

    func checkCancelled() throws(StreamChatAIError) {
        if isCancelled { throw StreamChatAIError(.cancelled, "the reply was cancelled") }
    }
}

/// The user's message of a send: `{"text"}` or a UI message.
struct ChatUserMessage: Sendable {
    /// The UI message (`{"id", "role", "parts"}`).
    let uiMessage: JSONValue
    let id: String
    /// Its text parts, joined (what Chatbase's endpoint takes).
    let text: String

    init(_ message: JSONValue) throws(StreamChatAIError) {
        guard case .object(var o) = message else { throw .invalid(at: "$", "a message is an object, {\"text\"} or a UI message; found \(message.typeName)") }
        if let parts = o["parts"] {
            guard case .array(let list) = parts else { throw .invalid(at: "$.parts", "expected an array of UI message parts, found \(parts.typeName)") }
            var texts: [String] = []
            for (i, part) in list.enumerated() {
                guard case .object(let p) = part, case .string? = p["type"] else {
                    throw .invalid(at: "$.parts[\(i)]", "a part is an object with a string \"type\"")
                }
                if p["type"] == "text" {
                    guard case .string(let text)? = p["text"] else { throw .invalid(at: "$.parts[\(i)].text", "a text part needs a string \"text\"") }
                    texts.append(text)
                }
            }
            if o["role"] == nil { o["role"] = "user" }
            guard case .string? = o["role"] else { throw .invalid(at: "$.role", "expected a string role") }
            text = texts.joined(separator: "\n")
        } else {
            guard case .string(let t)? = o["text"] else { throw .invalid(at: "$.text", "a message needs a string \"text\" (or UI message \"parts\")") }
            text = t
            let part: JSONValue = ["type": "text", "text": .string(t)]
            o = JSONObject([("id", o["id"] ?? .null), ("role", "user"), ("parts", .array([part]))])
        }
        if case .string(let given)? = o["id"], !given.isEmpty {
            id = given
        } else {
            guard o["id"] == nil || o["id"] == .null else { throw .invalid(at: "$.id", "expected a non-empty string id") }
            id = "u-" + RandomUUID.string()
            o["id"] = .string(id)
        }
        uiMessage = .object(o)
    }
}
