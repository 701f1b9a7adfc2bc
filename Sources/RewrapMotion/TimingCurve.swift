/// Maps the fraction of a move's duration that has passed (0...1) to the
/// fraction of the distance covered.
///
///     TimingCurve.easeInOut.progress(at: 0.5)   // 0.5
///     TimingCurve.linear.progress(at: 0.25)     // 0.25
///
/// Fractions outside 0...1 clamp, so a late frame lands exactly on the target.
public enum TimingCurve: Hashable, Sendable {
    case linear
    case cubicBezier(CubicBezier)
    case spring(Spring)

    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`. The default.
    public static let easeInOut = TimingCurve.cubicBezier(CubicBezier(0.42, 0, 0.58, 1))

    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        switch self {
        case .linear: return fraction
        case .cubicBezier(let curve): return curve.progress(at: fraction)
        case .spring(let spring): return spring.progress(at: fraction)
        }
    }
}
