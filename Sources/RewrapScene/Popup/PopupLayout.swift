import RewrapLayout

/// A menu's rows, stacked: each as tall as the tallest option, all as wide
/// as the widest, and the menu at least as wide as the proposal, so that it
/// lines up with its button. Like the other layouts, one plan answers both
/// how big the menu is and where each row goes.
///
///     PopupLayout(metrics: Metrics()).plan(for: Proposal(width: 131), items: measured).size
public struct PopupLayout: Layout {
    public let metrics: Metrics

    /// A menu layout at `metrics`' scale.
    public init(metrics: Metrics) {
        self.metrics = metrics
    }

    /// `items` are the options' measured texts, in order.
    public func plan(for proposal: Proposal, items: [TextMetrics]) -> PopupPlan {
        let rowHeight = ((items.map(\.height).max() ?? 0) + 2 * metrics.optionPaddingY).rounded(.up)
        let textWidth = items.map(\.width).max() ?? 0
        let width = max(proposal.widthLimit ?? 0, (2 * metrics.optionPaddingX + metrics.optionMarkWidth + textWidth).rounded(.up)
                        + 2 * metrics.popupPadding)
        let rows = items.indices.map { index in
            Rect(x: metrics.popupPadding, y: metrics.popupPadding + Double(index) * rowHeight,
                 width: width - 2 * metrics.popupPadding, height: rowHeight)
        }
        let height = 2 * metrics.popupPadding + Double(items.count) * rowHeight
        return PopupPlan(size: Size(width: width, height: height), rows: rows, padding: metrics.popupPadding,
                         indicatorHeight: metrics.menuIndicatorHeight)
    }
}
