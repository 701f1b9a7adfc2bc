import RewrapLayout
import RewrapMotion
import RewrapScene
import RewrapX11

/// The demo: turns toolkit events into controller inputs, lays out, animates
/// and draws. It owns the loop, and the loop owns the clock.
final class DemoApp {
    private let toolkit: Toolkit
    private let layout: PageLayout
    private let painter: Painter
    private let metrics: Metrics
    private let trace: TraceWriter?
    /// One line per frame, `cpu_seconds animating WxH`, for `make bench`:
    /// the CPU from the start of the loop pass that drew it, so a resize's
    /// layout counts as well as its paint and copy.
    private let frameLog: TraceWriter?
    private var passStartCPU = 0.0
    private let clock = Clock()
    private var controller: PanelController
    private var animator: Animator<String>
    private var scene: Scene
    private var viewport: Size
    private var scroll = ScrollPosition()
    private let reduceMotionByOption: Bool
    /// The open popup's rows, where it is on screen, and whether its buffer holds them.
    private var shownPopup: (plan: PopupPlan, frame: PixelRect, isDrawn: Bool)?
    private var pendingSize: Size?
    private var breakpoints: Breakpoints?
    private var needsDraw = true
    /// The back buffer holds the latest frame at the window's size, so an
    /// Expose only needs a copy, not a repaint.
    private var bufferIsCurrent = false
    private var needsPopupDraw = false
    private var nextFrameTime = 0.0
    private var frameIndex = 0
    private var running = true

    /// 60 Hz while something moves.
    private let frameInterval = 1.0 / 60

    init(toolkit: Toolkit, state: PanelState, strings: Strings, options: AppOptions, trace: TraceWriter?,
         frameLog: TraceWriter?) {
        self.toolkit = toolkit
        self.trace = trace
        self.frameLog = frameLog
        metrics = Metrics(scale: toolkit.scale)
        let measurer = MeasurementCache(toolkit.fonts)
        layout = PageLayout(metrics: metrics, strings: strings, measurer: measurer)
        painter = Painter(metrics: metrics, measurer: measurer)
        controller = PanelController(state: state, inspecting: options.inspect)
        animator = Animator(duration: options.slowMotion ? 2.5 : 0.25)
        reduceMotionByOption = options.reduceMotion
        viewport = toolkit.initialSize
        scene = layout.scene(for: state, viewportWidth: viewport.width)
        animator.update(targets: scene.targets, at: 0, animate: .none)
    }

    /// The option, or the desktop turning animations off.
    private var reduceMotion: Bool {
        reduceMotionByOption || !(toolkit.settings?.animationsEnabled ?? true)
    }

    /// Runs until the window is closed; returns the exit status.
    func run() -> Int32 {
        while running {
            if frameLog != nil { passStartCPU = Clock.processTime }
            for event in toolkit.pendingEvents() { handle(event) }
            if let size = pendingSize {
                pendingSize = nil
                if size != viewport { resize(to: size) }
            }
            // The popup first: drawing it asks for a main frame, for the trace.
            if needsPopupDraw { drawPopup() }
            let now = clock.now
            if animator.isAnimating {
                if now >= nextFrameTime - 0.0005 {
                    drawFrame(at: now)
                    // Keep a steady cadence; after a stall, skip ahead rather than burst.
                    nextFrameTime += frameInterval
                    if nextFrameTime < now { nextFrameTime = now + frameInterval }
                }
            } else if needsDraw {
                drawFrame(at: now)
            }
            guard running else { break }
            toolkit.wait(timeout: animator.isAnimating ? nextFrameTime - clock.now : nil)
        }
        return 0
    }

    // MARK: - Events

    private func handle(_ event: ToolkitEvent) {
        switch event {
        case .exposed(.main):
            if bufferIsCurrent { toolkit.mainBuffer.present() } else { needsDraw = true }
        case .exposed(.popup):
            if let buffer = toolkit.popupBuffer, shownPopup?.isDrawn == true { buffer.present() } else { needsPopupDraw = true }
        case .configured(let width, let height):
            // The latest size wins, even one equal to the current viewport.
            pendingSize = Size(width: Double(width), height: Double(height))
        case .pointerMoved(.main, let x, let y):
            apply(controller.handle(.pointerMoved(over: node(atWindowPoint: x, y)), scene: scene))
        case .pointerMoved(.popup, let x, let y):
            apply(controller.handle(.popupPointerMoved(row: popupRow(x, y)), scene: scene))
        case .pointerLeft(.main):
            apply(controller.handle(.pointerLeft, scene: scene))
        case .pointerLeft(.popup):
            apply(controller.handle(.popupPointerMoved(row: nil), scene: scene))
        case .pressed(let role, let x, let y):
            handlePress(role, x: x, y: y)
        case .scrolled(let role, let dx, let dy):
            if role == .main { scrollBy(Point(x: Double(dx) * metrics.scrollStep, y: Double(dy) * metrics.scrollStep)) }
        case .keyPressed(let key):
            handleKey(key)
        case .closeRequested:
            running = false
        case .popupDestroyed:
            shownPopup = nil
            apply(controller.handle(.popupLost, scene: scene))
        case .settingsChanged:
            if reduceMotion && animator.isAnimating {
                animator.finishAll()
                needsDraw = true
            }
        }
    }

    private func handlePress(_ role: WindowRole, x: Int, y: Int) {
        if controller.popup != nil {
            // Outside the popup, or in the main window when no grab was had.
            let inside = role == .popup && shownPopup.map { x >= 0 && y >= 0 && x < $0.frame.width && y < $0.frame.height } == true
            if inside, popupRow(x, y) == nil { return }
            apply(controller.handle(.popupPointerPressed(row: inside ? popupRow(x, y) : nil), scene: scene))
        } else if role == .main {
            apply(controller.handle(.pointerPressed(on: node(atWindowPoint: x, y)), scene: scene))
        }
    }

    private func handleKey(_ key: Key) {
        if controller.popup == nil {
            switch key {
            case .pageUp, .pageDown:
                let page = max(metrics.scrollStep, viewport.height - metrics.scrollStep)
                return scrollBy(Point(x: 0, y: key == .pageUp ? -page : page))
            case .left, .right:
                return scrollBy(Point(x: key == .left ? -metrics.scrollStep : metrics.scrollStep, y: 0))
            default:
                break
            }
        }
        let focusBefore = controller.focus
        apply(controller.handle(.key(key), scene: scene))
        if let focus = controller.focus, focus != focusBefore { reveal(focus) }
    }

    /// Scrolls a control into view, focus ring included.
    private func reveal(_ id: String) {
        guard let frame = scene.node(id)?.frame else { return }
        let before = scroll
        scroll.reveal(frame, margin: metrics.focusRingGap + metrics.focusRingWidth, content: scene.contentSize, viewport: viewport)
        if scroll != before { needsDraw = true }
    }

    /// Carries out what the controller asked for.
    private func apply(_ effects: Effects) {
        if effects.contains(.closePopup) {
            toolkit.closePopup()
            shownPopup = nil
        }
        if effects.contains(.selectionChanged) { relayout(animated: true) }
        if effects.contains(.openPopup) { openPopup() }
        if effects.contains(.redrawPopup) { needsPopupDraw = true }
        if !effects.isEmpty { needsDraw = true }
    }

    // MARK: - Layout

    private func resize(to size: Size) {
        // A menu would be left pointing at where its button was.
        if controller.popup != nil { apply(controller.handle(.dismissPopup, scene: scene)) }
        viewport = size
        toolkit.mainBuffer.resize(width: Int(size.width), height: Int(size.height))
        bufferIsCurrent = false
        relayout(animated: false)
    }

    /// A selection animates; a resize never does, though moves in flight carry on.
    private func relayout(animated: Bool) {
        let now = clock.now
        scene = layout.scene(for: controller.state, viewportWidth: viewport.width)
        let animate = animated && !reduceMotion
        let wasAnimating = animator.isAnimating
        animator.update(targets: scene.targets, at: now, animate: animate ? .changes : .none)
        if animator.isAnimating && !wasAnimating { nextFrameTime = now }
        scroll.clamp(content: scene.contentSize, viewport: viewport)
        controller.sceneChanged(scene)
        breakpoints = nil
        needsDraw = true
    }

    private func scrollBy(_ delta: Point) {
        let before = scroll
        scroll.scroll(by: delta, content: scene.contentSize, viewport: viewport)
        if scroll != before { needsDraw = true }
    }

    // MARK: - Hit testing

    /// The interactive node under a window point, by its presented frame.
    private func node(atWindowPoint x: Int, _ y: Int) -> String? {
        let now = clock.now
        let point = Point(x: Double(x), y: Double(y))
        for node in scene.nodes.reversed() where node.kind == .dropdown || node.kind == .badge {
            if let frame = presented(node.id, at: now), frame.rect.contains(point) { return node.id }
        }
        return nil
    }

    private func popupRow(_ x: Int, _ y: Int) -> Int? {
        shownPopup?.plan.row(at: Point(x: Double(x), y: Double(y)))
    }

    /// A node's presented frame in window pixels, scroll applied.
    private func presented(_ id: String, at now: Double) -> PixelRect? {
        animator.presentedFrame(of: id, at: now).map(inWindow)
    }

    /// Content coordinates to the window's pixels: the scroll applied, snapped as drawn.
    private func inWindow(_ rect: Rect) -> PixelRect {
        PixelRect(rect.offsetBy(dx: -scroll.offset.x, dy: -scroll.offset.y))
    }

    // MARK: - Drawing

    private func drawFrame(at now: Double) {
        animator.settle(at: now)
        let animating = animator.isAnimating
        var presentedFrames: [String: PixelRect] = [:]
        for node in scene.nodes { presentedFrames[node.id] = presented(node.id, at: now) }
        let frame = Painter.Frame(scene: scene, presented: presentedFrames, viewport: viewport, scroll: scroll.offset,
                                  focus: controller.focusVisible ? controller.focus : nil, hovered: controller.hovered, pressed: controller.popup?.owner)
        painter.paint(frame, on: toolkit.mainBuffer)
        if controller.isInspecting {
            // Searching for breakpoints plans hundreds of widths: once per layout is enough.
            let breakpoints = self.breakpoints ?? Breakpoints(scene: scene, metrics: metrics, windowWidth: viewport.width)
            self.breakpoints = breakpoints
            Inspector(metrics: metrics, measurer: painter.measurer)
                .paint(scene: scene, breakpoints: breakpoints, scroll: scroll.offset, viewport: viewport, on: toolkit.mainBuffer)
        }
        toolkit.mainBuffer.present()
        bufferIsCurrent = true
        if let frameLog {
            toolkit.connection.flush()
            frameLog.append(line: "\(Clock.processTime - passStartCPU) \(animating) \(Int(viewport.width))x\(Int(viewport.height))")
        }
        needsDraw = false
        record(now: now, animating: animating, presented: presentedFrames)
        frameIndex += 1
    }

    private func record(now: Double, animating: Bool, presented: [String: PixelRect]) {
        guard let trace else { return }
        let nodes = scene.nodes.compactMap { node -> TraceRecord.Node? in
            guard let frame = presented[node.id] else { return nil }
            return TraceRecord.Node(id: node.id, kind: node.kind.rawValue, text: node.text, frame: frame, target: inWindow(node.frame),
                                    focused: controller.focus == node.id)
        }
        var popup: TraceRecord.Popup?
        if let menu = controller.popup, let shown = shownPopup {
            popup = TraceRecord.Popup(owner: menu.owner, frame: shown.frame, entries: menu.entries,
                                      rows: shown.plan.rows.map(PixelRect.init))
        }
        trace.append(TraceRecord(frame: frameIndex, time: now, window: viewport, animating: animating,
                                 scroll: scroll.offset, nodes: nodes, popup: popup))
    }

    private func openPopup() {
        guard let menu = controller.popup else { return }
        reveal(menu.owner)
        guard let owner = presented(menu.owner, at: clock.now) else { return }
        let plan = menu.plan(metrics: metrics, measurer: painter.measurer, minimumWidth: Double(owner.width))
        let origin = toolkit.mainWindowOrigin
        let anchor = Rect(x: Double(origin.x + owner.x), y: Double(origin.y + owner.y),
                          width: Double(owner.width), height: Double(owner.height))
        let frame = PixelRect(plan.frame(below: anchor, gap: metrics.popupOffset, screen: toolkit.screenSize))
        shownPopup = (plan, frame, false)
        toolkit.openPopup(frame: frame)
        needsPopupDraw = true
    }

    private func drawPopup() {
        needsPopupDraw = false
        guard let menu = controller.popup, let plan = shownPopup?.plan, let buffer = toolkit.popupBuffer else { return }
        painter.paintPopup(menu, plan: plan, on: buffer)
        buffer.present()
        shownPopup?.isDrawn = true
        // The trace shows popup changes too, as a frame of the main window.
        needsDraw = true
    }
}
