import RewrapLayout
import RewrapMotion
import RewrapPlatform
import RewrapScene

/// The platform's window for the controller's open menu: asked for when
/// the menu opens, moved with its dropdown, closed with it, and drawn when
/// what it shows changed. Where it went goes to the controller, as an
/// input, and the menu's life is the controller's alone (`MenuPhase`): this
/// window keeps only whether its pixels are current and the scroll timer.
///
///     popupWindow.carryOut(.openPopup(menu, scroll: offset), in: window)   // [.popupPlaced(place)] on X11
///     popupWindow.follow(window)        // before a frame: the dropdown moved
///     popupWindow.draw(window.menu, painter: painter, direction: .leftToRight)
final class PopupWindow {
    private let platform: any Platform
    /// What its surface holds; blank from each placement on.
    private var pixels = SurfacePixels.blank
    /// When the hovered indicator of a cut menu scrolls it by another row.
    private var scrollDeadline: Double?

    init(platform: any Platform) {
        self.platform = platform
    }

    /// The request for `menu` below `owner` (window pixels), lined up with
    /// the owner's leading edge: its right edge, right to left.
    private func request(_ plan: PopupPlan, below owner: PixelRect, metrics: Metrics, direction: LayoutDirection) -> PopupRequest {
        PopupRequest(plan: plan, anchor: owner, gap: metrics.popupOffset, edge: direction == .leftToRight ? .left : .right)
    }

    /// Where the platform put `request`, as the controller hears it, with
    /// the menu's corner in the main window.
    private func placed(_ request: PopupRequest, _ placement: PopupPlacement) -> Input {
        let frame = PixelRect(placement.frame), origin = platform.windowOrigin ?? Point(x: 0, y: 0)
        pixels = .blank
        return .popupPlaced(MenuPlace(plan: request.plan, anchor: request.anchor, frame: frame,
                                      corner: (frame.x - Int(origin.x), frame.y - Int(origin.y)),
                                      visibleRows: placement.visibleRows))
    }

    /// The open menu's dropdown moved (a move in flight, a scroll): before
    /// a frame is drawn, its window is asked to go with it, and where it
    /// went, when the platform knows at once, is the controller's to hear.
    func follow(_ window: ShownWindow) -> [Input] {
        guard let place = window.menu.place, let owner = window.menuOwner, owner != place.anchor else { return [] }
        let request = request(place.plan, below: owner, metrics: window.metrics, direction: window.direction)
        return platform.repositionPopup(request).map { [placed(request, $0)] } ?? []
    }

    /// Whether the open menu's window is to be drawn: it is placed, and its
    /// pixels are not the menu's as it is.
    func needsDraw(_ menu: MenuPhase) -> Bool {
        menu.place != nil && pixels.needsDraw
    }

    /// What the menu's window shows changed (a new theme): it is drawn again.
    func invalidate() {
        pixels.invalidate()
    }

    /// Draws `menu` into its window and shows it; true when it drew, so the
    /// trace can show the change in the main window's next frame.
    func draw(_ menu: MenuPhase, painter: Painter, direction: LayoutDirection) -> Bool {
        guard case let .placed(open, place) = menu, let surface = platform.popupSurface else { return false }
        painter.paintPopup(open, plan: place.plan, window: Size(width: Double(surface.width), height: Double(surface.height)),
                           direction: direction, on: surface)
        surface.present()
        pixels = .current
        return true
    }
}

extension PopupWindow: LoopSource {
    /// A menu scrolling while its arrow is hovered.
    func deadline(now: Double, frameReady: Bool) -> Double? { scrollDeadline }

    /// The menu's window shown again, placed, or gone from outside.
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard {
        switch event {
        case .exposed(.popup):
            // A copy when the surface holds a drawing; a drawing otherwise.
            if pixels.holdsDrawing, let surface = platform.popupSurface { surface.present() } else { pixels = .blank }
            return .kept()
        case .popupPlaced(let request, let placement):
            return .kept(window.menu.isOpen ? [placed(request, placement)] : [])
        case .popupDismissed:
            // The window went away from outside: there is nothing left to close.
            scrollDeadline = nil
            return .kept([.popupLost])
        default:
            return .passed
        }
    }

    /// The next row of a menu scrolling by itself, once its time has come.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        guard let deadline = scrollDeadline, window.now >= deadline - FramePacer.tolerance else { return [] }
        scrollDeadline = nil
        return [.menuScrollTick]
    }

    /// Opens, redraws, times and closes the menu's window as the controller says.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] {
        switch effect {
        case .openPopup(let menu, let scroll):
            guard let owner = window.presented(menu.owner, scroll: scroll) else { return [] }
            let plan = menu.plan(metrics: window.metrics, measurer: window.measurer, minimumWidth: Double(owner.width))
            let request = request(plan, below: owner, metrics: window.metrics, direction: window.direction)
            pixels = .blank
            return platform.openPopup(request).map { [placed(request, $0)] } ?? []
        case .redrawPopup:
            invalidate()
        case .scheduleMenuScroll(let delay):
            scrollDeadline = window.now + delay
        case .closePopup:
            platform.closePopup()
            scrollDeadline = nil
        default:
            break
        }
        return []
    }
}
