#if canImport(Glibc)
import Glibc
#endif

/// A damped spring released from rest, scaled to settle by the end of the move.
///
///     Spring(dampingRatio: 0.7)   // overshoots a little, then settles
///     Spring(dampingRatio: 1)     // critically damped: no overshoot
///
/// The natural frequency is chosen so the slowest decaying part is down to
/// about 0.01 % at fraction 1; the curve then clamps to exactly 1.
public struct Spring: Hashable, Sendable {
    public let dampingRatio: Double

    public init(dampingRatio: Double) {
        self.dampingRatio = max(0.05, dampingRatio)
    }

    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        let zeta = dampingRatio
        // The slowest decay rate is zeta·omega when underdamped or critical,
        // and omega·(zeta − √(zeta² − 1)) when overdamped.
        let rate: Double = log(10_000)
        let omega = zeta <= 1 ? rate / zeta : rate / (zeta - (zeta * zeta - 1).squareRoot())
        let t = fraction
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega * t)
            return 1 - envelope * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        if zeta == 1 {
            return 1 - exp(-omega * t) * (1 + omega * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let slow = -omega * (zeta - root), fast = -omega * (zeta + root)
        return 1 - (fast * exp(slow * t) - slow * exp(fast * t)) / (fast - slow)
    }
}
