import CStreamChatAIPluginABI

#if canImport(Glibc)
import Glibc
#endif

/// The tool calls handed to plugins. An `sca_plugin_call *` is an id into
/// this table, never dereferenced, so a plugin that completes a call twice,
/// late, or with a made-up pointer gets an error code, not a crash.
enum PluginCalls {
    private static let table = CompletionTable()

    static func register(_ completion: AIToolCompletion) -> OpaquePointer { table.register(completion) }

    static func forget(_ call: OpaquePointer) { _ = table.take(call) }

    static func completion(_ call: OpaquePointer?) -> AIToolCompletion? { table.completion(call) }

    /// `host->complete`: 0 when the result was taken.
    static let complete: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32 = { call, text in
        guard let call, let text, let completion = completion(call) else { return 1 }
        let length = strlen(text)
        guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(start: text, count: length)),
              let result = try? AIToolResult(json: value)
        else { return 3 }
        forget(call)
        return completion.complete(result) ? 0 : 2
    }

    /// `host->is_cancelled`.
    static let isCancelled: @convention(c) (OpaquePointer?) -> Int32 = { call in
        guard let completion = completion(call) else { return 1 }
        return completion.isCancelled ? 1 : 0
    }
}
