import RewrapLayout

/// The nearest window widths, narrower and wider, at which the layout would
/// decide differently: a control changes row, or a chip is given up or won
/// back. Because the plans are pure, this is a search over proposals.
///
///     let breakpoints = Breakpoints(scene: scene, metrics: metrics, windowWidth: 680)
///     breakpoints.narrower   // e.g. 605: at this width a chip is given up
public struct Breakpoints: Equatable, Sendable {
    /// The widest window width below the current one that lays out differently.
    public var narrower: Double?
    /// The narrowest window width above the current one that lays out differently.
    public var wider: Double?

    /// The nearest widths around `windowWidth` at which `scene`'s layouts decide differently.
    public init(scene: Scene, metrics: Metrics, windowWidth: Double) {
        // The same layouts and proposal rule as the page, so the search cannot drift from it.
        let flow = PageLayout.panelLayout(metrics)
        let chips = PageLayout.chipLayout(metrics)
        func decision(_ window: Double) -> [Int] {
            let proposal = Proposal(width: PageLayout.contentWidth(forWindowWidth: window, metrics))
            let rows = flow.plan(for: proposal, items: scene.panelItems).rows.map(\.items.count)
            return rows + [-1, chips.plan(for: proposal, items: scene.chipItems).visible]
        }
        let current = decision(windowWidth)
        // Once both the panel and the chip row fit on one row, nothing changes any more.
        let widest = max(flow.plan(for: .unspecified, items: scene.panelItems).size.width,
                         chips.plan(for: .unspecified, items: scene.chipItems).size.width) + 2 * metrics.padding + 1
        let start = windowWidth.rounded(.down)
        narrower = stride(from: start - 1, through: 0, by: -1).first { decision($0) != current }
        wider = stride(from: start + 1, through: max(start + 1, widest), by: 1).first { decision($0) != current }
    }
}
