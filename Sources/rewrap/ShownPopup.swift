import RewrapLayout
import RewrapScene
import RewrapX11

/// Where an open menu's window sits on the screen and how its rows lie in
/// it, fixed when it opens.
struct ShownPopup {
    let plan: PopupPlan
    /// Root coordinates.
    let frame: PixelRect
    /// Fewer than the menu's entries when it was cut to fit the screen.
    let visibleRows: Int

    /// Places `menu` just below `owner` (window pixels), inside the work area
    /// of the monitor that holds the button, lined up with the owner's
    /// leading edge: its right edge, right to left.
    init(_ menu: PopupMenu, below owner: PixelRect, direction: LayoutDirection, toolkit: Toolkit, metrics: Metrics,
         measurer: any TextMeasurer) {
        plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: Double(owner.width))
        let origin = toolkit.mainWindowOrigin
        let anchor = Rect(x: Double(origin.x + owner.x), y: Double(origin.y + owner.y),
                          width: Double(owner.width), height: Double(owner.height))
        let placement = plan.placement(below: anchor, gap: metrics.popupOffset, area: toolkit.desktop.popupArea(for: anchor),
                                       alignedTo: direction == .leftToRight ? .left : .right)
        frame = PixelRect(placement.frame)
        visibleRows = placement.visibleRows
    }

    func contains(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < frame.width && y < frame.height
    }

    func row(at x: Int, _ y: Int, of menu: PopupMenu) -> Int? {
        if case .row(let row) = plan.hit(at: Point(x: Double(x), y: Double(y)), menu.scroll) { return row }
        return nil
    }

    /// The pointer at (x, y) in the popup, as the controller hears it.
    func pointerMoved(_ x: Int, _ y: Int, over menu: PopupMenu) -> Input {
        if case .indicator(let edge) = plan.hit(at: Point(x: Double(x), y: Double(y)), menu.scroll) {
            return .popupPointerOverIndicator(edge)
        }
        return .popupPointerMoved(row: row(at: x, y, of: menu))
    }

    func traced(_ menu: PopupMenu) -> TraceRecord.Popup {
        var rows = [PixelRect?](repeating: nil, count: menu.entries.count)
        for (index, frame) in plan.shownRows(menu.scroll) where rows.indices.contains(index) { rows[index] = PixelRect(frame) }
        return TraceRecord.Popup(menu: menu, frame: frame, rows: rows)
    }
}
