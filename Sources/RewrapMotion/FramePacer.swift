/// When the next animation frame is due, at the display's refresh interval.
/// Frames keep a steady cadence; after a stall the pacer skips ahead rather
/// than drawing a burst to catch up; and the frame that ends a move lands
/// exactly on its end, so a move lasts its duration at any refresh rate.
///
///     var pacer = FramePacer(interval: 1.0 / 60)
///     pacer.start(at: now)                                     // a move begins: draw at once
///     if let time = pacer.frameTime(at: now) {
///         draw(at: time)
///         pacer.advance(after: time, moveEnd: animator.endTime)
///     }
///
/// Time is always an argument; the loop arms a precise timer for `deadline`.
public struct FramePacer: Sendable {
    /// Seconds between frames: one over the refresh rate.
    public var interval: Double
    public private(set) var deadline = 0.0

    /// A timer may wake this much early through rounding to its own units.
    public static let tolerance = 0.000_02

    /// A pacer drawing a frame every `interval` seconds.
    public init(interval: Double) {
        self.interval = interval
    }

    /// A move begins at `now`: its first frame is due at once.
    public mutating func start(at now: Double) {
        deadline = now
    }

    /// The time to draw the due frame for, or nil when it is not due yet:
    /// `now`, or the deadline itself when a timer woke a hair early, so
    /// the frame aimed at a move's end sees the move ended.
    public func frameTime(at now: Double) -> Double? {
        now >= deadline - Self.tolerance ? max(now, deadline) : nil
    }

    /// The next deadline after drawing the frame for `time`: one interval
    /// on, or `moveEnd` when the move ends sooner than that (or within the
    /// tolerance of it, where rounding would otherwise miss the end).
    public mutating func advance(after time: Double, moveEnd: Double? = nil) {
        deadline += interval
        if deadline < time { deadline = time + interval }
        if let moveEnd, moveEnd > time, deadline > moveEnd - Self.tolerance { deadline = moveEnd }
    }
}
