/// Shows the longest prefix of chips that fits, plus a badge counting the rest
/// (SwiftUI's `ViewThatFits` over n + 1 candidate rows).
///
///     let layout = ChipRowLayout(spacing: 8)
///     let plan = layout.plan(for: Proposal(width: 343),
///                            items: ChipRowItems(chips: [72, 96, 64, 88].map { Size(width: $0, height: 28) },
///                                                badge: { _ in Size(width: 60, height: 28) }))
///     plan.visible   // 3: 72 + 96 + 64 + badge 60 + 3 gaps = 316 <= 343
///
/// Rules:
/// - Candidate k shows chips 0..<k and, when k < n, a badge for n − k; the badge
///   counts in the width, with the same spacing between every pair of neighbours.
/// - The chosen candidate is the largest k whose width is `<=` the available width.
/// - When even the badge alone does not fit, the badge shows alone.
/// - A chip is never cut, and never skipped for a later, shorter one.
///
/// - Right to left, the prefix starts at the right and the badge is its left end.
///
/// Each chip and each badge is measured once; candidates come from prefix sums,
/// so choosing costs O(n).
///
/// See also `FlowLayout`, which wraps instead of hiding.
public struct ChipRowLayout: Layout, Sendable {
    public var spacing: Double
    public var direction: LayoutDirection

    /// A chip row with `spacing` between every pair of neighbours, reading in `direction`.
    public init(spacing: Double = 8, direction: LayoutDirection = .leftToRight) {
        self.spacing = spacing
        self.direction = direction
    }

    public func plan(for proposal: Proposal, items: ChipRowItems) -> ChipRowPlan {
        plan(for: proposal, chips: items.chips, badges: items.badges)
    }

    /// `badges[k - 1]` is the badge's size when k chips are hidden.
    public func plan(for proposal: Proposal, chips: [Size], badges: [Size]) -> ChipRowPlan {
        precondition(badges.count >= chips.count, "one badge size per possible hidden count")
        let gap = Swift.max(0, spacing)
        let available = proposal.widthLimit ?? .infinity
        let n = chips.count

        var candidates: [Double] = []
        candidates.reserveCapacity(n + 1)
        var prefix = 0.0   // chips 0..<k and the gaps after each of them
        var chosen = 0
        for k in 0...n {
            let width: Double
            if k == n {
                width = n == 0 ? 0 : prefix - gap
            } else {
                width = prefix + Swift.max(0, badges[n - k - 1].width)
            }
            candidates.append(width)
            if !exceeds(width, available) { chosen = k }
            if k < n { prefix += Swift.max(0, chips[k].width) + gap }
        }

        var frames: [Rect] = []
        frames.reserveCapacity(chosen)
        var x = 0.0
        for k in 0..<chosen {
            frames.append(Rect(x: x, y: 0, width: Swift.max(0, chips[k].width), height: Swift.max(0, chips[k].height)))
            x += Swift.max(0, chips[k].width) + gap
        }
        var badge: Rect?
        if chosen < n {
            let size = badges[n - chosen - 1]
            badge = Rect(x: x, y: 0, width: Swift.max(0, size.width), height: Swift.max(0, size.height))
        }
        let height = Swift.max(frames.reduce(0) { Swift.max($0, $1.height) }, badge?.height ?? 0)
        let width = candidates[chosen]
        if direction == .rightToLeft {
            for index in frames.indices { frames[index] = direction.placed(frames[index], within: width) }
            badge = badge.map { direction.placed($0, within: width) }
        }
        return ChipRowPlan(
            available: proposal.widthLimit,
            candidateWidths: candidates,
            visible: chosen,
            hidden: n - chosen,
            chipFrames: frames,
            badgeFrame: badge,
            size: Size(width: width, height: height)
        )
    }
}
