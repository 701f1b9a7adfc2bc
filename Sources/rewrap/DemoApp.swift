import RewrapAccessibility
import RewrapCommandLine
import RewrapLayout
import RewrapMotion
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
    private let reduceMotionByOption: Bool
    private let themePreference: ThemePreference
    private var controller: PanelController
    private var stage: Stage
    private var pacer = FramePacer(interval: 1 / Desktop.defaultRefreshRate)
    private let timer: DeadlineTimer
    /// When the hovered indicator of a cut menu scrolls it by another row.
    private var menuScrollDeadline: Double?
    private var watchingDesktop = false
    private var shownPopup: ShownPopup?
    private var pendingSize: Size?
    private var needsDraw = true
    private var needsPopupDraw = false
    /// The back buffer holds the latest frame at the window's size, so an
    /// Expose only needs a copy, not a repaint.
    private var bufferIsCurrent = false
    private var running = true
    /// nil when there is no accessibility bus.
    private var accessibility: AccessibilityLink?
    /// When to look for the bus: 0.1 s after the first frame, so loading
    /// libdbus and joining the bus never compete with it; nil once looked.
    private var accessibilityLookup: Double? = .infinity

    init(toolkit: Toolkit, state: PanelState, strings: Strings, options: AppOptions, trace: TraceWriter?,
         frameLog: FrameLog?) throws(CommandError) {
        self.toolkit = toolkit
        timer = try DeadlineTimer()
        self.trace = trace
        self.frameLog = frameLog
        let metrics = Metrics(scale: toolkit.scale)
        // The engine keeps every line it shapes, so it is the measurement cache too.
        let measurer = toolkit.text
        themePreference = options.theme
        painter = Painter(metrics: metrics, measurer: measurer,
                          palette: options.theme.theme(desktopThemeName: toolkit.settings?.themeName).palette)
        controller = PanelController(state: state, metrics: metrics, viewport: toolkit.initialSize, direction: measurer.direction,
                                     inspecting: options.inspect)
        let layout = PageLayout(metrics: metrics, strings: strings, measurer: measurer, direction: measurer.direction)
        stage = Stage(layout: layout, state: state, viewport: toolkit.initialSize, moveDuration: options.slowMotion ? 2.5 : 0.25)
        controller.sceneChanged(stage.scene)
        reduceMotionByOption = options.reduceMotion
    }

    /// The option, or the desktop turning animations off.
    private var reduceMotion: Bool {
        reduceMotionByOption || !(toolkit.settings?.animationsEnabled ?? true)
    }

    /// Runs until the window is closed; returns the exit status.
    func run() -> Int32 {
        while running {
            frameLog?.passStarted(shapeCount: toolkit.text.shapeCount)
            for event in toolkit.pendingEvents() { handle(event) }
            if let size = pendingSize {
                pendingSize = nil
                if size != controller.viewport { send(.resized(size)) }
            }
            // The popup first: drawing it asks for a main frame, for the trace.
            if needsPopupDraw { drawPopup() }
            let now = clock.now
            if let deadline = menuScrollDeadline, now >= deadline - FramePacer.tolerance {
                menuScrollDeadline = nil
                send(.menuScrollTick)
            }
            if stage.isAnimating {
                if let time = pacer.frameTime(at: now) {
                    drawFrame(at: time)
                    pacer.interval = 1 / toolkit.refreshRate
                    pacer.advance(after: time, moveEnd: stage.moveEnd)
                }
            } else if needsDraw {
                drawFrame(at: now)
            }
            guard running else { break }
            toolkit.finishStartup()
            if let due = accessibilityLookup, clock.now >= due {
                accessibilityLookup = nil
                accessibility = AccessibilityLink(toolkit: toolkit) { [unowned self] in accessibleTree() }
            }
            accessibility?.passEnded(animating: stage.isAnimating)
            let retry = accessibility?.retryInterval.map { clock.now + $0 }
            let deadlines = [stage.isAnimating ? pacer.deadline : nil, menuScrollDeadline, accessibilityLookup, retry]
                .compactMap { $0 }.filter(\.isFinite)
            if let next = deadlines.min() { timer.arm(at: clock.monotonicSeconds(at: next)) }
            let bus = accessibility?.descriptors ?? []
            let ready = toolkit.wait(timeout: nil, alsoWatching: (deadlines.isEmpty ? [] : [timer.descriptor]) + bus)
            if let accessibility, retry != nil || ready.contains(where: bus.contains) {
                for input in accessibility.pump() { send(input) }
            }
        }
        return 0
    }

    // MARK: - Events

    private func handle(_ event: ToolkitEvent) {
        switch event {
        case .exposed(.main):
            if bufferIsCurrent { toolkit.presentMainFrame() } else { needsDraw = true }
        case .exposed(.popup):
            if let buffer = toolkit.popupBuffer, shownPopup?.isDrawn == true { buffer.present() } else { needsPopupDraw = true }
        case .configured(let width, let height):
            // The latest size wins, even one equal to the current viewport.
            pendingSize = Size(width: Double(width), height: Double(height))
        case .pointerMoved(.main, let x, let y):
            send(.pointerMoved(over: node(at: x, y)))
        case .pointerMoved(.popup, let x, let y):
            send(controller.popup.flatMap { shownPopup?.pointerMoved(x, y, over: $0) } ?? .popupPointerMoved(row: nil))
        case .pointerLeft(.main):
            send(.pointerLeft)
        case .pointerLeft(.popup):
            send(.popupPointerMoved(row: nil))
        case .pressed(let role, let x, let y):
            handlePress(role, x: x, y: y)
        case .scrolled(.main, let dx, let dy):
            send(.scrolled(by: Point(x: Double(dx), y: Double(dy))))
        case .scrolled(.popup, _, let dy):
            // A menu scrolls by whole rows: one a wheel click, whatever its pixels.
            if dy != 0 { send(.popupScrolled(rows: dy > 0 ? 1 : -1)) }
        case .keyPressed(let key):
            send(.key(key))
        case .focusChanged(let focused):
            send(.windowFocusChanged(focused))
        case .closeRequested:
            running = false
        case .popupDestroyed:
            shownPopup = nil
            send(.popupLost)
        case .settingsChanged:
            if reduceMotion && stage.isAnimating {
                stage.finishMoves()
                needsDraw = true
            }
            applyTheme()
        }
    }

    private func handlePress(_ role: WindowRole, x: Int, y: Int) {
        if controller.popup != nil {
            // Outside the popup, or in the main window when no grab was had.
            let inside = role == .popup && shownPopup?.contains(x, y) == true
            let row = inside ? controller.popup.flatMap { shownPopup?.row(at: x, y, of: $0) } : nil
            if inside, row == nil { return }
            send(.popupPointerPressed(row: row))
        } else if role == .main {
            send(.pointerPressed(on: node(at: x, y)))
        }
    }

    private func send(_ input: Input) {
        let effects = controller.handle(input, scene: stage.scene)
        if !effects.isEmpty { accessibility?.inputHandled() }
        for effect in effects {
            switch effect {
            case .redraw: break
            case .relayout(let animated): relayout(animated: animated)
            case .openPopup(let menu):
                guard let owner = stage.presented(menu.owner, at: clock.now, scroll: controller.scroll.offset) else { break }
                let shown = ShownPopup(menu, below: owner, direction: stage.scene.direction, toolkit: toolkit,
                                       metrics: controller.metrics, measurer: painter.measurer)
                shownPopup = shown
                needsPopupDraw = true
                send(.popupPlaced(visibleRows: shown.visibleRows))
            case .redrawPopup: needsPopupDraw = true
            case .scheduleMenuScroll(let delay): menuScrollDeadline = clock.now + delay
            case .closePopup:
                toolkit.closePopup()
                shownPopup = nil
            }
            needsDraw = true
        }
    }

    private func relayout(animated: Bool) {
        let now = clock.now
        let viewport = controller.viewport
        if toolkit.mainBuffer.resize(width: Int(viewport.width), height: Int(viewport.height)) { bufferIsCurrent = false }
        if stage.relayout(controller.state, viewport: viewport, at: now, animated: animated && !reduceMotion) {
            pacer.start(at: now)
        }
        controller.sceneChanged(stage.scene)
    }

    /// `--theme auto` follows the desktop's theme as it changes.
    private func applyTheme() {
        let palette = themePreference.theme(desktopThemeName: toolkit.settings?.themeName).palette
        guard palette != painter.palette else { return }
        painter.palette = palette
        needsDraw = true
        needsPopupDraw = shownPopup != nil
    }

    private func node(at x: Int, _ y: Int) -> NodeID? {
        stage.interactiveNode(at: Point(x: Double(x), y: Double(y)), at: clock.now, scroll: controller.scroll.offset)
    }

    // MARK: - Drawing

    private func drawFrame(at now: Double) {
        let frame = stage.frame(at: now, controller: controller)
        painter.paint(frame, on: toolkit.mainBuffer)
        if controller.isInspecting {
            let breakpoints = stage.breakpoints(metrics: controller.metrics, windowWidth: frame.viewport.width)
            Inspector(metrics: controller.metrics, measurer: painter.measurer, palette: painter.palette)
                .paint(scene: frame.scene, breakpoints: breakpoints, scroll: frame.scroll, viewport: frame.viewport, on: toolkit.mainBuffer)
        }
        toolkit.presentMainFrame()
        bufferIsCurrent = true
        needsDraw = false
        if let frameLog {
            toolkit.connection.flush()
            frameLog.frameDrawn(animating: stage.isAnimating, viewport: frame.viewport, shapeCount: toolkit.text.shapeCount)
        }
        trace?.append(time: now, animating: stage.isAnimating, drawn: frame, focus: controller.focus,
                      popup: controller.popup.flatMap { shownPopup?.traced($0) })
        // Monitors, refresh rates and the work area cost replies: read them once the first frame is out.
        if !watchingDesktop {
            watchingDesktop = true
            toolkit.watchDesktop()
        }
        if accessibilityLookup == .infinity { accessibilityLookup = now + 0.1 }
    }

    /// The tree a screen reader reads, from what is shown right now.
    private func accessibleTree() -> AccessibleTree {
        AccessibleTree(application: "rewrap", title: controller.state.panel.title,
                       drawn: stage.shown(at: clock.now, controller: controller), focus: controller.focus,
                       popup: controller.popup.flatMap { shownPopup?.traced($0) }, active: controller.windowFocused)
    }

    private func drawPopup() {
        needsPopupDraw = false
        guard let menu = controller.popup, let plan = shownPopup?.plan, let buffer = toolkit.popupBuffer else { return }
        painter.paintPopup(menu, plan: plan, direction: stage.scene.direction, on: buffer)
        buffer.present()
        shownPopup?.isDrawn = true
        // The trace shows popup changes too, as a frame of the main window.
        needsDraw = true
    }
}
