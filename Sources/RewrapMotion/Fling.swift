#if canImport(Glibc)
import Glibc
#endif
import RewrapLayout

/// A fling's momentum: a scroll offset that carries on at the speed the
/// finger (or the touchpad's fingers) left it with, slowed by friction as
/// GTK 4's kinetic scrolling slows it, and a pure function of time.
///
/// Each axis follows `x(t) = x₀ + v₀/k · (1 − e^(−k·t))`, whose speed
/// `v₀ · e^(−k·t)` decays smoothly. An axis comes to rest once its speed is
/// under `restingSpeed`, at most half a pixel short of where friction
/// would leave it, or where it meets an edge of `0...limit`: there it stops,
/// with no overshoot and no bounce.
///
///     let fling = Fling(from: scroll.offset, velocity: Point(x: 0, y: 1800), at: now, limit: maxOffset)
///     fling.offset(at: now + 0.1)   // the offset to show a tenth of a second on
///     fling.endTime                 // when it comes to rest
public struct Fling: Equatable, Sendable {
    /// Friction per second, GTK's scrolled window's deceleration.
    public static let friction = 4.0
    /// Pixels per second under which a fling is at rest: what is left of
    /// its travel (speed over friction) is then under half a pixel.
    public static let restingSpeed = 2.0
    /// No finger moves faster; a faster estimate comes from timestamps too
    /// close together, and is cut down to this.
    public static let maximumSpeed = 8000.0

    public let start: Point
    public let velocity: Point
    public let startTime: Double
    public let limit: Point
    /// Seconds after `startTime` at which each axis comes to rest.
    private let stopX: Double, stopY: Double

    /// A fling from `offset`, at `velocity` pixels per second (positive
    /// scrolls down and right), within `0...limit`, starting at `time`.
    public init(from offset: Point, velocity: Point, at time: Double, limit: Point) {
        self.limit = Point(x: max(0, limit.x.finiteOrZero), y: max(0, limit.y.finiteOrZero))
        start = Point(x: min(max(0, offset.x.finiteOrZero), self.limit.x), y: min(max(0, offset.y.finiteOrZero), self.limit.y))
        self.velocity = Point(x: Self.speedLimited(velocity.x), y: Self.speedLimited(velocity.y))
        startTime = time
        stopX = Self.stop(from: start.x, velocity: self.velocity.x, limit: self.limit.x)
        stopY = Self.stop(from: start.y, velocity: self.velocity.y, limit: self.limit.y)
    }

    /// When the fling is at rest on both axes.
    public var endTime: Double { startTime + max(stopX, stopY) }

    /// True until the fling comes to rest.
    public func isMoving(at time: Double) -> Bool { time < endTime }

    /// The offset to show at `time`; `start` before the fling began.
    public func offset(at time: Double) -> Point {
        let t = max(0, time - startTime)
        return Point(x: Self.position(start.x, velocity.x, limit.x, min(t, stopX)),
                     y: Self.position(start.y, velocity.y, limit.y, min(t, stopY)))
    }

    private static func position(_ start: Double, _ velocity: Double, _ limit: Double, _ t: Double) -> Double {
        let free = start + velocity / friction * (1 - exp(-friction * t))
        return min(max(0, free), limit)
    }

    /// Seconds until an axis rests: its speed falls under `restingSpeed`,
    /// or it meets the edge it is heading for, whichever comes first.
    private static func stop(from start: Double, velocity: Double, limit: Double) -> Double {
        let speed = abs(velocity)
        guard speed > restingSpeed else { return 0 }
        let rest = log(speed / restingSpeed) / friction
        let room = velocity > 0 ? limit - start : start
        // The edge is met when v/k · (1 − e^(−kt)) = room.
        let left = 1 - room * friction / speed
        guard left > 0 else { return rest }
        return min(rest, -log(left) / friction)
    }

    private static func speedLimited(_ speed: Double) -> Double {
        min(max(speed.finiteOrZero, -maximumSpeed), maximumSpeed)
    }
}

extension Double {
    var finiteOrZero: Double { isFinite ? self : 0 }
}
