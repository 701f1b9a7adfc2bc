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

    /// Weighted so that p = 1 gives exactly `b`, even for fractional frames.
    public static func interpolate(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        func mix(_ x: Double, _ y: Double) -> Double { x * (1 - p) + y * p }
        return Rect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY),
                    width: mix(a.width, b.width), height: mix(a.height, b.height))
    }
}
