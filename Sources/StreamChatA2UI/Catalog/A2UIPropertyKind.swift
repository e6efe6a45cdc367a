/// What a basic-catalog property holds, for checking a component when it
/// arrives and resolving it when it renders.
enum A2UIPropertyKind: Sendable, Hashable {
    /// A string, a binding or a function call.
    case dynamicString
    /// A number, a binding or a function call.
    case dynamicNumber
    /// A boolean, a binding or a function call.
    case dynamicBoolean
    /// A list of strings, a binding or a function call.
    case dynamicStringList
    /// A literal number.
    case number
    /// A literal boolean.
    case boolean
    /// One of the listed strings.
    case choice([String])
    /// The id of one child component.
    case child
    /// Child ids, or a template over a data path.
    case childList
    /// Tabs' `[{title, child}]`.
    case tabs
    /// ChoicePicker's `[{label, value}]`.
    case options
    /// A Button's action: an event to the agent or a local function.
    case action
    /// Validation checks.
    case checks
    /// An Icon's name: a name of the icon set, `{svgPath}` or a binding.
    case icon
}
