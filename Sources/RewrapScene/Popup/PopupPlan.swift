import RewrapLayout

/// A popup's size and each row's frame in content coordinates, where it
/// goes on the screen, and what shows in its window when it is cut to fit
/// and scrolled.
public struct PopupPlan: LayoutPlan, Hashable, Sendable {
    /// The whole menu, uncut.
    public var size: Size
    /// One per entry, all the same height.
    public var rows: [Rect]
    /// Around the rows, inside the border.
    public var padding: Double
    /// The strip at each cut edge that holds a scroll indicator.
    public var indicatorHeight: Double

    /// A plan as `PopupLayout` makes it; tests build expected plans with it.
    public init(size: Size, rows: [Rect], padding: Double = 0, indicatorHeight: Double = 0) {
        self.size = size
        self.rows = rows
        self.padding = padding
        self.indicatorHeight = indicatorHeight
    }

    /// The rows, as every layout's plan lists what it placed.
    public var frames: [Rect] { rows }

    private var rowHeight: Double { rows.first?.height ?? 0 }

    // MARK: - On the screen

    /// Just below `anchor` (root coordinates), or just above it when there
    /// is no room below, kept inside `area`: moved up or sideways as far as
    /// needed, and cut to whole rows between two indicator strips when
    /// taller than the area. It lines up with the anchor's `edge`.
    ///
    ///     plan.placement(below: button, gap: 4, area: desktop.popupArea(for: button))
    public func placement(below anchor: Rect, gap: Double, area: Rect, alignedTo edge: HorizontalEdge = .left) -> PopupPlacement {
        var visibleRows = rows.count
        if size.height > area.height, rowHeight > 0 {
            let room = area.height - 2 * padding - 2 * indicatorHeight
            visibleRows = min(rows.count, max(1, Int((room / rowHeight).rounded(.down))))
        }
        let shown = windowSize(MenuScroll(count: rows.count, visible: visibleRows))
        func fits(_ y: Double) -> Bool { y >= area.minY && y + shown.height <= area.maxY }
        let below = anchor.maxY + gap, above = anchor.minY - gap - shown.height
        let y = fits(below) ? below : fits(above) ? above : max(area.minY, min(below, area.maxY - shown.height))
        let width = min(shown.width, area.width)
        let x = edge == .left ? anchor.minX : anchor.maxX - width
        return PopupPlacement(frame: Rect(x: max(area.minX, min(x, area.maxX - width)), y: y, width: width, height: shown.height),
                              visibleRows: visibleRows)
    }

    // MARK: - In the window

    /// The window's size while `scroll` shows some of the rows.
    public func windowSize(_ scroll: MenuScroll) -> Size {
        guard scroll.isCut else { return size }
        return Size(width: size.width, height: 2 * padding + 2 * indicatorHeight + Double(scroll.visible) * rowHeight)
    }

    /// The rows that show, each with its frame in window coordinates.
    public func shownRows(_ scroll: MenuScroll) -> [(index: Int, frame: Rect)] {
        let shift = scroll.isCut ? indicatorHeight - Double(scroll.first) * rowHeight : 0
        return scroll.shown.filter(rows.indices.contains).map { ($0, rows[$0].offsetBy(dx: 0, dy: shift)) }
    }

    /// The strip at `edge` of a cut menu, in window coordinates; nil when nothing is cut.
    public func indicator(_ edge: MenuEdge, _ scroll: MenuScroll) -> Rect? {
        guard scroll.isCut, let row = rows.first else { return nil }
        let y = edge == .top ? padding : windowSize(scroll).height - padding - indicatorHeight
        return Rect(x: row.minX, y: y, width: row.width, height: indicatorHeight)
    }

    /// What lies under a point in window coordinates.
    public func hit(at point: Point, _ scroll: MenuScroll) -> PopupHit? {
        for edge in [MenuEdge.top, .bottom] where indicator(edge, scroll)?.contains(point) == true {
            return .indicator(edge)
        }
        return shownRows(scroll).first { $0.frame.contains(point) }.map { .row($0.index) }
    }
}

/// What lies under the pointer in a popup: an entry's row, or one of the
/// scroll indicators of a menu cut to fit the screen.
public enum PopupHit: Hashable, Sendable {
    case row(Int)
    case indicator(MenuEdge)
}
