import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene
import RewrapText

/// The demo's loop: each pass takes the platform's events and asks every
/// source what has happened, hands the inputs to the controller, carries
/// out its effects, draws what is due, and sleeps until a descriptor is
/// readable or a deadline comes. The loop owns the only clock and knows no
/// platform: it is tested against a recording one.
public final class DemoApp {
    private let platform: any Platform
    /// The main window's pixels.
    private let surface: any FrameSurface
    private var painter: Painter
    private let trace: TraceWriter?
    private let frameLog: FrameLog?
    private let clock: Clock
    private let appearance: Appearance
    private var textSetting: TextSetting
    private var controller: PanelController
    private let stage: Stage
    private let popupWindow: PopupWindow
    private let accessibility: AccessibilityLink
    private let touchScroller: TouchScroller
    /// The one owner of what is kept across runs, and of when it is written.
    private let keeper: StateKeeper
    /// SIGTERM, SIGINT and SIGHUP, when the program watches for them.
    private let stopSignals: StopSignals?
    /// The panel file, read again when it changes or on F5; nil for a pipe.
    private let panelFile: PanelFileSource?
    private var pendingSize: Size?
    private var needsDraw = true
    /// The back buffer holds the latest frame at the window's size, so an
    /// Expose only needs a copy, not a repaint.
    private var bufferIsCurrent = false
    /// What the last wait found readable, for the sources to read next pass.
    private var readable: [Int32] = []
    /// The exit status once the window has closed; nil while it is open.
    private var exitStatus: Int32?
    private var running: Bool { exitStatus == nil }

    /// The loop for a window open on `platform` at `scale`, with its text
    /// set by `text`; `keeper` keeps what the person does, and the loop
    /// stops on `stopSignals`. `Launch.open` makes it.
    init(platform: any Platform, surface: any FrameSurface, text: TextEngine, scale: Double, state: PanelState,
         words: Words, options: AppOptions, trace: TraceWriter?, frameLog: FrameLog?, clock: Clock,
         keeper: StateKeeper, stopSignals: StopSignals?, watcher: PanelWatcher?) {
        self.platform = platform
        self.keeper = keeper
        self.stopSignals = stopSignals
        panelFile = watcher.map { PanelFileSource(watcher: $0, words: words, keeper: keeper) }
        self.clock = clock
        self.surface = surface
        popupWindow = PopupWindow(platform: platform)
        accessibility = AccessibilityLink(platform: platform, words: words)
        touchScroller = TouchScroller(threshold: Metrics(scale: scale).dragThreshold)
        self.trace = trace
        self.frameLog = frameLog
        let metrics = Metrics(scale: scale)
        let viewport = Size(width: Double(surface.width), height: Double(surface.height))
        appearance = Appearance(theme: options.theme, reduceMotionByOption: options.reduceMotion)
        textSetting = TextSetting(options: options, settings: platform.settings)
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
        return exitStatus ?? 0
    }

    /// One pass of the loop: events and the sources' inputs, then frames,
    /// then a sleep until the next event or deadline. False once the
    /// window has closed.
    @discardableResult
    public func runPass() -> Bool {
        frameLog?.passStarted()
        for event in platform.pendingEvents() { handle(event) }
        for source in sources {
            for input in source.inputs(readable: readable, window: shownWindow()) { send(input) }
        }
        readable = []
        // A window that is closing draws nothing more.
        guard running else { return false }
        if let size = pendingSize {
            pendingSize = nil
            send(.resized(size))
        }
        // The popup first: drawing it asks for a main frame, for the trace.
        if popupWindow.needsDraw, popupWindow.draw(controller.popup, painter: painter, direction: stage.scene.direction) {
            needsDraw = true
        }
        let now = clock.now
        let ready = platform.isReadyForFrame
        if ready, let time = stage.dueFrameTime(at: now) {
            drawFrame(at: time)
            stage.frameDrawn(at: time, refreshRate: platform.refreshRate)
        } else if ready && needsDraw && !stage.isAnimating {
            drawFrame(at: now)
        }
        guard running else { return false }
        platform.finishStartup()
        if accessibility.passEnded(window: shownWindow()) {
            // A screen reader is there: give it something to announce, and go round to publish it.
            send(.focusFirstControl)
            return running
        }
        // A platform that is not ready says so with an event, so no frame deadline is kept meanwhile.
        let drawn = clock.now
        let next = sources.compactMap { $0.deadline(now: drawn, frameReady: ready) }.min()
        readable = platform.wait(until: next.map(clock.monotonicSeconds(at:)), alsoWatching: sources.flatMap(\.descriptors))
        return running
    }

    /// Everything the loop waits on besides the platform, which it sleeps in.
    private var sources: [any LoopSource] {
        var sources: [any LoopSource] = [stage, touchScroller, popupWindow, accessibility, keeper]
        if let stopSignals { sources.append(stopSignals) }
        if let panelFile { sources.append(panelFile) }
        return sources
    }

    /// What the window shows now, for hit-testing, scroll ranges and the accessible tree.
    private func shownWindow() -> ShownWindow {
        ShownWindow(stage: stage, controller: controller, popupWindow: popupWindow, now: clock.now,
                    frameReady: platform.isReadyForFrame, frameInterval: 1 / platform.refreshRate)
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
        case .pointerMoved, .pointerLeft, .released:
            shownWindow().input(for: event).map(send)
        case .pressed:
            touchScroller.stop()
            shownWindow().input(for: event).map(send)
        case .scrolled(.main, let dx, let dy):
            let delta = Point(x: Double(dx), y: Double(dy))
            touchScroller.scrolled(by: delta, now: clock.now)
            send(.scrolled(by: delta))
        case .scrollEnded(.main):
            if let page = shownWindow().scrollRange(.page) { touchScroller.scrollEnded(now: clock.now, page: page) }
        case .scrollEnded(.popup):
            // A menu scrolls by whole rows, a click at a time: no momentum.
            break
        case .touch(let touch):
            for input in touchScroller.touch(touch, window: shownWindow()) { send(input) }
        case .keyPressed(let key, let stroke):
            touchScroller.stop()
            // A screen reader sees every key first, and may keep it for itself.
            if !accessibility.consumes(stroke), let key { send(stroke.isRepeat ? .keyRepeated(key) : .key(key)) }
        case .keyReleased(let stroke):
            _ = accessibility.consumes(stroke)
        case .focusChanged(let focused):
            send(.windowFocusChanged(focused))
            if focused && accessibility.isJoined { send(.focusFirstControl) }
        case .closeRequested:
            send(.closeRequested)
        case .connectionLost(let line):
            // What the person did outlives the display: saved before the last word.
            keeper.save()
            writeLine(line)
            exitStatus = 1
        case .scrolled(.popup, _, _):
            touchScroller.stop()
            shownWindow().input(for: event).map(send)
        case .exposed(.popup), .popupDismissed:
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

    private func send(_ input: Input) {
        carryOut(controller.handle(input, scene: stage.scene))
    }

    private func carryOut(_ effects: [Effect]) {
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
            case .reloadPanel: panelFile?.watcher.reloadNow(at: clock.now)
            case .retitle(let title): platform.setTitle(title)
            case .closeWindow: exitStatus = exitStatus ?? 0
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
    /// another font, and the options did not fix them: the page is laid
    /// out and drawn in the new text. A new window scale resizes the window
    /// to show what it showed; larger text or another font keeps the
    /// window's size, and the page reflows. Nothing animates, and
    /// selection, focus and scroll stay.
    private func followDesktopText() {
        switch textSetting.follow(platform.settings, from: painter.metrics.scale, direction: stage.scene.direction) {
        case nil:
            break
        case .failed(let line):
            writeLine(line)
        case .set(let text, let scale, let resizesWindow):
            let viewport = resizesWindow ? platform.rescale(to: scale, text: text) : platform.retext(to: scale, text: text)
            let metrics = Metrics(scale: scale)
            let sameScale = metrics == painter.metrics
            touchScroller.rescaled(threshold: metrics.dragThreshold)
            painter = Painter(metrics: metrics, measurer: text, palette: painter.palette)
            stage.rescale(metrics, measurer: text)
            frameLog?.text = text
            send(sameScale ? .fontChanged(viewport: viewport) : .rescaled(metrics, viewport: viewport))
        }
    }

    /// `--theme auto` follows the desktop's theme as it changes.
    private func applyTheme() {
        let palette = appearance.palette(platform.settings)
        guard palette != painter.palette else { return }
        painter.palette = palette
        needsDraw = true
        popupWindow.setNeedsDraw()
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
    private func showFocus(_ frame: Painter.Frame, popup: TraceRecord.PopupRecord?) {
        if let focus = controller.focus, let index = frame.scene.nodes.firstIndex(where: { $0.id == focus }),
           let rect = frame.presented[index] {
            platform.focusMoved(to: rect, in: .main)
        }
        if let popup, let row = popup.menu.highlighted, popup.rows.indices.contains(row), let rect = popup.rows[row] {
            platform.focusMoved(to: rect, in: .popup)
        }
    }
}
