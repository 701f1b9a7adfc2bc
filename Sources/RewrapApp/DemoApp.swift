import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene
import RewrapText

/// The demo's loop, which only routes. Each pass hands the platform's
/// events to its sources and then to the controller, asks every source what
/// has happened, and carries the controller's effects to every source; then
/// the presenter draws what is due, and the loop sleeps until a descriptor
/// is readable or the earliest deadline comes. An input that carrying out an
/// effect tells (where a menu went, a new layout) is handled after the
/// effects of the input before it, never inside them, and never while a
/// frame is drawn. Of its own the loop keeps only the clock, the
/// descriptors its last wait found readable and its next one polls, the
/// exit status, and a count that keeps carrying out from nesting; it knows
/// no platform, and is tested against a recording one.
public final class DemoApp {
    private let platform: any Platform
    private let clock: Clock
    /// The one owner of interaction state: focus, hover, scroll, the open menu.
    private var controller: PanelController
    private let presenter: FramePresenter
    private let popupWindow: PopupWindow
    /// Everything the loop waits on and routes to, in the order each event
    /// is offered to them; made once, so a pass allocates nothing for it.
    private let sources: [any LoopSource]
    /// What the last wait found readable, and what the next one polls.
    private var readable: [Int32] = []
    private var descriptors: [Int32] = []
    /// The exit status once the window has closed; nil while it is open.
    private var exitStatus: Int32?
    /// How many inputs' effects are being carried out: one while they are,
    /// and never more, since what they tell is handled after them.
    private var carryOutsUnderWay = 0
    /// Hears each step of the loop (inputs handled, frames drawn); for tests of its order.
    public var watch: ((LoopStep) -> Void)? {
        get { presenter.watch }
        set { presenter.watch = newValue }
    }

    /// The loop for a window open on `platform` at `scale`, with its text
    /// set by `text`; `keeper` keeps what the person does, and the loop
    /// stops on `stopSignals`. `Launch.open` makes it.
    init(platform: any Platform, surface: any FrameSurface, text: TextEngine, scale: Double, state: PanelState,
         words: Words, options: AppOptions, trace: TraceWriter?, frameLog: FrameLog?, clock: Clock,
         keeper: StateKeeper, stopSignals: StopSignals?, watcher: PanelWatcher?) {
        self.platform = platform
        self.clock = clock
        let metrics = Metrics(scale: scale)
        let viewport = Size(width: Double(surface.width), height: Double(surface.height))
        controller = PanelController(state: state, metrics: metrics, viewport: viewport, direction: text.direction,
                                     inspecting: options.inspect)
        let layout = PageLayout(metrics: metrics, words: words, measurer: text, direction: text.direction)
        let stage = Stage(layout: layout, state: state, viewport: viewport, slowMotion: options.slowMotion)
        popupWindow = PopupWindow(platform: platform)
        presenter = FramePresenter(platform: platform, surface: surface, stage: stage, popupWindow: popupWindow, text: text,
                                   metrics: metrics, trace: trace, frameLog: frameLog,
                                   appearance: Appearance(theme: options.theme, reduceMotionByOption: options.reduceMotion),
                                   textSetting: TextSetting(options: options, settings: platform.settings))
        // A key goes past the touch scroller (which stops a fling) to a screen
        // reader, which may keep it; the window's size reaches the controller
        // last, once whatever else the pass brought has.
        var sources: [any LoopSource] = [TouchScroller(threshold: metrics.dragThreshold), popupWindow,
                                         AccessibilityLink(platform: platform, words: words), keeper]
        if let stopSignals { sources.append(stopSignals) }
        if let watcher { sources.append(PanelFileSource(watcher: watcher, words: words, keeper: keeper)) }
        self.sources = sources + [presenter]
        route(.laidOut)
    }

    /// Runs until the window is closed, a stop signal comes or the display
    /// goes, and returns the exit status; the keeper has saved by then.
    public func run() -> Int32 {
        while runPass() {}
        for source in sources { source.loopEnded() }
        return exitStatus ?? 0
    }

    /// One pass of the loop: events and the sources' inputs, then what is
    /// due drawn, then a sleep until the next event or deadline. False once
    /// the window has closed.
    @discardableResult
    public func runPass() -> Bool {
        presenter.passBegan()
        for event in platform.pendingEvents() { hear(event) }
        // Each source sees the window as the inputs before it left it; a
        // window is made again only when they changed it, since making one
        // copies the controller.
        var shown = shownWindow()
        for index in sources.indices {
            let inputs = sources[index].inputs(readable: readable, window: shown)
            for input in inputs { route(input) }
            if !inputs.isEmpty { shown = shownWindow() }
        }
        // A window that is closing draws nothing more.
        guard exitStatus == nil else { return false }
        // A menu open over a moving dropdown goes with it, before the frame is drawn.
        if let time = presenter.frameTime(at: clock.now, ready: platform.isReadyForFrame) {
            for input in popupWindow.follow(shownWindow(at: time)) { route(input) }
        }
        let drawn = presenter.draw(shownWindow())
        platform.finishStartup()
        shown = shownWindow()
        for index in sources.indices { sources[index].passEnded(window: shown, frameDrawn: drawn) }
        // A platform that is not ready says so with an event, so no frame deadline is kept meanwhile.
        let now = clock.now, ready = platform.isReadyForFrame
        var next: Double?
        descriptors.removeAll(keepingCapacity: true)
        for index in sources.indices {
            if let deadline = sources[index].deadline(now: now, frameReady: ready) { next = min(next ?? deadline, deadline) }
            sources[index].watch(&descriptors)
        }
        watch?(.slept(until: next))
        readable = platform.wait(until: next.map { clock.monotonicSeconds(at: $0) }, alsoWatching: descriptors)
        return exitStatus == nil
    }

    /// What the window shows at `time` (now, unless a frame is drawn for another).
    private func shownWindow(at time: Double? = nil) -> ShownWindow {
        ShownWindow(stage: presenter.stage, controller: controller, metrics: presenter.painter.metrics,
                    measurer: presenter.painter.measurer, now: time ?? clock.now, frameReady: platform.isReadyForFrame,
                    frameInterval: 1 / platform.refreshRate)
    }

    /// Offers `event` to each source in turn, then takes what none kept as
    /// the controller's: pointer events hit-tested against what is shown.
    private func hear(_ event: PlatformEvent) {
        var shown = shownWindow()
        for source in sources {
            let heard = source.hear(event, in: shown)
            for input in heard.inputs { route(input) }
            if heard.keeps { return }
            if !heard.inputs.isEmpty { shown = shownWindow() }
        }
        switch event {
        case .pointerMoved, .pointerLeft, .pressed, .released, .scrolled(.popup, _, _):
            shown.input(for: event).map(route)
        case .scrolled(.main, let dx, let dy):
            route(.scrolled(by: Point(x: Double(dx), y: Double(dy))))
        case .keyPressed(let key?, let stroke):
            route(stroke.isRepeat ? .keyRepeated(key) : .key(key))
        case .focusChanged(let focused):
            route(.windowFocusChanged(focused))
        case .closeRequested:
            route(.closeRequested)
        case .connectionLost(let line):
            // What the person did outlives the display: the keeper has saved before the last word.
            writeLine(line)
            exitStatus = 1
        default:
            break
        }
    }

    /// Hands `input` to the controller and its effects to every source;
    /// what carrying them out tells goes to the controller next, in order,
    /// so no input is ever handled inside another's effects.
    private func route(_ input: Input) {
        var inputs = [input], next = 0
        while next < inputs.count {
            let effects = controller.handle(inputs[next], scene: presenter.stage.scene)
            watch?(.handled(inputs[next], effects: effects, carryOutsUnderWay: carryOutsUnderWay))
            next += 1
            carryOutsUnderWay += 1
            // Carrying an effect out only tells inputs, handled after: one window serves every source.
            for effect in effects {
                let shown = shownWindow()
                for source in sources { inputs += source.carryOut(effect, in: shown) }
                carryOut(effect)
            }
            carryOutsUnderWay -= 1
        }
    }

    /// The effects that are no source's: the window's title, and its closing.
    private func carryOut(_ effect: Effect) {
        switch effect {
        case .retitle(let title): platform.setTitle(title)
        case .closeWindow: exitStatus = exitStatus ?? 0
        default: break
        }
    }
}
