import RewrapLayout

/// A popup's size and each row's frame in popup coordinates.
public struct PopupPlan: Hashable, Sendable {
    public var size: Size
    public var rows: [Rect]

    public init(size: Size, rows: [Rect]) {
        self.size = size
        self.rows = rows
    }

    /// The row under a point in popup coordinates.
    public func row(at point: Point) -> Int? {
        rows.firstIndex { $0.contains(point) }
    }

    /// Where the popup goes on screen: just below `anchor` (root coordinates),
    /// its leading edge on the anchor's (left, or right when right to left),
    /// moved up or sideways as far as needed to stay on a screen of `screen` size.
    public func frame(below anchor: Rect, gap: Double, screen: Size, direction: LayoutDirection = .leftToRight) -> Rect {
        var x = direction == .leftToRight ? anchor.minX : anchor.maxX - size.width
        var y = anchor.maxY + gap
        if y + size.height > screen.height {
            let above = anchor.minY - gap - size.height
            y = above >= 0 ? above : screen.height - size.height
        }
        if x + size.width > screen.width { x = screen.width - size.width }
        return Rect(x: max(0, x), y: max(0, y), width: size.width, height: size.height)
    }
}
