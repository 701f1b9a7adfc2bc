#if canImport(Glibc)
import Glibc
#endif

/// Rasterises the few shapes the demo draws into coverage spans, relative to
/// the shape's top-left pixel. Edges are antialiased by the distance from
/// each pixel's centre to the ideal outline.
public enum Shapes {
    /// A filled rectangle of `width` × `height` pixels with corners of `radius`.
    public static func roundedRect(width: Int, height: Int, radius: Double) -> [CoverageSpan] {
        byCoverage(ring(width: width, height: height, radius: radius, stroke: nil))
    }

    /// The outline of a rounded rectangle, `stroke` pixels thick, drawn inside its bounds.
    public static func roundedBorder(width: Int, height: Int, radius: Double, stroke: Double) -> [CoverageSpan] {
        byCoverage(ring(width: width, height: height, radius: radius, stroke: stroke))
    }

    /// Spans of equal coverage next to each other, so a canvas can fill each
    /// group with one request.
    static func byCoverage(_ spans: [CoverageSpan]) -> [CoverageSpan] {
        spans.sorted { $0.coverage < $1.coverage }
    }

    /// A downward chevron (a "v") inside `width` × `height`, with lines
    /// `stroke` thick; an upward one (a "^") when `pointingUp`.
    public static func chevron(width: Int, height: Int, stroke: Double, pointingUp: Bool = false) -> [CoverageSpan] {
        let half = stroke / 2
        let (armY, tipY) = pointingUp ? (Double(height) - half, half) : (half, Double(height) - half)
        let left = (x: half, y: armY), tip = (x: Double(width) / 2, y: tipY)
        let right = (x: Double(width) - half, y: armY)
        var spans: [CoverageSpan] = []
        for y in -1...(height) {
            var row: [Double] = []
            for x in -1...(width) {
                let p = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                let distance = min(segmentDistance(p, left, tip), segmentDistance(p, tip, right))
                row.append(clamp(half + 0.5 - distance))
            }
            appendRuns(row, y: y, x0: -1, to: &spans)
        }
        return byCoverage(spans)
    }

    private static func ring(width: Int, height: Int, radius: Double, stroke: Double?) -> [CoverageSpan] {
        guard width > 0, height > 0 else { return [] }
        let w = Double(width), h = Double(height)
        let r = max(0, min(radius, min(w, h) / 2))
        let outer = (w: w, h: h, r: r)
        let inner = stroke.map { (w: w - 2 * $0, h: h - 2 * $0, r: max(0, r - $0)) }
        func coverage(_ x: Int, _ y: Int) -> Double {
            let px = Double(x) + 0.5 - w / 2, py = Double(y) + 0.5 - h / 2
            let fill = clamp(0.5 - signedDistance(px, py, outer.w, outer.h, outer.r))
            guard let inner else { return fill }
            guard inner.w > 0, inner.h > 0 else { return fill }
            return max(0, fill - clamp(0.5 - signedDistance(px, py, inner.w, inner.h, inner.r)))
        }

        // Whether both outlines run straight and level above or below the
        // pixel at (x, y): then `signedDistance` does not depend on x
        // (qx ≤ min(qy, 0) for each), so the pixel's coverage is its row's.
        func isLevel(_ x: Int, _ y: Int) -> Bool {
            let px = Double(x) + 0.5 - w / 2, py = Double(y) + 0.5 - h / 2
            func level(_ shape: (w: Double, h: Double, r: Double)) -> Bool {
                abs(px) - (shape.w / 2 - shape.r) <= min(abs(py) - (shape.h / 2 - shape.r), 0)
            }
            guard let inner, inner.w > 0, inner.h > 0 else { return level(outer) }
            return level(outer) && level(inner)
        }
        // One row's coverage: per pixel only where an outline curves or
        // turns, at the corners and sides. The level pixels are one run
        // round the middle column, as |px| grows monotonically from there.
        func row(_ y: Int) -> [Double] {
            let middle = width / 2
            guard isLevel(middle, y) else { return (0..<width).map { coverage($0, y) } }
            let first = firstIndex(in: 0..<middle) { isLevel($0, y) } ?? middle
            let last = (firstIndex(in: middle + 1..<width) { !isLevel($0, y) } ?? width) - 1
            var values = [Double](repeating: coverage(middle, y), count: width)
            for x in 0..<first { values[x] = coverage(x, y) }
            for x in last + 1..<width { values[x] = coverage(x, y) }
            return values
        }

        // Rows near the top and bottom edges need per-pixel coverage; rows
        // between them are solid, or for a border just its two sides.
        let edgeRows = min(height, Int(max(r, stroke ?? 0).rounded(.up)) + 1)
        var spans: [CoverageSpan] = []
        let middle = edgeRows..<max(edgeRows, height - edgeRows)
        for y in 0..<height where !middle.contains(y) {
            appendRuns(row(y), y: y, x0: 0, to: &spans)
        }
        guard !middle.isEmpty else { return spans }
        let y = middle.lowerBound
        if stroke == nil {
            spans.append(CoverageSpan(x: 0, y: y, width: width, height: middle.count, coverage: 1))
        } else {
            // The sides of a straight edge: the same row pattern repeated.
            var side: [CoverageSpan] = []
            appendRuns(row(y), y: y, x0: 0, to: &side)
            spans += side.map { CoverageSpan(x: $0.x, y: y, width: $0.width, height: middle.count, coverage: $0.coverage) }
        }
        return spans
    }

    /// The first of `range` for which `holds` is true, given that it is
    /// false up to some point and true from there on.
    private static func firstIndex(in range: Range<Int>, where holds: (Int) -> Bool) -> Int? {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if holds(mid) { high = mid } else { low = mid + 1 }
        }
        return low < range.upperBound ? low : nil
    }

    /// Distance from a point (relative to the centre) to the outline of a
    /// centred rounded rectangle: negative inside, positive outside.
    private static func signedDistance(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> Double {
        let qx = abs(x) - (w / 2 - r), qy = abs(y) - (h / 2 - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    /// Merges equal neighbouring coverages of one row into spans.
    private static func appendRuns(_ row: [Double], y: Int, x0: Int, to spans: inout [CoverageSpan]) {
        var start = 0
        while start < row.count {
            let value = (row[start] * 64).rounded() / 64
            var end = start + 1
            while end < row.count, (row[end] * 64).rounded() / 64 == value { end += 1 }
            if value > 0 {
                spans.append(CoverageSpan(x: x0 + start, y: y, width: end - start, height: 1, coverage: value))
            }
            start = end
        }
    }

    private static func segmentDistance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let vx = b.x - a.x, vy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy)))
        let dx = p.x - (a.x + t * vx), dy = p.y - (a.y + t * vy)
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func clamp(_ value: Double) -> Double {
        min(1, max(0, value))
    }
}
