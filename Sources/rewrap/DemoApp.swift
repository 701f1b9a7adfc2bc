import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapX11

/// The demo's loop: toolkit events become controller inputs, effects are
/// carried out, frames are paced and drawn. The loop owns the only clock.
final class DemoApp {
    private let toolkit: Toolkit
    private var painter: Painter
    private let trace: TraceWriter?
    private let frameLog: FrameLog?
    private let clock = Clock()
    private let appearance: Appearance
    private var controller: PanelController
    private let stage: Stage
    private let popupWindow: PopupWindow
    private let accessibility: AccessibilityLink
    /// The panel's language, the locale screen readers are told.
    private let language: String
    private var pendingSize: Size?
    private var needsDraw = true
    /// The back buffer holds the latest frame at the window's size, so an
    /// Expose only needs a copy, not a repaint.
    private var bufferIsCurrent = false
    private var running = true

    init(toolkit: Toolkit, state: PanelState, strings: Strings, options: AppOptions, trace: TraceWriter?,
         frameLog: FrameLog?) {
        self.toolkit = toolkit
        popupWindow = PopupWindow(toolkit: toolkit)
        accessibility = AccessibilityLink(toolkit: toolkit)
        language = strings.language.rawValue
        self.trace = trace
        self.frameLog = frameLog
        let metrics = Metrics(scale: toolkit.scale)
        // The engine keeps the lines it shapes, so it is the measurement cache too.
        let measurer = toolkit.text
        appearance = Appearance(theme: options.theme, reduceMotionByOption: options.reduceMotion)
        painter = Painter(metrics: metrics, measurer: measurer, palette: appearance.palette(toolkit.settings))
        controller = PanelController(state: state, metrics: metrics, viewport: toolkit.initialSize, direction: measurer.direction,
                                     inspecting: options.inspect)
        let layout = PageLayout(metrics: metrics, strings: strings, measurer: measurer, direction: measurer.direction)
        stage = Stage(layout: layout, state: state, viewport: toolkit.initialSize, slowMotion: options.slowMotion)
        controller.sceneChanged(stage.scene)
    }

    /// Runs until the window is closed; returns the exit status.
    func run() -> Int32 {
        while running {
            frameLog?.passStarted(toolkit)
            for event in toolkit.pendingEvents() { handle(event) }
            if let size = pendingSize {
                pendingSize = nil
                send(.resized(size))
            }
            // The popup first: drawing it asks for a main frame, for the trace.
            if popupWindow.needsDraw, popupWindow.draw(controller.popup, painter: painter, direction: stage.scene.direction) {
                needsDraw = true
            }
            let now = clock.now
            if popupWindow.takeDueScroll(at: now) { send(.menuScrollTick) }
            if let time = stage.dueFrameTime(at: now) {
                drawFrame(at: time)
                stage.frameDrawn(at: time, refreshRate: toolkit.refreshRate)
            } else if needsDraw && !stage.isAnimating {
                drawFrame(at: now)
            }
            guard running else { break }
            toolkit.finishStartup()
            if accessibility.passEnded(at: clock.now, animating: stage.isAnimating, tree: accessibleTree) {
                // A screen reader is there: give it something to announce, and go round to publish it.
                send(.focusFirstControl)
                continue
            }
            let next = [stage.frameDeadline, popupWindow.scrollDeadline, accessibility.deadline(now: clock.now)]
                .compactMap { $0 }.min()
            let ready = toolkit.wait(until: next.map(clock.monotonicSeconds(at:)), alsoWatching: accessibility.descriptors)
            for input in accessibility.pump(ready: ready, tree: accessibleTree) { send(input) }
        }
        return 0
    }

    // MARK: - Events

    private func handle(_ event: ToolkitEvent) {
        switch event {
        case .exposed(.main):
            // A resize waiting in this batch draws and presents a new frame anyway.
            if bufferIsCurrent && pendingSize == nil { toolkit.presentMainFrame() } else { needsDraw = true }
        case .configured(let width, let height):
            // The latest size wins, even one equal to the current viewport.
            pendingSize = Size(width: Double(width), height: Double(height))
        case .pointerMoved(.main, let x, let y):
            send(.pointerMoved(over: node(at: x, y)))
        case .pointerLeft(.main):
            send(.pointerLeft)
        case .pressed(let role, let x, let y):
            if let menu = controller.popup {
                popupWindow.pressed(role, x, y, menu: menu).map(send)
            } else if role == .main {
                send(.pointerPressed(on: node(at: x, y)))
            }
        case .scrolled(.main, let dx, let dy):
            send(.scrolled(by: Point(x: Double(dx), y: Double(dy))))
        case .keyPressed(let key, let stroke):
            // A screen reader sees every key first, and may keep it for itself.
            if !accessibility.consumes(stroke), let key { send(.key(key)) }
        case .keyReleased(let stroke):
            _ = accessibility.consumes(stroke)
        case .focusChanged(let focused):
            send(.windowFocusChanged(focused))
            if focused && accessibility.isJoined { send(.focusFirstControl) }
        case .closeRequested:
            running = false
        case .exposed(.popup), .pointerMoved(.popup, _, _), .pointerLeft(.popup), .scrolled(.popup, _, _), .popupDestroyed:
            popupWindow.input(for: event, menu: controller.popup).map(send)
        case .settingsChanged:
            if appearance.reducesMotion(toolkit.settings) && stage.isAnimating {
                stage.finishMoves()
                needsDraw = true
            }
            applyTheme()
        case .accessibilityBusNamed:
            accessibility.busNamed()
        }
    }

    private func send(_ input: Input) {
        let effects = controller.handle(input, scene: stage.scene)
        if !effects.isEmpty { accessibility.inputHandled() }
        for effect in effects {
            switch effect {
            case .redraw: break
            case .relayout(let state, let viewport, let animated):
                relayout(state, viewport: viewport, animated: animated)
            case .openPopup(let menu, let scroll):
                guard let owner = stage.presented(menu.owner, at: clock.now, scroll: scroll) else { break }
                send(popupWindow.open(menu, below: owner, direction: stage.scene.direction, metrics: painter.metrics,
                                      measurer: painter.measurer))
            case .redrawPopup: popupWindow.setNeedsDraw()
            case .scheduleMenuScroll(let delay): popupWindow.scheduleScroll(at: clock.now + delay)
            case .closePopup: popupWindow.close()
            }
            needsDraw = true
        }
    }

    private func relayout(_ state: PanelState, viewport: Size, animated: Bool) {
        if toolkit.mainBuffer.resize(width: Int(viewport.width), height: Int(viewport.height)) { bufferIsCurrent = false }
        stage.relayout(state, viewport: viewport, at: clock.now, animated: animated && !appearance.reducesMotion(toolkit.settings))
        controller.sceneChanged(stage.scene)
    }

    /// `--theme auto` follows the desktop's theme as it changes.
    private func applyTheme() {
        let palette = appearance.palette(toolkit.settings)
        guard palette != painter.palette else { return }
        painter.palette = palette
        needsDraw = true
        popupWindow.setNeedsDraw()
    }

    private func node(at x: Int, _ y: Int) -> NodeID? {
        stage.interactiveNode(at: Point(x: Double(x), y: Double(y)), at: clock.now, scroll: controller.scroll.offset)
    }

    // MARK: - Drawing

    private func drawFrame(at now: Double) {
        let frame = stage.frame(at: now, controller: controller)
        painter.paint(frame, on: toolkit.mainBuffer)
        if controller.isInspecting {
            let breakpoints = stage.breakpoints(metrics: painter.metrics, windowWidth: frame.viewport.width)
            Inspector(metrics: painter.metrics, measurer: painter.measurer, palette: painter.palette)
                .paint(scene: frame.scene, breakpoints: breakpoints, scroll: frame.scroll, viewport: frame.viewport, on: toolkit.mainBuffer)
        }
        toolkit.presentMainFrame()
        bufferIsCurrent = true
        needsDraw = false
        frameLog?.frameDrawn(toolkit, animating: stage.isAnimating, viewport: frame.viewport)
        trace?.append(time: now, animating: stage.isAnimating, drawn: frame, focus: controller.focus,
                      popup: popupWindow.traced(controller.popup))
        accessibility.frameDrawn(at: now)
    }

    /// The tree a screen reader reads, from what is shown right now.
    private func accessibleTree() -> AccessibleTree {
        AccessibleTree(application: "rewrap", title: controller.state.panel.title,
                       drawn: stage.shown(at: clock.now, controller: controller), focus: controller.focus,
                       popup: popupWindow.traced(controller.popup), active: controller.windowFocused, locale: language)
    }
}
