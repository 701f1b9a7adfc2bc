/// A shape the painter fills, named by what it is rather than by its pixels,
/// so a canvas can rasterise it once and reuse the result while its size
/// stays the same.
///
///     canvas.fill(.roundedRect(width: 120, height: 28, radius: 6), x: 20, y: 52, color: Palette.controlFill)
public enum Shape: Hashable, Sendable {
    case rect(width: Int, height: Int)
    case roundedRect(width: Int, height: Int, radius: Double)
    case roundedBorder(width: Int, height: Int, radius: Double, stroke: Double)
    case chevron(width: Int, height: Int, stroke: Double)

    public var width: Int {
        switch self {
        case .rect(let width, _), .roundedRect(let width, _, _), .roundedBorder(let width, _, _, _), .chevron(let width, _, _):
            return width
        }
    }

    /// A wide rounded shape as its two curved ends and a straight middle.
    ///
    ///     Shape.roundedRect(width: 300, height: 28, radius: 6).stretch
    ///     // ends: a 14 px wide copy, cap 7: its left 7 columns go at x 0,
    ///     // its right 7 at x 293, and the middle is solid from x 7 to 293
    ///
    /// Drawing it this way keeps what must be rasterised small, and the same
    /// for every width a control passes through while it moves. Nil when the
    /// shape is too narrow to have a straight middle, or has no corners.
    public var stretch: Stretch? {
        switch self {
        case .roundedRect(let width, let height, let radius):
            let cap = Int(radius.rounded(.up)) + 1
            guard width > 2 * cap else { return nil }
            return Stretch(ends: .roundedRect(width: 2 * cap, height: height, radius: radius), cap: cap,
                           middle: [CoverageSpan(x: cap, y: 0, width: width - 2 * cap, height: height, coverage: 1)])
        case .roundedBorder(let width, let height, let radius, let stroke):
            let cap = Int(max(radius, stroke).rounded(.up)) + 1
            let thickness = Int(stroke.rounded())
            // A fractional stroke leaves its straight edges partly covered.
            guard width > 2 * cap, Double(thickness) == stroke else { return nil }
            return Stretch(ends: .roundedBorder(width: 2 * cap, height: height, radius: radius, stroke: stroke), cap: cap,
                           middle: [CoverageSpan(x: cap, y: 0, width: width - 2 * cap, height: thickness, coverage: 1),
                                    CoverageSpan(x: cap, y: height - thickness, width: width - 2 * cap, height: thickness,
                                                 coverage: 1)])
        case .rect, .chevron:
            return nil
        }
    }

    /// The antialiased coverage, relative to the shape's top-left pixel,
    /// grouped by coverage.
    public var spans: [CoverageSpan] {
        switch self {
        case .rect(let width, let height):
            guard width > 0, height > 0 else { return [] }
            return [CoverageSpan(x: 0, y: 0, width: width, height: height, coverage: 1)]
        case .roundedRect(let width, let height, let radius):
            return Shapes.roundedRect(width: width, height: height, radius: radius)
        case .roundedBorder(let width, let height, let radius, let stroke):
            return Shapes.roundedBorder(width: width, height: height, radius: radius, stroke: stroke)
        case .chevron(let width, let height, let stroke):
            return Shapes.chevron(width: width, height: height, stroke: stroke)
        }
    }
}
