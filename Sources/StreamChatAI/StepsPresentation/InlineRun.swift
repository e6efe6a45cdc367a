/// Text styles of an inline run.
public struct InlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `**bold**` or `__bold__`.
    public static let bold = InlineStyle(rawValue: 1)
    /// `*italic*` or `_italic_`.
    public static let italic = InlineStyle(rawValue: 2)
    /// `` `code` ``.
    public static let code = InlineStyle(rawValue: 4)
}

/// A stretch of text with one style, as byte ranges into its ``ReasoningDocument``.
///
/// Ranges rather than strings keep laying out a growing document cheap: a run
/// that grows only moves its upper bound.
public struct InlineRun: Sendable, Hashable {
    /// Where the run's text is in the document's UTF-8 bytes.
    public var range: Range<Int>
    /// The run's style.
    public var style: InlineStyle
    /// Where the link target is in the document's bytes, when the run is part of a link.
    public var link: Range<Int>?
}

/// A paragraph of reasoning: text between blank lines, as inline runs.
public struct ReasoningParagraph: Sendable, Hashable {
    /// Where the paragraph's text is in the document's bytes.
    public var range: Range<Int>
    /// The paragraph's runs, in order.
    public var runs: [InlineRun]
}
