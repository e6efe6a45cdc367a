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
        out.pointee = try writeFromArray(attachmentsJSON, name: "attachments_json") { source, writer throws(JSONError) in
            try AIMessagePart.writeParts(ofArrayText: source, limits: .process, payload: payload, to: &writer)
        }
    }
}

/// The output `write` makes from the JSON array argument `pointer`, one
/// element at a time, as a malloc'd C string. `write` returns false when the
/// argument holds another value, which is then refused by its type.
private func writeFromArray(
    _ pointer: UnsafePointer<CChar>?, name: String,
    _ write: (UnsafeRawBufferPointer, inout JSONWriter) throws(JSONError) -> Bool
) throws(StreamChatAIError) -> UnsafeMutablePointer<CChar> {
    let source = try argumentBytes(pointer, name: name)
    // Steps are written from the caller's text: the output is rarely past twice its size, so it is sized once.
    var writer = JSONWriter(capacity: source.count * 2 + 256)
    let isArray: Bool
    do throws(JSONError) {
        isArray = try write(source, &writer)
    } catch {
        throw StreamChatAIError(error, what: name)
    }
    guard isArray else {
        let value = try jsonArgument(pointer, name: name)
        throw StreamChatAIError(.invalidArgument, "\(name): expected a JSON array of attachments at $, found \(value.typeName)")
    }
    return try mallocJSON(writer)
}

@c @implementation
public func sca_steps_render(
    _ partsJSON: UnsafePointer<CChar>!, _ optionsJSON: UnsafePointer<CChar>!,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!
) -> sca_status {
    entryPoint { () throws(StreamChatAIError) in
        let out = try prepareOutput(outJSON, name: "out_json")
        let name = "parts_or_attachments_json"
        let options: StepsPresentationOptions
        do throws(StreamChatAIError) {
            options = try StepsPresentationOptions(
                json: optionsJSON == nil ? .null : try jsonArgument(optionsJSON, name: "options_json"))
        } catch {
            _ = try attachmentList(partsJSON, name: name)  // the parts' own error, when they have one, comes first
            throw error
        }
        out.pointee = try writeFromArray(partsJSON, name: name) { source, writer throws(JSONError) in
            try StepsPresenter.writeTree(ofArrayText: source, limits: .process, options: options, to: &writer)
        }
    }
}
