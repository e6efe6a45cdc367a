/// How an MCP `tools/call` answer becomes a tool result.
///
/// - `isError: true`: failed, with the result's text (the server's reason).
/// - `structuredContent` (an object): completed, that object the output.
/// - otherwise: completed with `{"text"}`, the text content joined by
///   newlines, plus `{"content"}` when there is content of other kinds.
/// - A JSON-RPC error, or a server that ended: failed, saying which.
enum MCPCallResult {
    static func result(_ reply: MCPConnection.Reply, tool: String, server: String) -> AIToolResult {
        switch reply {
        case .failure(let failure) where failure.code != nil:
            return .failed(reason: "The MCP server \(JSONSerializer.quoted(server)) refused the call of \"\(tool)\": \(failure.description).")
        case .failure(let failure):
            return .failed(reason: "\(capitalized(failure.message)) while running the tool \"\(tool)\".")
        case .success(let value):
            guard case .object(let result) = value else {
                return .failed(reason: "The MCP server \(JSONSerializer.quoted(server)) answered \"\(tool)\" with \(value.typeName), not a result object.")
            }
            if result["resultType"]?.stringValue == "input_required" {
                return .failed(reason: "The MCP tool \"\(tool)\" asked for more input (input_required), which this client does not give.")
            }
            let content = result["content"]?.arrayValue ?? []
            let texts = content.compactMap { item -> String? in item["type"] == .string("text") ? item["text"]?.stringValue : nil }
            let text = texts.joined(separator: "\n")
            if result["isError"] == .bool(true) {
                return .failed(reason: text.isEmpty ? "The MCP tool \"\(tool)\" failed without saying why." : text)
            }
            if case .object(let structured)? = result["structuredContent"] { return .completed(output: structured, summary: nil) }
            var output: [(String, JSONValue)] = [("text", .string(text))]
            if texts.count < content.count { output.append(("content", .array(content))) }
            return .completed(output: JSONObject(output), summary: nil)
        }
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
