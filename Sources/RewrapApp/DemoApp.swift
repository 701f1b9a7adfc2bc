import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene
import RewrapText

/// The demo's loop: platform events become controller inputs, effects are
/// carried out, frames are paced and drawn. The loop owns the only clock,
/// and knows no platform: it is tested against a recording one.
public final class DemoApp {
    private let platform: any Platform
    /// The main window's pixels.
    private let surface: any FrameSurface
    private var painter: Painter
    private let trace: TraceWriter?
    private let frameLog: FrameLog?
    private let clock: Clock
    private let appearance: Appearance
    /// What the command line asked for, read again when the desktop's scale changes.
    private let options: AppOptions
    private var controller: PanelController
    private let stage: Stage
    private let popupWindow: PopupWindow
    private let accessibility: AccessibilityLink
    private let touchScroller: TouchScroller
    /// The program's words in the catalog's language, and that language
    /// (BCP 47), the locale screen readers are told.
    private let words: Words
    /// The window's scale without large text, and the desktop's font, that the text was last set for.
    private var windowScale: Double
    private var interfaceFont: InterfaceFont?
    private var pendingSize: Size?
    private var needsDraw = true
    /// The back buffer holds the latest frame at the window's size, so an
    /// Expose only needs a copy, not a repaint.
    private var bufferIsCurrent = false
    private var running = true
    private var status: Int32 = 0
    /// The one owner of what is kept across runs, and of when it is written.
    private let keeper: StateKeeper
    /// SIGTERM, SIGINT and SIGHUP, when the program watches for them.
    private let stopSignals: StopSignals?

    /// The loop for a window open on `platform` at `scale`, with its text
    /// set by `text`; `keeper` keeps what the person does, and the loop
    /// stops on `stopSignals`. `Launch.open` makes it.
    init(platform: any Platform, surface: any FrameSurface, text: TextEngine, scale: Double, state: PanelState,
         words: Words, options: AppOptions, trace: TraceWriter?, frameLog: FrameLog?, clock: Clock,
         keeper: StateKeeper, stopSignals: StopSignals?) {
        self.platform = platform
        self.keeper = keeper
        self.stopSignals = stopSignals
        self.clock = clock
        self.surface = surface
        popupWindow = PopupWindow(platform: platform)
        accessibility = AccessibilityLink(platform: platform)
        touchScroller = TouchScroller(threshold: Metrics(scale: scale).dragThreshold)
        self.words = words
        self.trace = trace
        self.frameLog = frameLog
        let metrics = Metrics(scale: scale)
        let viewport = Size(width: Double(surface.width), height: Double(surface.height))
        appearance = Appearance(theme: options.theme, reduceMotionByOption: options.reduceMotion)
        self.options = options
        windowScale = options.windowScale(for: platform.settings)
        interfaceFont = options.font == nil ? platform.settings.interfaceFont : nil
        // The engine keeps the lines it shapes, so it is the measurement cache too.
        painter = Painter(metrics: metrics, measurer: text, palette: appearance.palette(platform.settings))
        controller = PanelController(state: state, metrics: metrics, viewport: viewport, direction: text.direction,
                                     inspecting: options.inspect)
        let layout = PageLayout(metrics: metrics, words: words, measurer: text, direction: text.direction)
        stage = Stage(layout: layout, state: state, viewport: viewport, slowMotion: options.slowMotion)
        controller.sceneChanged(stage.scene)
        frameLog?.text = text
    }

    /// Runs until the window is closed, a stop signal comes or the display
    /// goes; saves what the person did, and returns the exit status.
    public func run() -> Int32 {
        while running { runPass() }
        keeper.save()
        return status
    }

    /// One pass of the loop: events, then frames, then a sleep until the
    /// next event or deadline. False once the window has closed.
    @discardableResult
    public func runPass() -> Bool {
        frameLog?.passStarted()
        for event in platform.pendingEvents() { handle(event) }
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
        let ready = platform.isReadyForFrame
        if ready, let outcome = touchScroller.tick(at: now, interval: 1 / platform.refreshRate, range: scrollRange) {
            carryOut(outcome)
        }
        if ready, let time = stage.dueFrameTime(at: now) {
            drawFrame(at: time)
            stage.frameDrawn(at: time, refreshRate: platform.refreshRate)
        } else if ready && needsDraw && !stage.isAnimating {
            drawFrame(at: now)
        }
        guard running else { return false }
        keeper.saveIfDue(at: clock.now)
        platform.finishStartup()
        if accessibility.passEnded(at: clock.now, animating: stage.isAnimating, tree: accessibleTree) {
            // A screen reader is there: give it something to announce, and go round to publish it.
            send(.focusFirstControl)
            return running
        }
        // A platform that is not ready says so with an event, so no frame deadline is kept meanwhile.
        let next = [ready ? stage.frameDeadline : nil, ready ? touchScroller.deadline : nil, popupWindow.scrollDeadline,
                    accessibility.deadline(now: clock.now), keeper.deadline].compactMap { $0 }.min()
        let watched = accessibility.descriptors + (stopSignals.map { [$0.descriptor] } ?? [])
        let readable = platform.wait(until: next.map(clock.monotonicSeconds(at:)), alsoWatching: watched)
        if let stopSignals, readable.contains(stopSignals.descriptor), stopSignals.drain() {
            // Asked to stop, not failing: `run` saves, and the status is 0.
            running = false
            return false
        }
        for input in accessibility.pump(ready: readable, tree: accessibleTree) { send(input) }
        return running
    }

    // MARK: - Events

    private func handle(_ event: PlatformEvent) {
        switch event {
        case .exposed(.main):
            // A resize waiting in this batch draws and presents a new frame anyway.
            if bufferIsCurrent && pendingSize == nil { platform.presentMainFrame() } else { needsDraw = true }
        case .configured(let width, let height):
            // The latest size wins, even one equal to the current viewport.
            pendingSize = Size(width: Double(width), height: Double(height))
            keeper.resized(width: width, height: height, scale: painter.metrics.scale, at: clock.now)
        case .windowShown:
            keeper.windowWasShown()
        case .maximizedChanged(let maximized):
            keeper.maximizedChanged(maximized, at: clock.now)
        case .pointerMoved(.main, let x, let y):
            // A button held since a press in the window keeps its motion there, over the menu too.
            if let menu = controller.popup {
                popupWindow.input(for: event, menu: menu).map(send)
            } else {
                send(.pointerMoved(over: node(at: x, y)))
            }
        case .pointerLeft(.main):
            send(.pointerLeft)
        case .pressed(let role, let x, let y):
            touchScroller.stop()
            if let menu = controller.popup {
                popupWindow.input(for: event, menu: menu).map(send)
            } else if role == .main {
                send(.pointerPressed(on: node(at: x, y)))
            }
        case .released:
            popupWindow.input(for: event, menu: controller.popup).map(send)
        case .scrolled(.main, let dx, let dy):
            let delta = Point(x: Double(dx), y: Double(dy))
            touchScroller.scrolled(by: delta, now: clock.now)
            send(.scrolled(by: delta))
        case .scrollEnded(.main):
            if let page = scrollRange(.page) { touchScroller.scrollEnded(now: clock.now, page: page) }
        case .scrollEnded(.popup):
            // A menu scrolls by whole rows, a click at a time: no momentum.
            break
        case .touch(let touch):
            let outcome = touchScroller.touch(touch, spot: { touchSpot(touch) }, now: clock.now, range: scrollRange)
            outcome.map(carryOut)
        case .keyPressed(let key, let stroke):
            touchScroller.stop()
            // A screen reader sees every key first, and may keep it for itself.
            if !accessibility.consumes(stroke), let key { send(.key(key)) }
        case .keyReleased(let stroke):
            _ = accessibility.consumes(stroke)
        case .focusChanged(let focused):
            send(.windowFocusChanged(focused))
            if focused && accessibility.isJoined { send(.focusFirstControl) }
        case .closeRequested:
            running = false
        case .connectionLost(let line):
            // What the person did outlives the display: saved before the last word.
            keeper.save()
            writeLine(line)
            status = 1
            running = false
        case .scrolled(.popup, _, _):
            touchScroller.stop()
            popupWindow.input(for: event, menu: controller.popup).map(send)
        case .exposed(.popup), .pointerMoved(.popup, _, _), .pointerLeft(.popup), .popupDismissed:
            popupWindow.input(for: event, menu: controller.popup).map(send)
        case .popupPlaced:
            popupWindow.input(for: event, menu: controller.popup).map(send)
            // The menu is in the accessible tree once placed; on Wayland that
            // comes after the pass of the key that opened it.
            accessibility.inputHandled()
        case .settingsChanged:
            followDesktopText()
            if appearance.reducesMotion(platform.settings) && stage.isAnimating {
                stage.finishMoves()
                needsDraw = true
            }
            applyTheme()
        case .accessibilityBusNamed:
            accessibility.busNamed()
        case .frameReady:
            stage.frameReady(at: clock.now)
        }
    }

    // MARK: - Touch

    /// What lies under a finger now, hit-tested as a click would be.
    private func touchSpot(_ touch: Touch) -> TouchSpot {
        // A position that is no pixel at all is on nothing.
        guard touch.x.isFinite, touch.y.isFinite, abs(touch.x) < 1e6, abs(touch.y) < 1e6 else {
            return controller.popup == nil ? .nothing : .outsideMenu
        }
        let x = Int(touch.x.rounded(.down)), y = Int(touch.y.rounded(.down))
        if let menu = controller.popup { return popupWindow.touchSpot(touch.role, x, y, menu: menu) }
        return touch.role == .main ? .control(node(at: x, y)) : .nothing
    }

    /// How far the page, or the open menu, is scrolled and can go, in pixels.
    private func scrollRange(_ target: ScrollTarget) -> ScrollRange? {
        switch target {
        case .page:
            return ScrollRange(offset: controller.scroll.offset,
                               limit: ScrollPosition.maximum(content: stage.scene.contentSize, viewport: controller.viewport))
        case .menu:
            guard let menu = controller.popup, let pitch = popupWindow.rowHeight else { return nil }
            return ScrollRange(offset: Point(x: 0, y: Double(menu.scroll.first) * pitch),
                               limit: Point(x: 0, y: Double(menu.scroll.count - menu.scroll.visible) * pitch))
        }
    }

    /// A tap clicks what it touched, as a press would, though it shows no
    /// hover and no focus ring; a drag or a fling scrolls.
    private func carryOut(_ outcome: TouchOutcome) {
        switch outcome {
        case .tapped(.control(let id)):
            if controller.popup == nil { send(.pointerPressed(on: id)) }
        case .tapped(.menuRow(let row)):
            if let row, controller.popup != nil { send(.popupClicked(row: row)) }
        case .tapped(.outsideMenu):
            if controller.popup != nil { send(.popupClicked(row: nil)) }
        case .tapped(.nothing):
            break
        case .scroll(.page, let offset):
            let now = controller.scroll.offset
            send(.scrolled(by: Point(x: offset.x - now.x, y: offset.y - now.y)))
        case .scroll(.menu, let offset):
            // A menu scrolls by whole rows: the nearest to where the finger holds it.
            guard let menu = controller.popup, let pitch = popupWindow.rowHeight else { return }
            let rows = Int((offset.y / pitch).rounded()) - menu.scroll.first
            if rows != 0 { send(.popupScrolled(rows: rows)) }
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
                keeper.picked(state, at: clock.now)
            case .openPopup(let menu, let scroll):
                guard let owner = stage.presented(menu.owner, at: clock.now, scroll: scroll) else { break }
                popupWindow.open(menu, below: owner, direction: stage.scene.direction, metrics: painter.metrics,
                                 measurer: painter.measurer).map(send)
            case .redrawPopup: popupWindow.setNeedsDraw()
            case .scheduleMenuScroll(let delay): popupWindow.scheduleScroll(at: clock.now + delay)
            case .closePopup: popupWindow.close()
            case .closeWindow: running = false
            }
            needsDraw = true
        }
    }

    private func relayout(_ state: PanelState, viewport: Size, animated: Bool) {
        if surface.resize(width: Int(viewport.width), height: Int(viewport.height)) { bufferIsCurrent = false }
        stage.relayout(state, viewport: viewport, at: clock.now, animated: animated && !appearance.reducesMotion(platform.settings))
        controller.sceneChanged(stage.scene)
    }

    /// The desktop asks for another scale (a new DPI), larger text or
    /// another font, and the options did not fix them: the text is set anew,
    /// and the page laid out and drawn at the scale. A new window scale
    /// resizes the window to show what it showed; larger text or another
    /// font keeps the window's size, and the page reflows. Nothing
    /// animates, and selection, focus and scroll stay.
    private func followDesktopText() {
        let settings = platform.settings
        let scale = options.scale(for: settings), windowScale = options.windowScale(for: settings)
        let font = options.font == nil ? settings.interfaceFont : nil
        guard scale != painter.metrics.scale || font != interfaceFont else { return }
        let text: TextEngine
        do {
            text = try options.textEngine(scale: scale, settings: settings, direction: stage.scene.direction)
        } catch {
            return writeLine("rewrap: cannot set text at the desktop's new scale \(scale): \(error.message)")
        }
        let viewport = windowScale != self.windowScale
            ? platform.rescale(to: scale, text: text) : platform.retext(to: scale, text: text)
        self.windowScale = windowScale
        interfaceFont = font
        let metrics = Metrics(scale: scale)
        let sameScale = metrics == painter.metrics
        touchScroller.rescaled(threshold: metrics.dragThreshold)
        painter = Painter(metrics: metrics, measurer: text, palette: painter.palette)
        stage.rescale(metrics, measurer: text)
        frameLog?.text = text
        send(sameScale ? .fontChanged(viewport: viewport) : .rescaled(metrics, viewport: viewport))
    }

    /// `--theme auto` follows the desktop's theme as it changes.
    private func applyTheme() {
        let palette = appearance.palette(platform.settings)
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
        painter.paint(frame, on: surface)
        // A menu open over a moving button goes with it.
        if let menu = controller.popup, let owner = stage.presented(menu.owner, at: now, scroll: frame.scroll) {
            popupWindow.follow(owner).map(send)
        }
        if controller.isInspecting {
            let breakpoints = stage.breakpoints(metrics: painter.metrics, windowWidth: frame.viewport.width)
            Inspector(metrics: painter.metrics, measurer: painter.measurer, palette: painter.palette)
                .paint(scene: frame.scene, breakpoints: breakpoints, scroll: frame.scroll, viewport: frame.viewport, on: surface)
        }
        platform.presentMainFrame()
        bufferIsCurrent = true
        needsDraw = false
        frameLog?.frameDrawn(platform, animating: stage.isAnimating, viewport: frame.viewport)
        let popup = popupWindow.traced(controller.popup)
        trace?.append(time: now, animating: stage.isAnimating, drawn: frame, focus: controller.focus, popup: popup)
        accessibility.frameDrawn(at: now)
        showFocus(frame, popup: popup)
    }

    /// Tells the platform where the keys go, for an input method's
    /// candidates: the focused control, and an open menu's highlighted row.
    private func showFocus(_ frame: Painter.Frame, popup: TraceRecord.Popup?) {
        if let focus = controller.focus, let index = frame.scene.nodes.firstIndex(where: { $0.id == focus }),
           let rect = frame.presented[index] {
            platform.focusMoved(to: rect, in: .main)
        }
        if let popup, let row = popup.menu.highlighted, popup.rows.indices.contains(row), let rect = popup.rows[row] {
            platform.focusMoved(to: rect, in: .popup)
        }
    }

    /// The tree a screen reader reads, from what is shown right now.
    private func accessibleTree() -> AccessibleTree {
        AccessibleTree(application: "rewrap", title: controller.state.panel.title,
                       drawn: stage.shown(at: clock.now, controller: controller), focus: controller.focus,
                       popup: popupWindow.traced(controller.popup), active: controller.windowFocused, words: words,
                       locale: words.translator.languageTag)
    }
}
