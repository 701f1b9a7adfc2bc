/// Something the loop waits on, asked the two questions GLib asks a source
/// before the loop sleeps: which descriptors are yours, and until when may
/// the loop sleep? The loop asks every source it is given, so it keeps no
/// list of deadlines by hand; what a source's readiness means (events, a
/// frame, a save, a stop) it translates itself when the pass reaches it.
protocol LoopSource: AnyObject {
    /// What the loop polls for this source; none for a source that only keeps time.
    var descriptors: [Int32] { get }
    /// The latest the loop may sleep to for this source, at `now`; `frameReady`
    /// says whether a frame drawn now would be shown, for sources that draw.
    func deadline(now: Double, frameReady: Bool) -> Double?
}

extension LoopSource {
    var descriptors: [Int32] { [] }
}

extension Stage: LoopSource {
    /// The next animation frame, while the platform takes one.
    func deadline(now: Double, frameReady: Bool) -> Double? { frameReady ? frameDeadline : nil }
}

extension TouchScroller: LoopSource {
    /// A drag's or fling's next step, drawn as a frame.
    func deadline(now: Double, frameReady: Bool) -> Double? { frameReady ? deadline : nil }
}

extension PopupWindow: LoopSource {
    /// A menu scrolling while its arrow is hovered.
    func deadline(now: Double, frameReady: Bool) -> Double? { scrollDeadline }
}

extension StateKeeper: LoopSource {
    /// A pick or a settled size to write.
    func deadline(now: Double, frameReady: Bool) -> Double? { deadline }
}

extension AccessibilityLink: LoopSource {
    func deadline(now: Double, frameReady: Bool) -> Double? { deadline(now: now) }
}

extension PanelWatcher: LoopSource {
    func deadline(now: Double, frameReady: Bool) -> Double? { deadline }
}

extension StopSignals: LoopSource {
    var descriptors: [Int32] { [descriptor] }
    func deadline(now: Double, frameReady: Bool) -> Double? { nil }
}
