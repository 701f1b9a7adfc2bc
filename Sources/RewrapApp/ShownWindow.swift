import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// The window as it is shown at one moment: the stage's presented frames,
/// and the controller's state as a value (its scroll, focus and open
/// menu), with whether a frame drawn now would be shown. The loop makes one
/// for each question and keeps none; what lies under a point, how far a
/// target scrolls and what a screen reader reads are answered here, against
/// what the person sees, not against the plan a move is heading for. Its
/// parts are private: a source asks questions of it, and reaches no owner
/// through it.
struct ShownWindow {
    private let stage: Stage
    private let controller: PanelController
    /// The scale the page is laid out and drawn at, and what measures its text.
    let metrics: Metrics
    let measurer: any TextMeasurer
    let now: Double
    /// A frame drawn now would be shown.
    let frameReady: Bool
    /// The time between the display's frames.
    let frameInterval: Double

    init(stage: Stage, controller: PanelController, metrics: Metrics, measurer: any TextMeasurer, now: Double, frameReady: Bool,
         frameInterval: Double) {
        self.stage = stage
        self.controller = controller
        self.metrics = metrics
        self.measurer = measurer
        self.now = now
        self.frameReady = frameReady
        self.frameInterval = frameInterval
    }

    /// The same window at `time`, as a frame for that time shows it.
    func at(_ time: Double) -> ShownWindow {
        ShownWindow(stage: stage, controller: controller, metrics: metrics, measurer: measurer, now: time, frameReady: frameReady,
                    frameInterval: frameInterval)
    }

    /// The menu, as the controller has it.
    var menu: MenuPhase { controller.menu }
    var isAnimating: Bool { stage.isAnimating }
    /// The control that takes the keys, ring or not.
    var focus: NodeID? { controller.focus }
    var isInspecting: Bool { controller.isInspecting }
    var direction: LayoutDirection { stage.scene.direction }

    /// What to draw now, with moves that have ended dropped first.
    func frame() -> Painter.Frame {
        stage.frame(at: now, controller: controller)
    }

    /// Where a node is drawn now, in window pixels, with the page scrolled to `scroll`.
    func presented(_ id: NodeID, scroll: Point) -> PixelRect? {
        stage.presented(id, at: now, scroll: scroll)
    }

    /// Where the open menu's dropdown is drawn now.
    var menuOwner: PixelRect? {
        menu.open.flatMap { presented($0.owner, scroll: controller.scroll.offset) }
    }

    /// The control under a point of the main window, as presented now.
    private func node(at x: Int, _ y: Int) -> NodeID? {
        stage.interactiveNode(at: Point(x: Double(x), y: Double(y)), at: now, scroll: controller.scroll.offset)
    }

    /// What a pointer event means to the controller. While a menu is open
    /// a button held since a press in the main window keeps its motion
    /// there, over the menu too, so the menu answers for both.
    func input(for event: PlatformEvent) -> Input? {
        guard let open = menu.open else {
            switch event {
            case .pointerMoved(.main, let x, let y): return .pointerMoved(over: node(at: x, y))
            case .pointerLeft(.main): return .pointerLeft
            case .pressed(.main, let x, let y): return .pointerPressed(on: node(at: x, y))
            case .pointerMoved(.popup, _, _), .pointerLeft(.popup): return .popupPointerMoved(over: .outside)
            default: return nil
            }
        }
        switch event {
        case .pointerLeft(.main):
            return .pointerLeft
        case .pointerLeft(.popup):
            return .popupPointerMoved(over: .outside)
        case .pointerMoved(let role, let x, let y):
            return .popupPointerMoved(over: spot(role, x, y), onOwner: isOnOwner(role, x, y, menu: open))
        case .pressed(let role, let x, let y):
            return .popupPointerPressed(at: spot(role, x, y))
        case .released(let role, let x, let y):
            return .popupPointerReleased(at: spot(role, x, y), onOwner: isOnOwner(role, x, y, menu: open))
        case .scrolled(.popup, _, let dy):
            // A menu scrolls by whole rows: one a wheel click, whatever its pixels.
            return dy == 0 ? nil : .popupScrolled(rows: dy > 0 ? 1 : -1)
        default:
            return nil
        }
    }

    private func spot(_ role: WindowRole, _ x: Int, _ y: Int) -> MenuSpot {
        menu.spot(x: x, y: y, inMenuWindow: role == .popup) ?? .outside
    }

    /// Whether a point of `role`'s window is over the dropdown that opened
    /// the menu: the anchor it was placed below, or, before it is placed,
    /// the dropdown as drawn.
    private func isOnOwner(_ role: WindowRole, _ x: Int, _ y: Int, menu open: PopupMenu) -> Bool {
        guard let place = menu.place else { return role == .main && node(at: x, y) == open.owner }
        let inMain = role == .main ? (x: x, y: y) : (x: x + place.corner.x, y: y + place.corner.y)
        return place.anchor.contains(x: inMain.x, y: inMain.y)
    }

    /// What lies under a finger, hit-tested as a click would be.
    func touchSpot(_ touch: Touch) -> TouchSpot {
        // A position that is no pixel at all is on nothing.
        guard touch.x.isFinite, touch.y.isFinite, abs(touch.x) < 1e6, abs(touch.y) < 1e6 else {
            return menu.isOpen ? .outsideMenu : .nothing
        }
        let x = Int(touch.x.rounded(.down)), y = Int(touch.y.rounded(.down))
        guard let spot = menu.spot(x: x, y: y, inMenuWindow: touch.role == .popup) else {
            return touch.role == .main ? .control(node(at: x, y)) : .nothing
        }
        switch spot {
        case .row(let row): return .menuRow(row)
        case .menu, .indicator: return .menuRow(nil)
        case .outside: return .outsideMenu
        }
    }

    /// How far the page, or the open menu, is scrolled and can go, in
    /// pixels; a menu moves by whole rows of `step`.
    func scrollRange(_ target: ScrollTarget) -> ScrollRange? {
        switch target {
        case .page:
            return ScrollRange(offset: controller.scroll.offset,
                               limit: ScrollPosition.maximum(content: stage.scene.contentSize, viewport: controller.viewport))
        case .menu:
            guard case let .placed(open, place) = menu, let pitch = place.rowHeight else { return nil }
            return ScrollRange(offset: Point(x: 0, y: Double(open.scroll.first) * pitch),
                               limit: Point(x: 0, y: Double(open.scroll.count - open.scroll.visible) * pitch), step: pitch)
        }
    }

    /// The tree a screen reader reads, from what is shown.
    func accessibleTree(words: Words) -> AccessibleTree {
        AccessibleTree(application: "rewrap", title: controller.state.panel.title,
                       drawn: stage.shown(at: now, controller: controller), focus: controller.focus,
                       popup: menu.record, active: controller.windowFocused, words: words,
                       locale: words.translator.languageTag)
    }
}
