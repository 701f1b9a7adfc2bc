/// A CSS-style timing function: a cubic Bézier from (0, 0) to (1, 1) with
/// control points (x1, y1) and (x2, y2).
///
///     CubicBezier.easeInOut.progress(at: 0.25)   // ≈ 0.129
///
/// The curve is parametric in s, so the time fraction is the curve's x, not s:
/// `progress(at:)` solves x(s) = fraction for s and returns y(s). Fractions
/// outside 0...1 clamp, so a late frame lands exactly on the target.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`, every move's curve (rules §5.2).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// x1 and x2 are clamped to 0...1, which keeps x(s) monotonic and so solvable.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// How far along the move is, 0 to 1, when `fraction` of its time has passed.
    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return Self.coordinate(solve(fraction), p1: y1, p2: y2)
    }

    /// B(s) for one axis, with end points 0 and 1.
    static func coordinate(_ s: Double, p1: Double, p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
    }

    static func derivative(_ s: Double, p1: Double, p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s with x(s) = x: Newton's method, which converges in a few
    /// steps almost everywhere, with bisection as the fallback where the slope
    /// is too flat for Newton to be trusted.
    func solve(_ x: Double) -> Double {
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, p1: x1, p2: x2) - x
            if abs(error) < tolerance { return s }
            let slope = Self.derivative(s, p1: x1, p2: x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.coordinate(s, p1: x1, p2: x2)
            if abs(value - x) < tolerance { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
