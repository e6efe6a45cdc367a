/// Reads JSON text (RFC 8259) into ``JSONValue``.
///
/// Errors name the byte offset and the JSON path of the value being read.
/// Invalid UTF-8 is rejected, and ``JSONLimits`` bound nesting and size, so
/// hostile input yields an error, never a crash or a stack overflow.
public enum JSONParser {
    /// Parses a whole document held in `bytes`.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default
    ) throws(JSONError) -> JSONValue {
        var reader = try JSONReader(document: bytes, limits: limits)
        return try reader.document()
    }

    /// Parses a document that must be an array, and also says where in `bytes`
    /// each element's text lies, so a writer can copy an element as it came.
    public static func parseArrayWithSpans(
        _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default
    ) throws(JSONError) -> (elements: [JSONValue], spans: [Range<Int>])? {
        var elements: [JSONValue] = []
        var spans: [Range<Int>] = []
        let isArray = try forEachElement(ofArray: bytes, limits: limits) { element, span in
            elements.append(element)
            spans.append(span)
        }
        return isArray ? (elements, spans) : nil
    }

    /// Reads a document that must be an array and hands `body` each element,
    /// with where its text lies in `bytes`, as soon as it is read: only one
    /// element is held at a time, so a long array is processed in the
    /// cache. Returns false (having called `body` for nothing) when the
    /// document is another value; a syntax error after some elements throws,
    /// after `body` saw those.
    public static func forEachElement(
        ofArray bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default,
        _ body: (JSONValue, Range<Int>) -> Void
    ) throws(JSONError) -> Bool {
        try forEachElement(ofArray: bytes, limits: limits, skippingMember: nil, capturingMember: nil) { value, span, _ in body(value, span) }
    }

    /// As ``forEachElement(ofArray:limits:_:)``, for a reader that looks at
    /// elements that are objects in part: a member named `skippedMember` is
    /// checked as strictly as the rest but left out of the element; a member
    /// named `capturedMember` is left out too, and when its value is a string
    /// `body` gets its UTF-8 (checked, escapes decoded, valid only during the
    /// call) rather than a `String` made of it (the last such member wins).
    public static func forEachElement(
        ofArray bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default,
        skippingMember skippedMember: String?, capturingMember capturedMember: String?,
        _ body: (JSONValue, Range<Int>, UnsafeRawBufferPointer?) -> Void
    ) throws(JSONError) -> Bool {
        let opened = try JSONReader(document: bytes, limits: limits)
        return try withoutActuallyEscaping(body) { (body) throws(JSONError) -> Bool in
            var reader = opened
            reader.elementSink = body
            reader.skippedElementMember = skippedMember
            reader.capturedElementMember = capturedMember
            if case .array = try reader.document() { return true }
            return false
        }
    }

    /// Parses a whole document held in `text`.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, JSONError> = text.withUTF8 { utf8 in
            do throws(JSONError) {
                return .success(try parse(UnsafeRawBufferPointer(utf8), limits: limits))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a whole document held in `bytes`.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBytes { raw in
            do throws(JSONError) {
                return .success(try parse(raw, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension JSONValue {
    /// Parses JSON text; see ``JSONParser``.
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONError) {
        self = try JSONParser.parse(text, limits: limits)
    }
}
