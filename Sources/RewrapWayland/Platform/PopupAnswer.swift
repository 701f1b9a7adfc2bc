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
        let given = area
        let area = Rect(x: area.minX, y: area.minY, width: area.width > 0 ? area.width : size.width,
                        height: area.height > 0 ? area.height : size.height)
        var placement = request.plan.placement(below: request.anchor.rect, gap: request.gap, area: area, alignedTo: request.edge)
        // A buffer must be a whole number of logical pixels, and the menu
        // fills the buffer it gets: at 1.5 a menu planned 272 px wide is
        // 182 logical pixels, so it is drawn 273 px wide, not 272 beside a
        // stray column. Rounded up, a side that fitted the configured one
        // keeps to its logical pixels, so it never outgrows the room.
        func whole(_ side: Double, room: Double) -> Int32 {
            let up = scale.logical(side, rounding: .up)
            return max(1, room > 0 && side <= room ? min(up, scale.logical(room)) : up)
        }
        let frame = placement.frame
        let logical = LogicalSize(width: whole(frame.width, room: given.width), height: whole(frame.height, room: given.height))
        let buffer = logical.buffer(at: scale)
        let width = Double(buffer.width), height = Double(buffer.height)
        // The drawn size, not the planned one, is what must stay in the area:
        // slid back in wherever it fits, as the plan slid the planned size.
        placement.frame = Rect(x: max(area.minX, min(frame.minX, area.maxX - width)),
                               y: max(area.minY, min(frame.minY, area.maxY - height)), width: width, height: height)
        return (placement, logical, buffer)
    }
}
