import RewrapLayout

/// One rectangle moving from `from` to `to` between `start` and
/// `start + duration` (seconds), along `curve`.
public struct FrameTween: Hashable, Sendable {
    public var from: Rect
    public var to: Rect
    public var start: Double
    public var duration: Double
    public var curve: CubicBezier

    /// A move from `from` to `to`, starting at `start` and lasting `duration` seconds along `curve`.
    public init(from: Rect, to: Rect, start: Double, duration: Double, curve: CubicBezier) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    public var end: Double { start + duration }

    /// The curve's progress, 0 to 1, at `now`.
    public func progress(at now: Double) -> Double {
        guard duration > 0 else { return 1 }
        return curve.progress(at: (now - start) / duration)
    }

    /// The frame shown at `now`: exactly `to` once the move has ended.
    public func value(at now: Double) -> Rect {
        now >= end ? to : Self.interpolate(from, to, progress(at: now))
    }

    /// True once `now` has reached the move's end.
    public func isFinished(at now: Double) -> Bool { now >= end }

    /// Aims the move at a new target without a jump: the start frame is
    /// rebased so that the frame shown at `now` stays where it is, and the
    /// move still ends at its original time.
    public mutating func retarget(to target: Rect, at now: Double) {
        let p = progress(at: now)
        let shown = value(at: now)
        to = target
        if now >= end {
            from = target
            return
        }
        guard abs(1 - p) > 1e-6 else {
            // The curve stands at full progress before the end (past 1 on an
            // overshooting curve, or flat near its end): no start
            // frame can be rebased, so ease from here over the time that is left.
            self = FrameTween(from: shown, to: target, start: now, duration: end - now, curve: curve)
            return
        }
        // shown = from' + (target - from') * p  =>  from' = (shown - target * p) / (1 - p)
        func rebase(_ value: Double, _ goal: Double) -> Double { (value - goal * p) / (1 - p) }
        from = Rect(x: rebase(shown.minX, target.minX), y: rebase(shown.minY, target.minY),
                    width: rebase(shown.width, target.width), height: rebase(shown.height, target.height))
    }

    /// Weighted so that p = 1 gives exactly `b`, even for fractional frames.
    public static func interpolate(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        func mix(_ x: Double, _ y: Double) -> Double { x * (1 - p) + y * p }
        return Rect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY),
                    width: mix(a.width, b.width), height: mix(a.height, b.height))
    }
}
