import RewrapScene

/// How the back buffer keeps its masks few: only a shape's curved ends are
/// rasterised, and its straight middle is filled as rectangles.
extension Shape {
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
                           middle: StretchMiddle(CoverageSpan(x: cap, y: 0, width: width - 2 * cap, height: height, coverage: 1)))
        case .roundedBorder(let width, let height, let radius, let stroke):
            let cap = Int(max(radius, stroke).rounded(.up)) + 1
            let thickness = Int(stroke.rounded())
            // A fractional stroke leaves its straight edges partly covered.
            guard width > 2 * cap, Double(thickness) == stroke else { return nil }
            return Stretch(ends: .roundedBorder(width: 2 * cap, height: height, radius: radius, stroke: stroke), cap: cap,
                           middle: StretchMiddle(CoverageSpan(x: cap, y: 0, width: width - 2 * cap, height: thickness, coverage: 1),
                                                 CoverageSpan(x: cap, y: height - thickness, width: width - 2 * cap,
                                                              height: thickness, coverage: 1)))
        case .rect, .chevron, .upChevron:
            return nil
        }
    }
}
