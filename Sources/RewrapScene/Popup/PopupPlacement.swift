import RewrapLayout

/// Where a popup goes on the screen and how many of its rows it shows.
public struct PopupPlacement: Hashable, Sendable {
    /// Root coordinates.
    public var frame: Rect
    /// Fewer than the menu's rows when it is cut to fit its area.
    public var visibleRows: Int

    /// A popup put at `frame`, showing `visibleRows` rows.
    public init(frame: Rect, visibleRows: Int) {
        self.frame = frame
        self.visibleRows = visibleRows
    }
}
