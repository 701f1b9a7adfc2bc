import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// The window as it is shown at one moment: the stage's presented frames,
/// the controller's scroll and open menu, the menu's own window, and
/// whether a frame drawn now would be shown. The loop makes one for each
/// question and keeps none; what lies under a point, how far a target
/// scrolls and what a screen reader reads are answered here, against what
/// the person sees, not against the plan a move is heading for.
struct ShownWindow {
    let stage: Stage
    let controller: PanelController
    let popupWindow: PopupWindow
    let now: Double
    /// A frame drawn now would be shown.
    let frameReady: Bool
    /// The time between the display's frames.
    let frameInterval: Double

    /// The control under a point of the main window, as presented now.
    func node(at x: Int, _ y: Int) -> NodeID? {
        stage.interactiveNode(at: Point(x: Double(x), y: Double(y)), at: now, scroll: controller.scroll.offset)
    }

    /// What a pointer event means to the controller. While a menu is open
    /// a button held since a press in the main window keeps its motion
    /// there, over the menu too, so the menu's window answers for both.
    func input(for event: PlatformEvent) -> Input? {
        if let menu = controller.popup {
            if case .pointerLeft(.main) = event { return .pointerLeft }
            return popupWindow.input(for: event, menu: menu)
        }
        switch event {
        case .pointerMoved(.main, let x, let y): return .pointerMoved(over: node(at: x, y))
        case .pointerLeft(.main): return .pointerLeft
        case .pressed(.main, let x, let y): return .pointerPressed(on: node(at: x, y))
        case .pressed(.popup, _, _): return nil
        default: return popupWindow.input(for: event, menu: nil)
        }
    }

    /// What lies under a finger, hit-tested as a click would be.
    func touchSpot(_ touch: Touch) -> TouchSpot {
        // A position that is no pixel at all is on nothing.
        guard touch.x.isFinite, touch.y.isFinite, abs(touch.x) < 1e6, abs(touch.y) < 1e6 else {
            return controller.popup == nil ? .nothing : .outsideMenu
        }
        let x = Int(touch.x.rounded(.down)), y = Int(touch.y.rounded(.down))
        if let menu = controller.popup { return popupWindow.touchSpot(touch.role, x, y, menu: menu) }
        return touch.role == .main ? .control(node(at: x, y)) : .nothing
    }

    /// How far the page, or the open menu, is scrolled and can go, in
    /// pixels; a menu moves by whole rows of `step`.
    func scrollRange(_ target: ScrollTarget) -> ScrollRange? {
        switch target {
        case .page:
            return ScrollRange(offset: controller.scroll.offset,
                               limit: ScrollPosition.maximum(content: stage.scene.contentSize, viewport: controller.viewport))
        case .menu:
            guard let menu = controller.popup, let pitch = popupWindow.rowHeight else { return nil }
            return ScrollRange(offset: Point(x: 0, y: Double(menu.scroll.first) * pitch),
                               limit: Point(x: 0, y: Double(menu.scroll.count - menu.scroll.visible) * pitch), step: pitch)
        }
    }

    /// The tree a screen reader reads, from what is shown.
    func accessibleTree(words: Words) -> AccessibleTree {
        AccessibleTree(application: "rewrap", title: controller.state.panel.title,
                       drawn: stage.shown(at: now, controller: controller), focus: controller.focus,
                       popup: popupWindow.traced(controller.popup), active: controller.windowFocused, words: words,
                       locale: words.translator.languageTag)
    }
}
