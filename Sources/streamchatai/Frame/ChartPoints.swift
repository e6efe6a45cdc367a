import StreamChatAI

/// One bar of a chart as the previews draw it.
struct ChartBar {
    /// What the bar stands for: the series' category and the chart's label for its position, when the IR names them.
    var label: String
    /// The number as the IR gives it.
    var value: Double
    /// The bar's length as a share of the largest value, from 0 to 1: no bar for a value at or below zero.
    var share: Double

    /// The number as JavaScript writes it, as the renderers write numbers as text: 5, not 5.0.
    var valueText: String { ShortestDecimal.javaScriptString(value) }
}

extension UINode {
    /// The numbers a chart node shows, each with its label and its bar: every `value`, `data` or `values` number in
    /// its props and its children's, in order. A series' numbers are labelled by the nearest `labels` list above
    /// them (OpenUI's `BarChart(labels, [Series(category, values)])`), else by their position.
    ///
    /// The shares are measured against the largest finite value, so numbers an agent sent (1e-300 beside -1e300,
    /// which overflow a division) give lengths between 0 and 1, never a length a drawer cannot make.
    var chartBars: [ChartBar] {
        var points: [(label: String, value: Double)] = []
        func collect(_ n: UINode, labels: [String]) {
            let labels = n.props["labels"]?.arrayValue?.map { $0.stringValue ?? JSONSerializer.string($0) } ?? labels
            let name = n.visibleText ?? n.props["category"]?.stringValue
            for key in ["value", "data", "values"] {
                switch n.props[key] {
                case .integer(let i)?: points.append((name ?? "", Double(i)))
                case .number(let d)? where d.isFinite: points.append((name ?? "", d))
                case .array(let items)?:
                    for (i, item) in items.enumerated() {
                        let d: Double? = switch item {
                        case .integer(let v): Double(v)
                        case .number(let v) where v.isFinite: v
                        default: nil
                        }
                        let position = i < labels.count ? labels[i] : String(i + 1)
                        if let d { points.append(([name, position].compactMap { $0 }.joined(separator: " "), d)) }
                    }
                default: break
                }
            }
            for child in n.children { collect(child, labels: labels) }
        }
        collect(self, labels: [])
        let top = points.map(\.value).max() ?? 0
        return points.map { point in
            ChartBar(label: point.label, value: point.value, share: top > 0 && point.value > 0 ? min(1, point.value / top) : 0)
        }
    }
}
