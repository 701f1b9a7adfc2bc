import RewrapLayout
import RewrapMotion
import RewrapPlatform
import RewrapScene

/// The window the platform shows for the controller's open menu: where it
/// went, how its rows lie in it, whether its surface holds the latest
/// drawing, and its pointer events in the controller's terms. The menu
/// itself belongs to the controller.
final class PopupWindow {
    private let platform: any Platform
    /// What the platform was asked for: the open menu's rows, fixed when it
    /// opens, and the anchor it follows.
    private var request: PopupRequest?
    private var plan: PopupPlan? { request?.plan }
    /// Where the platform put it, once known.
    private var placement: PopupPlacement?
    /// The menu's top-left corner in main-window pixels, read with the
    /// placement: asking the platform on each motion would cost X11 a
    /// round trip, and the window does not move under an open menu.
    private var corner: (x: Int, y: Int)?
    private var isDrawn = false
    /// The menu changed since the window was last drawn.
    private(set) var needsDraw = false
    /// When the hovered indicator of a cut menu scrolls it by another row.
    private(set) var scrollDeadline: Double?

    init(platform: any Platform) {
        self.platform = platform
    }

    /// Asks the platform for a window for `menu`, anchored below its owner
    /// (window pixels) and lined up with the owner's leading edge: its right
    /// edge, right to left. Returns what the controller must hear about how
    /// much of the menu fits, when the platform knows at once.
    func open(_ menu: PopupMenu, below owner: PixelRect, direction: LayoutDirection, metrics: Metrics,
              measurer: any TextMeasurer) -> Input? {
        let plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: Double(owner.width))
        placement = nil
        corner = nil
        isDrawn = false
        let request = PopupRequest(plan: plan, anchor: owner, gap: metrics.popupOffset,
                                   edge: direction == .leftToRight ? .left : .right)
        self.request = request
        return platform.openPopup(request).map(placed)
    }

    /// The owner moved under the open menu (a move in flight, a scroll):
    /// the window goes with it.
    func follow(_ owner: PixelRect) -> Input? {
        guard var request, request.anchor != owner else { return nil }
        request.anchor = owner
        self.request = request
        return platform.repositionPopup(request).map(placed)
    }

    private func placed(_ placement: PopupPlacement) -> Input {
        self.placement = placement
        let frame = PixelRect(placement.frame), origin = platform.windowOrigin ?? Point(x: 0, y: 0)
        corner = (frame.x - Int(origin.x), frame.y - Int(origin.y))
        needsDraw = true
        return .popupPlaced(visibleRows: placement.visibleRows)
    }

    func close() {
        platform.closePopup()
        forget()
    }

    private func forget() {
        request = nil
        placement = nil
        corner = nil
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
        needsDraw = placement != nil
    }

    /// What an event in this window means to the controller, if anything.
    func input(for event: PlatformEvent, menu: PopupMenu?) -> Input? {
        switch event {
        case .popupPlaced(let placement):
            return plan == nil ? nil : placed(placement)
        case .exposed(.popup):
            // A copy when the surface is current, a drawing otherwise.
            if let surface = platform.popupSurface, isDrawn { surface.present() } else { needsDraw = placement != nil }
            return nil
        case .pointerMoved(let role, let x, let y):
            guard let menu else { return .popupPointerMoved(over: .outside) }
            let point = spot(role, x, y, menu: menu)
            return .popupPointerMoved(over: point.spot, onOwner: point.onOwner)
        case .pointerLeft(.popup):
            return .popupPointerMoved(over: .outside)
        case .pressed(let role, let x, let y):
            return menu.map { .popupPointerPressed(at: spot(role, x, y, menu: $0).spot) }
        case .released(let role, let x, let y):
            return menu.map { menu in
                let point = spot(role, x, y, menu: menu)
                return .popupPointerReleased(at: point.spot, onOwner: point.onOwner)
            }
        case .scrolled(.popup, _, let dy):
            // A menu scrolls by whole rows: one a wheel click, whatever its pixels.
            return dy == 0 ? nil : .popupScrolled(rows: dy > 0 ? 1 : -1)
        case .popupDismissed:
            // The window went away from outside: there is nothing left to close.
            forget()
            return .popupLost
        default:
            return nil
        }
    }

    /// What lies at a point of `role`'s window while `menu` is open, and
    /// whether it is over the menu's owner. A platform reports the pointer
    /// to the menu's window or to the main one by its own rules (a grab, a
    /// button held since a press), so a point of either is looked up in both.
    func spot(_ role: WindowRole, _ x: Int, _ y: Int, menu: PopupMenu) -> (spot: MenuSpot, onOwner: Bool) {
        let inMain = role == .main ? (x: x, y: y) : (x: x + (corner?.x ?? 0), y: y + (corner?.y ?? 0))
        let onOwner = request?.anchor.contains(x: inMain.x, y: inMain.y) ?? false
        guard let corner, let placement, let plan else { return (.outside, onOwner) }
        let inMenu = role == .popup ? (x: x, y: y) : (x: x - corner.x, y: y - corner.y)
        let frame = PixelRect(placement.frame)
        let size = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        guard size.contains(x: inMenu.x, y: inMenu.y) else { return (.outside, onOwner) }
        switch plan.hit(at: Point(x: Double(inMenu.x), y: Double(inMenu.y)), menu.scroll) {
        case .row(let row): return (.row(row), onOwner)
        case .indicator(let edge): return (.indicator(edge), onOwner)
        case nil: return (.menu, onOwner)
        }
    }

    /// Where a finger is on the open menu, for touch: on a row, inside
    /// between rows (nil), or outside it.
    func touchSpot(_ role: WindowRole, _ x: Int, _ y: Int, menu: PopupMenu) -> TouchSpot {
        switch spot(role, x, y, menu: menu).spot {
        case .row(let row): .menuRow(row)
        case .menu, .indicator: .menuRow(nil)
        case .outside: .outsideMenu
        }
    }

    /// How far a finger must drag a cut menu to scroll it by one row.
    var rowHeight: Double? {
        plan?.rows.first.map(\.height).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Returns true when it drew, so the trace can show the change.
    func draw(_ menu: PopupMenu?, painter: Painter, direction: LayoutDirection) -> Bool {
        needsDraw = false
        guard let menu, let plan, placement != nil, let surface = platform.popupSurface else { return false }
        painter.paintPopup(menu, plan: plan, window: Size(width: Double(surface.width), height: Double(surface.height)),
                           direction: direction, on: surface)
        surface.present()
        isDrawn = true
        return true
    }

    func traced(_ menu: PopupMenu?) -> TraceRecord.PopupRecord? {
        guard let menu, let plan, let placement else { return nil }
        var rows = [PixelRect?](repeating: nil, count: menu.entries.count)
        for (index, frame) in plan.shownRows(menu.scroll) where rows.indices.contains(index) { rows[index] = PixelRect(frame) }
        return TraceRecord.PopupRecord(menu: menu, frame: PixelRect(placement.frame), rows: rows)
    }
}
