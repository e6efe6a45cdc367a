import StreamChatAI

extension UINode {
    /// The numbers a chart node shows, each with its label: every `value`,
    /// `data` or `values` number in its props and its children's, in order.
    var chartPoints: [(label: String, value: Double)] {
        var points: [(label: String, value: Double)] = []
        func collect(_ n: UINode) {
            for key in ["value", "data", "values"] {
                switch n.props[key] {
                case .integer(let i)?: points.append((n.visibleText ?? n.props["category"]?.stringValue ?? "", Double(i)))
                case .number(let d)?: points.append((n.visibleText ?? n.props["category"]?.stringValue ?? "", d))
                case .array(let items)?:
                    for (i, item) in items.enumerated() {
                        let d: Double? = switch item {
                        case .integer(let v): Double(v)
                        case .number(let v): v
                        default: nil
                        }
                        if let d { points.append(("\(n.visibleText ?? "")\(i + 1)", d)) }
                    }
                default: break
                }
            }
            n.children.forEach(collect)
        }
        collect(self)
        return points
    }
}
