import RewrapLayout
import RewrapMotion
import RewrapScene
import RewrapX11

/// The window the toolkit shows for the controller's open menu: where it
/// sits, whether its buffer holds the latest drawing, and its pointer events
/// in the controller's terms. The menu itself belongs to the controller.
final class PopupWindow {
    private let toolkit: Toolkit
    private var shown: ShownPopup?
    private var isDrawn = false
    /// The menu changed since the window was last drawn.
    private(set) var needsDraw = false
    /// When the hovered indicator of a cut menu scrolls it by another row.
    private(set) var scrollDeadline: Double?

    init(toolkit: Toolkit) {
        self.toolkit = toolkit
    }

    /// Opens the window for `menu` under its owner; returns what the
    /// controller must hear about how much of the menu fits.
    func open(_ menu: PopupMenu, below owner: PixelRect, direction: LayoutDirection, metrics: Metrics,
              measurer: any TextMeasurer) -> Input {
        let placed = ShownPopup(menu, below: owner, direction: direction, toolkit: toolkit, metrics: metrics, measurer: measurer)
        toolkit.openPopup(frame: placed.frame)
        shown = placed
        isDrawn = false
        needsDraw = true
        return .popupPlaced(visibleRows: placed.visibleRows)
    }

    func close() {
        toolkit.closePopup()
        forget()
    }

    private func forget() {
        shown = nil
        scrollDeadline = nil
    }

    func scheduleScroll(at time: Double) {
        scrollDeadline = time
    }

    /// True once, when the scheduled scroll is due at `now`.
    func takeDueScroll(at now: Double) -> Bool {
        guard let deadline = scrollDeadline, now >= deadline - FramePacer.tolerance else { return false }
        scrollDeadline = nil
        return true
    }

    func setNeedsDraw() {
        needsDraw = shown != nil
    }

    /// What an event in this window means to the controller, if anything.
    func input(for event: ToolkitEvent, menu: PopupMenu?) -> Input? {
        switch event {
        case .exposed(.popup):
            // A copy when the buffer is current, a drawing otherwise.
            if let buffer = toolkit.popupBuffer, isDrawn { buffer.present() } else { needsDraw = true }
            return nil
        case .pointerMoved(.popup, let x, let y):
            return menu.flatMap { shown?.pointerMoved(x, y, over: $0) } ?? .popupPointerMoved(row: nil)
        case .pointerLeft(.popup):
            return .popupPointerMoved(row: nil)
        case .scrolled(.popup, _, let dy):
            // A menu scrolls by whole rows: one a wheel click, whatever its pixels.
            return dy == 0 ? nil : .popupScrolled(rows: dy > 0 ? 1 : -1)
        case .popupDestroyed:
            // Someone else destroyed the window: there is nothing left to close.
            forget()
            return .popupLost
        default:
            return nil
        }
    }

    /// A press while the menu is open: on a row, or outside it (in the main
    /// window too, when no grab was had); nil for the padding between rows.
    func pressed(_ role: WindowRole, _ x: Int, _ y: Int, menu: PopupMenu) -> Input? {
        let inside = role == .popup && shown?.contains(x, y) == true
        let row = inside ? shown?.row(at: x, y, of: menu) : nil
        if inside, row == nil { return nil }
        return .popupPointerPressed(row: row)
    }

    /// Returns true when it drew, so the trace can show the change.
    func draw(_ menu: PopupMenu?, painter: Painter, direction: LayoutDirection) -> Bool {
        needsDraw = false
        guard let menu, let plan = shown?.plan, let buffer = toolkit.popupBuffer else { return false }
        painter.paintPopup(menu, plan: plan, direction: direction, on: buffer)
        buffer.present()
        isDrawn = true
        return true
    }

    func traced(_ menu: PopupMenu?) -> TraceRecord.Popup? {
        menu.flatMap { shown?.traced($0) }
    }
}
