import CStreamChatAIABI
import StreamChatAI

// Steps: decoding and presentation (include/streamchatai.h, "Steps").

@c @implementation
public func sca_parts_decode(
    _ attachmentsJSON: UnsafePointer<CChar>!, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let parts = AIMessagePart.parts(from: try attachmentList(attachmentsJSON, name: "attachments_json"))
        out.pointee = try mallocJSON(.array(parts.map(\.jsonValue)))
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
        out.pointee = try mallocJSON(tree.jsonValue)
    }
}
