import RewrapLayout
import RewrapMotion
import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// What lies under a finger, as the app hit-tests it for the recognizer.
enum TouchSpot: Equatable, Sendable {
    /// A control of the main window, or none, with no menu open.
    case control(NodeID?)
    /// Inside the open menu: on a row, or on its padding or an indicator.
    case menuRow(Int?)
    /// A menu is open and the finger is not on it.
    case outsideMenu
    /// A popup that has just gone: nothing to act on.
    case nothing
}

/// What a drag or a fling moves: the page, or a long menu cut to fit.
enum ScrollTarget: Equatable, Sendable {
    case page
    case menu
}

/// Where a target is scrolled to and how far it can go, in pixels; a
/// target that moves by whole rows has their pitch as its `step`.
struct ScrollRange: Equatable, Sendable {
    var offset: Point
    var limit: Point
    var step: Double? = nil
}

/// What touch (and a touchpad's momentum) asks of the app.
enum TouchOutcome: Equatable, Sendable {
    case tapped(TouchSpot)
    /// Show `target` scrolled to this offset.
    case scroll(ScrollTarget, to: Point)
}

/// Touch above the seam: the recognizer decides tap or drag, a drag keeps
/// the content under the finger, and a release (or a touchpad's end)
/// leaves a fling that the loop ticks until it rests. It owns the motion
/// of scrolling by touch; where the page is scrolled stays the controller's.
final class TouchScroller {
    private var touches: TouchRecognizer<TouchSpot>
    private var drag: (target: ScrollTarget, scroll: DragScroll, shown: Point)?
    private var finger = VelocityTracker()
    private var touchpad = VelocityTracker()
    /// How far the touchpad has scrolled, summed, for its speed.
    private var touchpadTravel = Point.zero
    /// What flings, and when its next frame is due; nil when nothing flings.
    private var fling: (target: ScrollTarget, motion: Fling, next: Double)?
    init(threshold: Double) {
        touches = TouchRecognizer(threshold: threshold)
    }

    /// When the fling's next frame is due; nil when nothing flings.
    var deadline: Double? { fling?.next }

    /// The interface scale changed: so does the drag threshold.
    func rescaled(threshold: Double) {
        touches = TouchRecognizer(threshold: threshold)
        drag = nil
        stop()
    }

    /// A finger went down, moved, lifted or was taken back. `spot` hit-tests
    /// where it is, and is asked only as it goes down or lifts.
    func touch(_ touch: Touch, spot: () -> TouchSpot, now: Double, range: (ScrollTarget) -> ScrollRange?) -> TouchOutcome? {
        let point = Point(x: touch.x, y: touch.y)
        let gesture: TouchRecognizer<TouchSpot>.Gesture?
        switch touch.phase {
        case .began: gesture = touches.began(id: touch.id, at: point, on: spot(), time: touch.time)
        case .moved: gesture = touches.moved(id: touch.id, to: point, time: touch.time)
        case .ended: gesture = touches.ended(id: touch.id, at: point, on: spot(), time: touch.time)
        case .cancelled: gesture = touches.cancelled(id: touch.id)
        }
        switch gesture {
        case .touchedDown:
            stop()
            drag = nil
        case .dragStarted(let from, let at, let time):
            let target: ScrollTarget = if case .menuRow = from { .menu } else { .page }
            guard let current = range(target) else { return nil }
            drag = (target, DragScroll(finger: at, offset: current.offset), current.offset)
            finger.reset()
            finger.add(at, at: time)
        case .dragged(let to, let time):
            guard var drag, let current = range(drag.target) else { return nil }
            finger.add(to, at: time)
            drag.shown = drag.scroll.offset(forFinger: to, limit: current.limit)
            self.drag = drag
            return .scroll(drag.target, to: drag.shown)
        case .dragEnded(let at, let time):
            defer { drag = nil }
            guard let drag, let current = range(drag.target) else { return nil }
            finger.add(at, at: time)
            // The content moves against the finger's offset: a finger going up scrolls down.
            let speed = finger.velocity
            start(Fling(from: drag.shown, velocity: Point(x: -speed.x, y: -speed.y), at: now, limit: current.limit), drag.target, now)
        case .tapped(let spot):
            return .tapped(spot)
        case .cancelled:
            // What it scrolled stays; nothing flings.
            drag = nil
        case nil:
            break
        }
        return nil
    }

    /// A wheel or touchpad scrolled the page: any fling stops, and the
    /// touchpad's speed is kept in case its fingers lift.
    func scrolled(by delta: Point, now: Double) {
        stop()
        touchpadTravel = Point(x: touchpadTravel.x + delta.x, y: touchpadTravel.y + delta.y)
        touchpad.add(touchpadTravel, at: now)
    }

    /// A touchpad's fingers lifted: the page carries on at their speed.
    func scrollEnded(now: Double, page: ScrollRange) {
        let speed = touchpad.velocity
        touchpad.reset()
        start(Fling(from: page.offset, velocity: speed, at: now, limit: page.limit), .page, now)
    }

    /// A click or a key: whatever flings stops where it is.
    func stop() {
        fling = nil
    }

    /// The fling's offset at `now`, once its frame is due; the next is due
    /// `interval` later, until it rests.
    func tick(at now: Double, interval: Double, range: (ScrollTarget) -> ScrollRange?) -> TouchOutcome? {
        guard let fling, now >= fling.next - FramePacer.tolerance else { return nil }
        guard range(fling.target) != nil else {
            stop()
            return nil
        }
        if fling.motion.isMoving(at: now) {
            // A steady cadence; after a stall, on from now rather than a burst.
            let next = fling.next + interval
            self.fling?.next = next > now ? next : now + interval
        } else {
            stop()
        }
        return .scroll(fling.target, to: fling.motion.offset(at: now))
    }

    private func start(_ motion: Fling, _ target: ScrollTarget, _ now: Double) {
        guard motion.isMoving(at: now) else { return stop() }
        fling = (target, motion, now)
    }
}

extension TouchScroller {
    /// A finger went down, moved, lifted or was taken back over `window`:
    /// what it means to the controller.
    func touch(_ touch: Touch, window: ShownWindow) -> [Input] {
        self.touch(touch, spot: { window.touchSpot(touch) }, now: window.now, range: window.scrollRange)
            .map { inputs(for: $0, window: window) } ?? []
    }

    /// A tap clicks what it touched, as a press would, though it shows no
    /// hover and no focus ring; a drag or a fling scrolls.
    private func inputs(for outcome: TouchOutcome, window: ShownWindow) -> [Input] {
        let menuIsOpen = window.menu.isOpen
        switch outcome {
        case .tapped(.control(let id)):
            return menuIsOpen ? [] : [.pointerPressed(on: id)]
        case .tapped(.menuRow(let row)):
            return menuIsOpen ? row.map { [.popupClicked(row: $0)] } ?? [] : []
        case .tapped(.outsideMenu):
            return menuIsOpen ? [.popupClicked(row: nil)] : []
        case .tapped(.nothing):
            return []
        case .scroll(let target, let offset):
            guard let range = window.scrollRange(target) else { return [] }
            guard let pitch = range.step else {
                return [.scrolled(by: Point(x: offset.x - range.offset.x, y: offset.y - range.offset.y))]
            }
            // A menu scrolls by whole rows: the nearest to where the finger holds it.
            let rows = Int((offset.y / pitch).rounded()) - Int((range.offset.y / pitch).rounded())
            return rows == 0 ? [] : [.popupScrolled(rows: rows)]
        }
    }
}

extension TouchScroller: LoopSource {
    /// A drag's or fling's next step, drawn as a frame.
    func deadline(now: Double, frameReady: Bool) -> Double? { frameReady ? deadline : nil }

    /// A finger's touches are the scroller's alone; a click, a key or a
    /// wheel over the menu stops a fling; a touchpad's scroll is kept in
    /// case its fingers lift, and their lifting flings the page.
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard {
        followScale(window.metrics)
        switch event {
        case .touch(let touch):
            return .kept(self.touch(touch, window: window))
        case .pressed, .keyPressed, .scrolled(.popup, _, _):
            stop()
        case .scrolled(.main, let dx, let dy):
            scrolled(by: Point(x: Double(dx), y: Double(dy)), now: window.now)
        case .scrollEnded(.main):
            if let page = window.scrollRange(.page) { scrollEnded(now: window.now, page: page) }
            return .kept()
        case .scrollEnded(.popup):
            // A menu scrolls by whole rows, a click at a time: no momentum.
            return .kept()
        default:
            break
        }
        return .passed
    }

    /// A fling's next offset, once its frame is due.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        followScale(window.metrics)
        // No fling, nothing to do: a pass with nothing changed forms no scroll range for `tick`.
        guard fling != nil, window.frameReady,
              let outcome = tick(at: window.now, interval: window.frameInterval, range: window.scrollRange) else {
            return []
        }
        return inputs(for: outcome, window: window)
    }

    /// The drag threshold follows the interface scale, as the window is drawn at a new one.
    private func followScale(_ metrics: Metrics) {
        if metrics.dragThreshold != touches.threshold { rescaled(threshold: metrics.dragThreshold) }
    }
}
