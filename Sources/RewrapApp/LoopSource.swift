import RewrapScene

/// Something the loop waits on, asked the three questions GLib asks a
/// source: which descriptors are yours, until when may the loop sleep, and,
/// once it has woken, what has happened? A source answers the last in the
/// controller's terms, so the loop keeps no list of deadlines and no
/// translation of its own; a new source is one more conformance here and
/// one more entry in `DemoApp.sources`.
protocol LoopSource: AnyObject {
    /// What the loop polls for this source; none for a source that only keeps time.
    var descriptors: [Int32] { get }
    /// The latest the loop may sleep to for this source, at `now`; `frameReady`
    /// says whether a frame drawn now would be shown, for sources that draw.
    func deadline(now: Double, frameReady: Bool) -> Double?
    /// What became of this source since it was last asked, as inputs for
    /// the controller: `readable` holds the descriptors the last wait found
    /// ready, and `window` is what is shown now. Asked once a pass.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input]
}

extension LoopSource {
    var descriptors: [Int32] { [] }
}

extension Stage: LoopSource {
    /// The next animation frame, while the platform takes one.
    func deadline(now: Double, frameReady: Bool) -> Double? { frameReady ? frameDeadline : nil }

    /// A due frame is drawn by the loop itself: it is pixels, not an input.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] { [] }
}

extension PopupWindow: LoopSource {
    /// A menu scrolling while its arrow is hovered.
    func deadline(now: Double, frameReady: Bool) -> Double? { scrollDeadline }

    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        takeDueScroll(at: window.now) ? [.menuScrollTick] : []
    }
}

extension StateKeeper: LoopSource {
    /// A pick or a settled size to write.
    func deadline(now: Double, frameReady: Bool) -> Double? { deadline }

    /// Writes what is due; the controller hears nothing of it.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        saveIfDue(at: window.now)
        return []
    }
}

extension StopSignals: LoopSource {
    var descriptors: [Int32] { [descriptor] }
    func deadline(now: Double, frameReady: Bool) -> Double? { nil }

    /// Asked to stop, not failing: the window closes as from its title bar.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        readable.contains(descriptor) && drain() ? [.closeRequested] : []
    }
}
