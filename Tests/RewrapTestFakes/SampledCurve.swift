/// A polyline through sampled curve points, read by linear interpolation.
public struct SampledCurve: Sendable {
    public init(xs: [Double], ys: [Double]) {
        self.xs = xs
        self.ys = ys
    }

    public let xs: [Double]
    public let ys: [Double]

    public func progress(at fraction: Double) -> Double {
        // First sample at or past `fraction`; xs is sorted because x(s) is monotonic.
        var low = 0, high = xs.count - 1
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] < fraction { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return ys[0] }
        let span = xs[low] - xs[low - 1]
        guard span > 0 else { return ys[low] }
        return ys[low - 1] + (ys[low] - ys[low - 1]) * (fraction - xs[low - 1]) / span
    }

    /// The steepest chord: the most distance per unit of time the curve covers.
    public var maxSlope: Double {
        (1..<xs.count).map { (i: Int) -> Double in (ys[i] - ys[i - 1]) / (xs[i] - xs[i - 1]) }.max() ?? 0
    }
}
