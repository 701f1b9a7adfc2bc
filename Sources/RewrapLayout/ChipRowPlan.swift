/// Which chips a chip row shows, and where. `ChipRowLayout.plan(for:items:)`
/// is its only source.
public struct ChipRowPlan: LayoutPlan, Sendable {
    /// The width the row had to fit in: `nil` when the proposal set no limit.
    public var available: Double?
    /// `candidateWidths[k]` is the full width of the row showing k chips,
    /// badge included when k < n. The inspector draws these.
    public var candidateWidths: [Double]
    public var visible: Int
    /// Always `chips − visible`; the badge shows this count.
    public var hidden: Int
    public var chipFrames: [Rect]
    public var badgeFrame: Rect?
    public var size: Size

    /// A plan as `ChipRowLayout.plan(for:items:)` makes it; tests build expected plans with it.
    public init(available: Double?, candidateWidths: [Double], visible: Int, hidden: Int,
                chipFrames: [Rect], badgeFrame: Rect?, size: Size) {
        self.available = available
        self.candidateWidths = candidateWidths
        self.visible = visible
        self.hidden = hidden
        self.chipFrames = chipFrames
        self.badgeFrame = badgeFrame
        self.size = size
    }

    /// Whether candidate `k` fits the available width, by the same test the
    /// layout used to choose.
    public func fits(_ k: Int) -> Bool {
        guard let available else { return true }
        return !exceeds(candidateWidths[k], available)
    }

    /// Visible chips first, then the badge if there is one.
    public var frames: [Rect] { chipFrames + (badgeFrame.map { [$0] } ?? []) }
}
