import CStreamChatAIABI
import StreamChatAI
import StreamChatRenderers

// The conversation model (include/streamchatai.h, "Conversations").

@c @implementation
public func sca_conversation_new(_ configJSON: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try makeHandle(out) { () throws(StreamChatAIError) in
            let json = try jsonArgument(configJSON, name: "config_json")
            let configuration = try AIConversation.Configuration(json: json)
            let ui: AIUIHost.Configuration
            do throws(StreamChatAIError) {
                ui = try AIUIHost.Configuration(json: AIConversation.Configuration.uiConfiguration(in: json), builtIns: BuiltInRenderers.all)
            } catch {
                // The UI host's paths are inside "ui".
                throw StreamChatAIError(error.kind, error.message.hasPrefix("$") ? "$.ui" + error.message.dropFirst() : error.message)
            }
            let host = try AIUIHost(configuration: ui, builtIns: BuiltInRenderers.all)
            return Handles.conversations.make(ConversationHandle(AIConversation(configuration: configuration, host: host)))
        }
    }
}

@c @implementation
public func sca_conversation_update(_ conversation: OpaquePointer!, _ messageJSON: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try Handles.conversations.get(conversation).conversation.update(try jsonArgument(messageJSON, name: "message_json"))
    }
}

@c @implementation
public func sca_conversation_render(_ conversation: OpaquePointer!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.conversations.get(conversation)
        let out = try prepareOutput(outJSON, name: "out_ir_json")
        out.pointee = try mallocJSON(handle.conversation.renderJSON())
    }
}

@c @implementation
public func sca_conversation_free(_ conversation: OpaquePointer!) {
    _ = Handles.conversations.free(conversation)
}
