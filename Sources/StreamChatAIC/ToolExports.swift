import CStreamChatAIABI
import StreamChatAI

// Client tools: the runner and results (include/streamchatai.h, "Client tools: the runner").

@c @implementation
public func sca_runner_new(_ configJSON: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        try makeHandle(out) { () throws(StreamChatAIError) in
            let configuration = try AIClientToolRunner.Configuration(json: try jsonArgument(configJSON, name: "config_json"))
            return Handles.runners.make(RunnerHandle(runner: try AIClientToolRunner(configuration: configuration)))
        }
    }
}

@c @implementation
public func sca_runner_free(_ runner: OpaquePointer!) {
    guard let handle = Handles.runners.free(runner) else { return }
    PendingResults.forget(owner: handle.id)
    handle.runner.close()
}

@c @implementation
public func sca_runner_add_tool(
    _ runner: OpaquePointer!, _ definitionJSON: UnsafePointer<CChar>!, _ fn: sca_tool_fn!,
    _ ctx: UnsafeMutableRawPointer!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.runners.get(runner)
        let tool = try PendingResults.cTool(definitionJSON, owner: handle.id, fn: fn, ctx: ctx)
        guard handle.runner.add(tool) else {
            throw StreamChatAIError(.refused, "the runner already has a tool named \(JSONSerializer.quoted(tool.name)); the first one stays")
        }
    }
}

@c @implementation
public func sca_runner_registrations(_ runner: OpaquePointer!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(.array(try Handles.runners.get(runner).runner.registrations))
    }
}

@c @implementation
public func sca_runner_ledger(_ runner: OpaquePointer!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        out.pointee = try mallocJSON(.array(try Handles.runners.get(runner).runner.ledger.map(\.jsonValue)))
    }
}

@c @implementation
public func sca_runner_run(
    _ runner: OpaquePointer!, _ attachmentsJSON: UnsafePointer<CChar>!, _ send: sca_send_fn!,
    _ ctx: UnsafeMutableRawPointer!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let handle = try Handles.runners.get(runner)
        guard let send else { throw StreamChatAIError(.invalidArgument, "send is NULL") }
        let values = try attachmentList(attachmentsJSON, name: "attachments_json")
        nonisolated(unsafe) let context = ctx
        let report = handle.runner.run(AIMessagePart.parts(fromPartsOrAttachments: values)) { call, result in
            withJSONCString(call.jsonValue) { callText in
                withJSONCString(result.jsonValue(callID: call.id)) { resultText in send(context, callText, resultText) == 0 }
            }
        }
        if !report.errors.isEmpty {
            throw StreamChatAIError(.internal, "calls not run because the ledger could not record them: " + report.errors.joined(separator: "; "))
        }
    }
}

@c @implementation
public func sca_runner_invoke(
    _ runner: OpaquePointer!, _ eventJSON: UnsafePointer<CChar>!, _ outCallJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = OptionalOutput(outCallJSON)
        let call = try Handles.runners.get(runner).runner.handle(invocation: try jsonArgument(eventJSON, name: "event_json"))
        try out.write(call.jsonValue)
    }
}

@c @implementation
public func sca_result_complete(_ r: OpaquePointer!, _ outputJSON: UnsafePointer<CChar>!, _ summary: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        // Read everything before taking the result, so a bad argument leaves it pending.
        guard PendingResults.isPending(r) else { _ = try PendingResults.take(r); return }
        let output = try objectArgument(outputJSON, name: "output_json", nullIsEmpty: true)
        let text = summary == nil ? nil : try textArgument(summary, name: "summary")
        try complete(r, .completed(output: output, summary: text))
    }
}

@c @implementation
public func sca_result_fail(_ r: OpaquePointer!, _ reason: UnsafePointer<CChar>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        guard PendingResults.isPending(r) else { _ = try PendingResults.take(r); return }
        let text = try textArgument(reason, name: "reason")
        guard !text.isEmpty else { throw StreamChatAIError(.invalidArgument, "reason is empty: say why the tool failed") }
        try complete(r, .failed(reason: text))
    }
}

private func complete(_ r: OpaquePointer?, _ result: AIToolResult) throws(StreamChatAIError) {
    let completion = try PendingResults.take(r)
    guard completion.complete(result) else {
        throw StreamChatAIError(.refused, "the call already has a result: it timed out or was cancelled before this one came")
    }
}

@c @implementation
public func sca_install_id(_ dir: UnsafePointer<CChar>!, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let output = try prepareOutput(out, name: "out")
        let directory = dir == nil ? nil : try textArgument(dir, name: "dir_or_null")
        output.pointee = try mallocString(try AIClientIdentity.installID(directory: directory))
    }
}
