import RewrapLayout
import RewrapPlatform
import RewrapScene

/// The compositor's answer to a popup's positioner, and what the menu
/// makes of it: the rectangle it was given, then the menu placed in it, cut
/// to whole rows, in a buffer of whole logical pixels.
enum PopupAnswer {
    /// The configure's rectangle (logical pixels, relative to the window)
    /// in window pixels at `scale`.
    static func area(x: Int32, y: Int32, width: Int32, height: Int32, scale: SurfaceScale) -> Rect {
        let factor = scale.factor
        return Rect(x: Double(x) * factor, y: Double(y) * factor, width: Double(width) * factor, height: Double(height) * factor)
    }

    /// Where `request`'s menu goes in `area`, its size in logical pixels,
    /// and the size of the buffer it is drawn in at `scale`.
    static func placement(of request: PopupRequest, in area: Rect, scale: SurfaceScale)
        -> (placement: PopupPlacement, logical: LogicalSize, buffer: (width: Int, height: Int)) {
        // A side of no size (0, or less, which no compositor should send) is left to the menu.
        let size = request.plan.size
        let area = Rect(x: area.minX, y: area.minY, width: area.width > 0 ? area.width : size.width,
                        height: area.height > 0 ? area.height : size.height)
        var placement = request.plan.placement(below: request.anchor.rect, gap: request.gap, area: area, alignedTo: request.edge)
        // A buffer must be a whole number of logical pixels, and the menu
        // fills the buffer it gets: at 1.5 a menu planned 272 px wide is
        // 182 logical pixels, so it is drawn 273 px wide, not 272 beside a
        // stray column.
        let logical = LogicalSize(width: max(1, scale.logical(placement.frame.width, rounding: .up)),
                                   height: max(1, scale.logical(placement.frame.height, rounding: .up)))
        let buffer = logical.buffer(at: scale)
        placement.frame = Rect(x: placement.frame.minX, y: placement.frame.minY, width: Double(buffer.width), height: Double(buffer.height))
        return (placement, logical, buffer)
    }
}
