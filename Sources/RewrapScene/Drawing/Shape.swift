/// A shape the painter fills, named by what it is rather than by its pixels,
/// so a canvas can rasterise it once and reuse the result while its size
/// stays the same.
///
///     canvas.fill(.roundedRect(width: 120, height: 28, radius: 6), x: 20, y: 52, color: palette.controlFill)
public enum Shape: Hashable, Sendable {
    case rect(width: Int, height: Int)
    case roundedRect(width: Int, height: Int, radius: Double)
    case roundedBorder(width: Int, height: Int, radius: Double, stroke: Double)
    case chevron(width: Int, height: Int, stroke: Double)
    /// The chevron turned over (a "^"), as a menu's top scroll indicator shows it.
    case upChevron(width: Int, height: Int, stroke: Double)

    public var width: Int {
        switch self {
        case .rect(let width, _), .roundedRect(let width, _, _), .roundedBorder(let width, _, _, _), .chevron(let width, _, _),
             .upChevron(let width, _, _):
            return width
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
        case .upChevron(let width, let height, let stroke):
            return Shapes.chevron(width: width, height: height, stroke: stroke, pointingUp: true)
        }
    }
}
