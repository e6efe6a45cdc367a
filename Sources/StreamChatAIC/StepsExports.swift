import CStreamChatAIABI
import StreamChatAI

// Steps: decoding and presentation (include/streamchatai.h, "Steps").

@c @implementation
public func sca_parts_decode(
    _ attachmentsJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    decodeParts(attachmentsJSON, outJSON, payload: .copied)
}

@c @implementation
public func sca_parts_decode_views(
    _ attachmentsJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    decodeParts(attachmentsJSON, outJSON, payload: .index)
}

private func decodeParts(_ attachmentsJSON: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         payload: AIMessagePart.PayloadForm) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let name = "attachments_json"
        let source = try argumentBytes(attachmentsJSON, name: name)
        // Each payload is copied from the caller's text: decoding writes little beyond what it read.
        var writer = JSONWriter(capacity: source.count + source.count / 2 + 64)
        let isArray: Bool
        do throws(JSONError) {
            isArray = try AIMessagePart.writeParts(ofArrayText: source, limits: .process, payload: payload, to: &writer)
        } catch {
            throw StreamChatAIError(error, what: name)
        }
        guard isArray else {
            let value = try jsonArgument(attachmentsJSON, name: name)
            throw StreamChatAIError(.invalidArgument, "\(name): expected a JSON array of attachments at $, found \(value.typeName)")
        }
        out.pointee = try mallocJSON(writer)
    }
}

@c @implementation
public func sca_steps_render(
    _ partsJSON: UnsafePointer<CChar>!, _ optionsJSON: UnsafePointer<CChar>!,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let values = try attachmentList(partsJSON, name: "parts_or_attachments_json")
        let options = try StepsPresentationOptions(
            json: optionsJSON == nil ? .null : try jsonArgument(optionsJSON, name: "options_json"))
        let tree = StepsPresenter.tree(for: AIMessagePart.parts(fromPartsOrAttachments: values), options: options)
        var writer = JSONWriter(capacity: 4096)
        tree.write(to: &writer)
        out.pointee = try mallocJSON(writer)
    }
}
