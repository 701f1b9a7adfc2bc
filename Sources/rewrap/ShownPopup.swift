import RewrapLayout
import RewrapScene
import RewrapX11

/// The popup window while a menu is open: its rows, where it sits on the
/// screen, and whether its buffer holds the latest drawing. The menu itself
/// belongs to the controller; this is only where the toolkit shows it.
struct ShownPopup {
    let plan: PopupPlan
    /// Root coordinates.
    let frame: PixelRect
    var isDrawn = false

    /// Opens `menu` just below `owner` (window pixels), kept on the screen.
    init(_ menu: PopupMenu, below owner: PixelRect, direction: LayoutDirection, toolkit: Toolkit, metrics: Metrics,
         measurer: any TextMeasurer) {
        plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: Double(owner.width))
        let origin = toolkit.mainWindowOrigin
        let anchor = Rect(x: Double(origin.x + owner.x), y: Double(origin.y + owner.y),
                          width: Double(owner.width), height: Double(owner.height))
        frame = PixelRect(plan.frame(below: anchor, gap: metrics.popupOffset, screen: toolkit.screenSize, direction: direction))
        toolkit.openPopup(frame: frame)
    }

    func contains(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < frame.width && y < frame.height
    }

    func row(at x: Int, _ y: Int) -> Int? {
        plan.row(at: Point(x: Double(x), y: Double(y)))
    }

    func traced(_ menu: PopupMenu) -> TraceRecord.Popup {
        TraceRecord.Popup(menu: menu, frame: frame, rows: plan.rows.map(PixelRect.init))
    }
}
