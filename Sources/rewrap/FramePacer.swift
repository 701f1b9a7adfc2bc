/// When the next animation frame is due. Frames keep a steady cadence; after
/// a stall the pacer skips ahead rather than drawing a burst to catch up.
///
///     var pacer = FramePacer(interval: 1.0 / 60)
///     pacer.start(at: now)                  // a move begins: draw at once
///     if pacer.isDue(at: now) { draw(); pacer.advance(after: now) }
struct FramePacer {
    var interval: Double
    private(set) var deadline = 0.0

    init(interval: Double) {
        self.interval = interval
    }

    mutating func start(at now: Double) {
        deadline = now
    }

    /// Half a millisecond early counts, since poll's timeout wakes in whole milliseconds.
    func isDue(at now: Double) -> Bool {
        now >= deadline - 0.0005
    }

    mutating func advance(after now: Double) {
        deadline += interval
        if deadline < now { deadline = now + interval }
    }
}
