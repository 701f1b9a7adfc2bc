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
    associatedtype Items
    associatedtype Plan: LayoutPlan

    /// The single function that decides sizes and positions.
    func plan(for proposal: Proposal, items: Items) -> Plan
}

/// The result of planning: a size and the frames relative to the plan's origin.
public protocol LayoutPlan: Equatable {
    /// The size the layout reports to its parent.
    var size: Size { get }
    /// Each placed item's frame, relative to the plan's own top-left corner.
    var frames: [Rect] { get }
}

extension LayoutPlan {
    /// Frames placed in `bounds`: the bounds' origin is added to each planned origin.
    public func frames(in bounds: Rect) -> [Rect] {
        frames.map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) }
    }
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

/// Comparisons against a limit forgive the rounding error of summed decimals,
/// so that 100.1 + 8 + 191.9 still counts as reaching 300 exactly.
@inline(__always)
func exceeds(_ value: Double, _ limit: Double) -> Bool {
    value > limit + 1e-9 * Swift.max(1, abs(limit))
}
