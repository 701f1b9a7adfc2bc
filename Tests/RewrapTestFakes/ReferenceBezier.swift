/// A cubic-bezier timing function worked out a second way, so tests do not
/// check the solver against itself: points come from de Casteljau's
/// construction instead of the expanded polynomial, and x is inverted by a
/// dense table or by plain bisection instead of Newton's method.
public struct ReferenceBezier: Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    public static let easeInOut = ReferenceBezier(0.42, 0, 0.58, 1)

    public func x(_ s: Double) -> Double { Self.deCasteljau(s, x1, x2) }
    public func y(_ s: Double) -> Double { Self.deCasteljau(s, y1, y2) }

    private static func deCasteljau(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        func lerp(_ a: Double, _ b: Double) -> Double { a * (1 - s) + b * s }
        let a = lerp(0, p1), b = lerp(p1, p2), c = lerp(p2, 1)
        return lerp(lerp(a, b), lerp(b, c))
    }

    /// Halves [0, 1] until it cannot shrink further. Slow but safe: it needs
    /// only that x(s) is monotonic, which holds for x1, x2 in 0...1.
    public func bisectedProgress(at fraction: Double) -> Double {
        // The curve joins (0, 0) to (1, 1) by definition; bisecting for them
        // would stop short where x(s) is flat at an end.
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        var low = 0.0, high = 1.0
        while true {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            if x(mid) < fraction { low = mid } else { high = mid }
        }
        return y((low + high) / 2)
    }

    /// The curve sampled at `steps` + 1 evenly spaced parameters.
    public func sampled(steps: Int = 100_000) -> SampledCurve {
        let s = (0...steps).map { Double($0) / Double(steps) }
        return SampledCurve(xs: s.map(x), ys: s.map(y))
    }
}
