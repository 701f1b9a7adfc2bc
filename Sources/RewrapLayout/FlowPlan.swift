/// Where a flow layout puts each item, and how big it is as a result.
/// `FlowLayout.plan(for:items:)` is its only source.
public struct FlowPlan: LayoutPlan, Sendable {
    /// The width the plan wrapped at: `nil` when the proposal set no limit.
    public var limit: Double?
    public var rows: [FlowRow]
    /// Each item's frame relative to the plan's origin, in item order; mirrored
    /// inside `size.width` when the layout reads right to left.
    public var frames: [Rect]
    /// `max(limit, widest row)` for a finite limit, the single row's width
    /// otherwise; the height is the bottom of the last row. Empty gives zero.
    public var size: Size

    /// A plan as `FlowLayout.plan(for:items:)` makes it; tests build expected plans with it.
    public init(limit: Double?, rows: [FlowRow], frames: [Rect], size: Size) {
        self.limit = limit
        self.rows = rows
        self.frames = frames
        self.size = size
    }
}
