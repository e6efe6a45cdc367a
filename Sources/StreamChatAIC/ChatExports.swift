import CStreamChatAIABI
import StreamChatAI
import StreamChatClient

// The agent chat client (include/streamchatai.h, "The agent chat client").

/// The object behind an `sca_chat_client *`.
final class ChatClientHandle: Sendable {
    let client: AIChatClient
    let id = PendingResults.newOwner()
    init(client: AIChatClient) { self.client = client }
}

extension Handles {
    static let chatClients = HandleTable<ChatClientHandle>(name: "chat_client")
}

@c @implementation
public func sca_chat_client_new(_ configJSON: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try makeHandle(out) { () throws(StreamChatAIError) in
            let configuration = try AIChatClient.Configuration(json: try jsonArgument(configJSON, name: "config_json"))
            return Handles.chatClients.make(ChatClientHandle(client: try AIChatClient(configuration: configuration)))
        }
    }
}

@c @implementation
public func sca_chat_client_free(_ client: OpaquePointer!) {
    guard let handle = Handles.chatClients.free(client) else { return }
    PendingResults.forget(owner: handle.id)
    handle.client.close()
}

@c @implementation
public func sca_chat_client_add_tool(
    _ client: OpaquePointer!, _ definitionJSON: UnsafePointer<CChar>!, _ fn: sca_tool_fn!, _ ctx: UnsafeMutableRawPointer!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.chatClients.get(client)
        handle.client.register(try PendingResults.cTool(definitionJSON, owner: handle.id, fn: fn, ctx: ctx))
    }
}

@c @implementation
public func sca_chat_client_load_plugins(
    _ client: OpaquePointer!, _ dir: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try loadPlugins(into: try Handles.chatClients.get(client).client, dir, outReport) }
}

@c @implementation
public func sca_chat_client_add_mcp_server(
    _ client: OpaquePointer!, _ config: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try addMCPServer(to: try Handles.chatClients.get(client).client, config, outReport) }
}

@c @implementation
public func sca_chat_client_set_callback(_ client: OpaquePointer!, _ fn: sca_chat_event_fn!, _ ctx: UnsafeMutableRawPointer!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.chatClients.get(client)
        guard let fn else {
            handle.client.onEvent = nil
            return
        }
        nonisolated(unsafe) let context = ctx
        handle.client.onEvent = { event in withJSONCString(event.jsonValue) { fn(context, $0) } }
    }
}

@c @implementation
public func sca_chat_client_set_approver(_ client: OpaquePointer!, _ fn: sca_chat_approve_fn!, _ ctx: UnsafeMutableRawPointer!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.chatClients.get(client)
        guard let fn else {
            handle.client.approver = nil
            return
        }
        nonisolated(unsafe) let context = ctx
        handle.client.approver = { request in withJSONCString(request.jsonValue) { fn(context, $0) != 0 } }
    }
}

@c @implementation
public func sca_chat_client_send(
    _ client: OpaquePointer!, _ conversationID: UnsafePointer<CChar>!, _ messageJSON: UnsafePointer<CChar>!,
    _ outResponse: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outResponse)
        let handle = try Handles.chatClients.get(client)
        let conversation = conversationID == nil ? nil : try textArgument(conversationID, name: "conversation_id")
        let message = try jsonArgument(messageJSON, name: "message_json")
        try out.write(try handle.client.send(conversationID: conversation, message: message).jsonValue)
    }
}

@c @implementation
public func sca_chat_client_retry(
    _ client: OpaquePointer!, _ conversationID: UnsafePointer<CChar>!, _ messageID: UnsafePointer<CChar>!,
    _ outResponse: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outResponse)
        let handle = try Handles.chatClients.get(client)
        let conversation = try textArgument(conversationID, name: "conversation_id")
        let message = try textArgument(messageID, name: "message_id")
        try out.write(try handle.client.retry(conversationID: conversation, messageID: message).jsonValue)
    }
}

@c @implementation
public func sca_chat_client_cancel(_ client: OpaquePointer!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try Handles.chatClients.get(client).client.cancel() }
}
