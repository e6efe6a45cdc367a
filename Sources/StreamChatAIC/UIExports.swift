import CStreamChatAIABI
import StreamChatAI
import StreamChatRenderers

#if canImport(Glibc)
import Glibc
#endif

// Generative UI (include/streamchatai.h, "Generative UI").

/// The live host and the reply id most UI calls start with.
private func hostAndReply(_ host: OpaquePointer?, _ messageID: UnsafePointer<CChar>?)
    throws(StreamChatAIError) -> (UIHostHandle, String)
{
    (try Handles.uiHosts.get(host), try textArgument(messageID, name: "message_id"))
}

@c @implementation
public func sca_ui_host_new(_ configJSON: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try makeHandle(out) { () throws(StreamChatAIError) in
            let configuration = configJSON == nil
                ? AIUIHost.Configuration()
                : try AIUIHost.Configuration(json: try jsonArgument(configJSON, name: "config_json"), builtIns: BuiltInRenderers.all)
            let host = try AIUIHost(configuration: configuration, builtIns: BuiltInRenderers.all)
            return Handles.uiHosts.make(UIHostHandle(host: host))
        }
    }
}

@c @implementation
public func sca_ui_host_free(_ host: OpaquePointer!) {
    guard let handle = Handles.uiHosts.free(host) else { return }
    PendingResults.forget(owner: handle.id)
    handle.host.setCallbacks(send: nil, open: nil, onError: nil)
    handle.host.setRenderCallback(nil)
}

@c @implementation
public func sca_ui_host_add_component(_ host: OpaquePointer!, _ definitionJSON: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.uiHosts.get(host)
        let component = try AIUIComponentDefinition(json: try jsonArgument(definitionJSON, name: "definition_json"))
        guard handle.host.add(component: component) else {
            throw StreamChatAIError(.refused, "the host already has a component named \(JSONSerializer.quoted(component.name))")
        }
    }
}

@c @implementation
public func sca_ui_host_add_tool(
    _ host: OpaquePointer!, _ definitionJSON: UnsafePointer<CChar>!, _ fn: sca_tool_fn!, _ ctx: UnsafeMutableRawPointer!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.uiHosts.get(host)
        let tool = try PendingResults.cTool(definitionJSON, owner: handle.id, fn: fn, ctx: ctx)
        guard handle.host.add(tool: tool) else {
            throw StreamChatAIError(.refused, "the host already has a tool named \(JSONSerializer.quoted(tool.name))")
        }
    }
}

@c @implementation
public func sca_ui_host_load_plugins(
    _ host: OpaquePointer!, _ dir: UnsafePointer<CChar>!, _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in try loadPlugins(into: try Handles.uiHosts.get(host).host, dir, outReport) }
}

@c @implementation
public func sca_ui_host_set_callbacks(
    _ host: OpaquePointer!, _ send: sca_ui_send_fn!, _ open: sca_ui_open_fn!, _ error: sca_ui_error_fn!, _ ctx: UnsafeMutableRawPointer!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.uiHosts.get(host)
        nonisolated(unsafe) let context = ctx
        var sendAction: AIUIHost.Send?
        if let send {
            sendAction = { action in withJSONCString(action.jsonValue) { text in send(context, text) == 0 } }
        }
        var openLink: AIUIHost.Open?
        if let open {
            openLink = { url in open(context, url) == 0 }
        }
        var report: AIUIHost.OnError?
        if let error {
            report = { messageID, problem in
                guard let messageID else { return error(context, nil, problem) }
                error(context, messageID, problem)
            }
        }
        handle.host.setCallbacks(send: sendAction, open: openLink, onError: report)
    }
}

@c @implementation
public func sca_ui_host_set_render_callback(_ host: OpaquePointer!, _ fn: sca_ui_render_fn!, _ ctx: UnsafeMutableRawPointer!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.uiHosts.get(host)
        nonisolated(unsafe) let context = ctx
        var callback: AIUIHost.OnNeedsRender?
        if let fn { callback = { messageID in fn(context, messageID) } }
        handle.host.setRenderCallback(callback)
    }
}

@c @implementation
public func sca_ui_host_receive(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ customData: UnsafePointer<CChar>!,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outJSON)
        let (handle, id) = try hostAndReply(host, messageID)
        let reason = handle.host.receive(messageID: id, customData: try jsonArgument(customData, name: "custom_data_json"))
        try out.write(reason.map { ["ui": false, "reason": .string($0.reason)] } ?? ["ui": true])
    }
}

@c @implementation
public func sca_ui_host_render(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_ir_json")
        let (handle, id) = try hostAndReply(host, messageID)
        guard let ir = handle.host.render(messageID: id) else {
            throw StreamChatAIError(.notFound, "the reply \(id) has no UI to show: show its text")
        }
        var writer = JSONWriter(capacity: 4096)
        ir.write(to: &writer)
        out.pointee = try mallocJSON(writer)
    }
}

@c @implementation
public func sca_ui_host_append(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ text: UnsafePointer<CChar>!, _ streaming: Int32
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let (handle, id) = try hostAndReply(host, messageID)
        try handle.host.append(messageID: id, text: try textArgument(text, name: "text"), isStreaming: streaming != 0, limits: .process)
    }
}

@c @implementation
public func sca_ui_host_render_ops(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let (handle, id) = try hostAndReply(host, messageID)
        guard let (render, ops) = handle.host.renderOps(messageID: id) else {
            throw StreamChatAIError(.notFound, "the reply \(id) has no UI to show: show its text")
        }
        var writer = JSONWriter(capacity: 1024)
        render.write(to: &writer, ops: ops)
        out.pointee = try mallocJSON(writer)
    }
}

@c @implementation
public func sca_ui_host_event(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ eventJSON: UnsafePointer<CChar>!,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outJSON)
        let (handle, id) = try hostAndReply(host, messageID)
        let event = try AIUIEvent(json: try jsonArgument(eventJSON, name: "event_json"))
        try out.write(try handle.host.handle(event, messageID: id).jsonValue)
    }
}

@c @implementation
public func sca_ui_host_retry_actions(
    _ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outJSON)
        let (handle, id) = try hostAndReply(host, messageID)
        try out.write(handle.host.retryActions(messageID: id).jsonValue)
    }
}

@c @implementation
public func sca_ui_host_forget(_ host: OpaquePointer!, _ messageID: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let (handle, id) = try hostAndReply(host, messageID)
        handle.host.forget(messageID: id)
    }
}

@c @implementation
public func sca_ui_host_run_tool(
    _ host: OpaquePointer!, _ name: UnsafePointer<CChar>!, _ argumentsJSON: UnsafePointer<CChar>!, _ userInitiated: Int32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_result_json")
        let handle = try Handles.uiHosts.get(host)
        let tool = try textArgument(name, name: "name")
        let arguments = try objectArgument(argumentsJSON, name: "arguments_json", nullIsEmpty: true)
        out.pointee = try mallocJSON(handle.host.runTool(tool, arguments: arguments, userInitiated: userInitiated != 0).jsonValue)
    }
}

@c @implementation
public func sca_ui_host_open(_ host: OpaquePointer!, _ url: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let link = try textArgument(url, name: "url")
        guard try Handles.uiHosts.get(host).host.open(link) else {
            throw StreamChatAIError(.refused, "the link was not opened: its scheme is not allowed, or the open callback declined it")
        }
    }
}

@c @implementation
public func sca_ui_host_capabilities(_ host: OpaquePointer!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(try Handles.uiHosts.get(host).host.capabilities.jsonValue)
    }
}

/// A render (`{"ir", "root"}`) or a bare node.
private func nodeArgument(_ pointer: UnsafePointer<CChar>?, name: String) throws(StreamChatAIError) -> UINode {
    let value = try jsonArgument(pointer, name: name)
    do {
        return try UINode(tree: value["root"] ?? value)
    } catch {
        throw StreamChatAIError(.invalidArgument, "\(name): \(error.message)")
    }
}

@c @implementation
public func sca_ui_diff(
    _ oldJSON: UnsafePointer<CChar>!, _ newJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_ops_json")
        let old = try nodeArgument(oldJSON, name: "old_json")
        let new = try nodeArgument(newJSON, name: "new_json")
        out.pointee = try mallocJSON(.array(UIDiff.ops(from: old, to: new).map(\.jsonValue)))
    }
}

@c @implementation
public func sca_fence_extractor_new(_ configJSON: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try makeHandle(out) { () throws(StreamChatAIError) in
            let config = try jsonArgument(configJSON, name: "config_json")
            let extractor: AIUIFenceExtractor
            do throws(StreamChatAIError) {
                extractor = try AIUIFenceExtractor(json: config)
            } catch {
                throw StreamChatAIError(error.kind, "config_json: \(error.message)")
            }
            return Handles.extractors.make(ExtractorHandle(extractor))
        }
    }
}

@c @implementation
public func sca_fence_extractor_feed(
    _ extractor: OpaquePointer!, _ chunk: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outJSON)
        let handle = try Handles.extractors.get(extractor)
        guard let chunk else { throw StreamChatAIError(.invalidArgument, "chunk is NULL") }
        let bytes = UnsafeRawBufferPointer(start: chunk, count: strlen(chunk))
        try out.write(try handle.extractor.withLock { e throws(StreamChatAIError) in
            do throws(StreamChatAIError) {
                try e.feed(utf8: bytes)
            } catch {
                throw StreamChatAIError(.invalidArgument, "chunk: \(error.message)")
            }
            return e.jsonValue
        })
    }
}

@c @implementation
public func sca_fence_extractor_finish(_ extractor: OpaquePointer!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outJSON)
        let handle = try Handles.extractors.get(extractor)
        try out.write(handle.extractor.withLock { e in
            e.finish()
            return e.jsonValue
        })
    }
}

@c @implementation
public func sca_fence_extractor_free(_ extractor: OpaquePointer!) {
    _ = Handles.extractors.free(extractor)
}
