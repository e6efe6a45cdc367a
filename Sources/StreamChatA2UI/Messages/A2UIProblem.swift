import StreamChatAI

/// Something wrong with what the agent sent or with the UI it describes:
/// the A2UI error code, where (the message's line, a JSON pointer into it,
/// the surface), and what, in words.
public struct A2UIProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error code: `VALIDATION_FAILED` and the others of ``Code``.
    public var code: String
    /// What is wrong.
    public var message: String
    /// The surface it concerns, when one does.
    public var surfaceID: String?
    /// A JSON pointer into the message (`/updateComponents/components/2/text`), when the problem is in one.
    public var path: String?
    /// The message's line in the document (1-based), when known.
    public var line: Int?

    /// The codes this renderer reports.
    public enum Code {
        /// A message or component does not fit the protocol or the catalog (the spec's code).
        public static let validationFailed = "VALIDATION_FAILED"
        /// A line is not JSON.
        public static let invalidJSON = "INVALID_JSON"
        /// A message names a surface that was never created (or was deleted).
        public static let surfaceNotFound = "SURFACE_NOT_FOUND"
        /// `createSurface` for a surface that exists.
        public static let surfaceExists = "SURFACE_EXISTS"
        /// A catalog id that names no catalog the renderer has.
        public static let catalogNotFound = "CATALOG_NOT_FOUND"
        /// A component type that its catalog does not define.
        public static let unknownComponent = "UNKNOWN_COMPONENT"
        /// A component that contains itself.
        public static let circularReference = "CIRCULAR_REFERENCE"
        /// A component placed twice, or two components with one id in a message.
        public static let duplicateID = "DUPLICATE_ID"
        /// A child that never arrived, or no `root`, once the reply is complete.
        public static let danglingReference = "DANGLING_REFERENCE"
        /// A function that the catalog does not define and no tool provides, or that failed.
        public static let functionFailed = "EXPRESSION_ERROR"
        /// Nesting, size or count past a limit.
        public static let limit = "LIMIT_EXCEEDED"
        /// An agent's call of a renderer function that may not be called so.
        public static let invalidFunctionCall = "INVALID_FUNCTION_CALL"
    }

    /// A problem.
    public init(_ code: String, _ message: String, surfaceID: String? = nil, path: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.surfaceID = surfaceID
        self.path = path
        self.line = line
    }

    /// `line 3: VALIDATION_FAILED (surface s1) at /updateComponents/components/0: …`.
    public var description: String {
        var out = ""
        if let line { out += "line \(line): " }
        out += code
        if let surfaceID { out += " (surface \(surfaceID))" }
        if let path, !path.isEmpty { out += " at \(path)" }
        return out + ": " + message
    }
}
