/// How far apart neighbouring items sit, across a row and between rows.
///
///     .constant(8)             // every gap is 8
///     .preferred(default: 8)   // each gap is the larger of the two items' wishes
///
/// Negative values count as zero.
public enum Spacing: Hashable, Sendable {
    case constant(Double)
    /// Each item's `preferredSpacing`, or `default` where it has none. The gap
    /// between two items is the larger of their preferences; the gap between two
    /// rows is the largest preference found in either row.
    case preferred(default: Double)

    func preference(of item: FlowItem) -> Double {
        switch self {
        case .constant(let value): return Swift.max(0, value)
        case .preferred(let fallback): return Swift.max(0, item.preferredSpacing ?? fallback)
        }
    }

    func gap(between leading: FlowItem, and trailing: FlowItem) -> Double {
        Swift.max(preference(of: leading), preference(of: trailing))
    }
}
