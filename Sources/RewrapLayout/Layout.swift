/// A layout answers two questions, how big it is and where each item goes,
/// from one plan, so the answers can never disagree.
///
///     let plan = FlowLayout(spacing: .constant(8)).plan(for: Proposal(width: 300), items: items)
///     plan.size                                 // what `sizeThatFits` reports
///     plan.frames(in: Rect(x: 20, y: 52, ...))  // what `placeItems` places
///
/// SwiftUI splits these into `sizeThatFits` and `placeSubviews`; here both
/// read one plan, so the shared work is a value instead of a cache side channel.
public protocol Layout {
    /// What the layout places, measured: its items' sizes and preferences.
    associatedtype Items
    /// The decisions one proposal leads to, read by sizing and placement alike.
    associatedtype Plan: LayoutPlan

    /// The single function that decides sizes and positions.
    func plan(for proposal: Proposal, items: Items) -> Plan
}

extension Layout {
    /// The size for `proposal`, read from the plan.
    public func sizeThatFits(_ proposal: Proposal, items: Items) -> Size {
        plan(for: proposal, items: items).size
    }

    /// The frames for `proposal` inside `bounds`, read from the same plan.
    public func placeItems(in bounds: Rect, proposal: Proposal, items: Items) -> [Rect] {
        plan(for: proposal, items: items).frames(in: bounds)
    }
}
