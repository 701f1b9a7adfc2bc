import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene
import RewrapText

/// Draws what the stage shows, in both windows, and presents it: the main
/// window's frames with the inspector over them, the open menu's window,
/// the trace and the frame log each frame writes, and where the keys go for
/// an input method. It owns the painter, the text it sets and the palette,
/// and sets them anew when the desktop's text, theme or motion changes. As
/// one of the loop's sources it hears what concerns the pixels: the window
/// exposed or resized, a frame the platform is ready for, the effects that
/// change what is drawn.
///
///     let time = presenter.frameTime(at: now, ready: true)   // a frame is due
///     presenter.draw(window)                                 // both windows, what is due
final class FramePresenter {
    private let platform: any Platform
    /// The main window's pixels.
    private let surface: any FrameSurface
    /// What the window shows and how it moves; the presenter is the one that lays it out.
    let stage: Stage
    private let popupWindow: PopupWindow
    private(set) var painter: Painter
    private let trace: TraceWriter?
    private let frameLog: FrameLog?
    private let appearance: Appearance
    private var textSetting: TextSetting
    private var pixels = SurfacePixels.blank
    /// The latest size the platform reported, handed to the controller once a pass.
    private var pendingSize: Size?
    /// Hears each frame begin and be presented; for tests of the loop's order.
    var watch: ((LoopStep) -> Void)?

    /// Draws `stage` in `surface` and the menu in `popupWindow`, with `text` at `metrics`.
    init(platform: any Platform, surface: any FrameSurface, stage: Stage, popupWindow: PopupWindow, text: TextEngine, metrics: Metrics,
         trace: TraceWriter?, frameLog: FrameLog?, appearance: Appearance, textSetting: TextSetting) {
        self.platform = platform
        self.surface = surface
        self.stage = stage
        self.popupWindow = popupWindow
        // The engine keeps the lines it shapes, so it is the measurement cache too.
        painter = Painter(metrics: metrics, measurer: text, palette: appearance.palette(platform.settings))
        self.trace = trace
        self.frameLog = frameLog
        self.appearance = appearance
        self.textSetting = textSetting
        frameLog?.text = text
    }

    /// A pass of the loop begins: the frame log counts its cost from here.
    func passBegan() {
        frameLog?.passStarted()
    }

    /// The time of the main window's frame this pass draws, if any: a move's
    /// frame once due, or now when what is shown changed at rest. None while
    /// the platform waits to show the last.
    func frameTime(at now: Double, ready: Bool) -> Double? {
        guard ready else { return nil }
        if let time = stage.dueFrameTime(at: now) { return time }
        return pixels.needsDraw && !stage.isAnimating ? now : nil
    }

    /// Draws what is due in `window`: the open menu when what it shows
    /// changed, then the main window's frame; returns that frame's time.
    @discardableResult
    func draw(_ window: ShownWindow) -> Double? {
        // The popup first: drawing it asks for a main frame, for the trace.
        if popupWindow.needsDraw(window.menu), popupWindow.draw(window.menu, painter: painter, direction: window.direction) {
            pixels.invalidate()
        }
        let moving = window.frameReady ? stage.dueFrameTime(at: window.now) : nil
        guard let time = moving ?? frameTime(at: window.now, ready: window.frameReady) else { return nil }
        drawFrame(window.at(time))
        if moving != nil { stage.frameDrawn(at: time, refreshRate: platform.refreshRate) }
        return time
    }

    private func drawFrame(_ window: ShownWindow) {
        watch?(.frameBegan)
        // Current from the start: a change made while it is drawn asks for the next.
        pixels = .current
        let frame = window.frame()
        painter.paint(frame, on: surface)
        if window.isInspecting {
            let breakpoints = stage.breakpoints(metrics: painter.metrics, windowWidth: frame.viewport.width)
            Inspector(metrics: painter.metrics, measurer: painter.measurer, palette: painter.palette)
                .paint(scene: frame.scene, breakpoints: breakpoints, scroll: frame.scroll, viewport: frame.viewport, on: surface)
        }
        platform.presentMainFrame()
        watch?(.framePresented)
        frameLog?.frameDrawn(platform, animating: stage.isAnimating, viewport: frame.viewport)
        let popup = window.menu.record
        trace?.append(time: window.now, animating: stage.isAnimating, drawn: frame, focus: window.focus, popup: popup)
        showFocus(frame, focus: window.focus, popup: popup)
    }

    /// Tells the platform where the keys go, for an input method's
    /// candidates: the focused control, and an open menu's highlighted row.
    private func showFocus(_ frame: Painter.Frame, focus: NodeID?, popup: TraceRecord.PopupRecord?) {
        if let focus, let index = frame.scene.nodes.firstIndex(where: { $0.id == focus }), let rect = frame.presented[index] {
            platform.focusMoved(to: rect, in: .main)
        }
        if let popup, let row = popup.menu.highlighted, popup.rows.indices.contains(row), let rect = popup.rows[row] {
            platform.focusMoved(to: rect, in: .popup)
        }
    }

    /// The desktop asks for another scale (a new DPI), larger text or
    /// another font, and the options did not fix them: the page is laid
    /// out and drawn in the new text. A new window scale resizes the window
    /// to show what it showed; larger text or another font keeps the
    /// window's size, and the page reflows. Nothing animates, and
    /// selection, focus and scroll stay.
    private func followDesktopText(direction: LayoutDirection) -> [Input] {
        switch textSetting.follow(platform.settings, from: painter.metrics.scale, direction: direction) {
        case nil:
            return []
        case .failed(let line):
            writeLine(line)
            return []
        case .set(let text, let scale, let resizesWindow):
            let viewport = resizesWindow ? platform.rescale(to: scale, text: text) : platform.retext(to: scale, text: text)
            let metrics = Metrics(scale: scale)
            let sameScale = metrics == painter.metrics
            painter = Painter(metrics: metrics, measurer: text, palette: painter.palette)
            stage.rescale(metrics, measurer: text)
            frameLog?.text = text
            return [sameScale ? .fontChanged(viewport: viewport) : .rescaled(metrics, viewport: viewport)]
        }
    }

    /// `--theme auto` follows the desktop's theme as it changes, and
    /// the desktop turning animations off ends the moves under way.
    private func followDesktopLook() {
        if appearance.reducesMotion(platform.settings) && stage.isAnimating {
            stage.finishMoves()
            pixels.invalidate()
        }
        let palette = appearance.palette(platform.settings)
        guard palette != painter.palette else { return }
        painter.palette = palette
        pixels.invalidate()
        popupWindow.invalidate()
    }
}

extension FramePresenter: LoopSource {
    /// The next animation frame, while the platform takes one.
    func deadline(now: Double, frameReady: Bool) -> Double? { frameReady ? stage.frameDeadline : nil }

    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard {
        switch event {
        case .exposed(.main):
            // A resize waiting in this batch draws and presents a new frame anyway.
            if pixels.holdsDrawing && pendingSize == nil { platform.presentMainFrame() } else { pixels.invalidate() }
            return .kept()
        case .configured(let width, let height):
            // The latest size wins, even one equal to the current viewport; the keeper hears it too.
            pendingSize = Size(width: Double(width), height: Double(height))
            return .passed
        case .settingsChanged:
            let inputs = followDesktopText(direction: window.direction)
            followDesktopLook()
            return .kept(inputs)
        case .frameReady:
            stage.frameReady(at: window.now)
            return .kept()
        default:
            return .passed
        }
    }

    /// The window's latest size, once a pass however many came.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        guard let size = pendingSize else { return [] }
        pendingSize = nil
        return [.resized(size)]
    }

    /// Any effect may change what is drawn; a new layout is made here, and
    /// the controller hears of it.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] {
        pixels.invalidate()
        guard case let .relayout(state, viewport, animated) = effect else { return [] }
        if surface.resize(width: Int(viewport.width), height: Int(viewport.height)) { pixels = .blank }
        stage.relayout(state, viewport: viewport, at: window.now, animated: animated && !appearance.reducesMotion(platform.settings))
        return [.laidOut]
    }
}
