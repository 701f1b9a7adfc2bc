/// The measurements of one row of a flow plan (Flutter calls these run metrics).
///
/// For items 80, 100 and 90 wide, 24 high, with spacing 8 and a limit of 300:
/// one row, `items: 0..<3`, `minY: 0`, `width: 286`, `height: 24`.
public struct FlowRow: Hashable, Sendable {
    /// The indices of the items on this row, in order.
    public var items: Range<Int>
    /// The row's top edge, relative to the plan.
    public var minY: Double
    /// From the first item's leading edge to the last item's trailing edge.
    public var width: Double
    /// The tallest item on the row.
    public var height: Double

    /// The row holding `items`, its top at `minY`, `width` by `height`.
    public init(items: Range<Int>, minY: Double, width: Double, height: Double) {
        self.items = items
        self.minY = minY
        self.width = width
        self.height = height
    }

    public var maxY: Double { minY + height }
}
