import RewrapLayout
import RewrapPlatform
import RewrapScene

/// The compositor's answer to a popup's positioner, and what the menu
/// makes of it: the rectangle it was given, then the menu placed in it, cut
/// to whole rows, in a buffer of whole logical pixels.
enum PopupAnswer {
    /// The configure's rectangle (logical pixels, relative to the window)
    /// in window pixels at `scale`.
    static func area(x: Int32, y: Int32, width: Int32, height: Int32, scale: Int32) -> Rect {
        let scale = Double(scale)
        return Rect(x: Double(x) * scale, y: Double(y) * scale, width: Double(width) * scale, height: Double(height) * scale)
    }

    /// Where `request`'s menu goes in `area`, and the size of the buffer
    /// it is drawn in at `scale`.
    static func placement(of request: PopupRequest, in area: Rect, scale: Int32)
        -> (placement: PopupPlacement, buffer: (width: Int, height: Int)) {
        // A side of no size (0, or less, which no compositor should send) is left to the menu.
        let size = request.plan.size
        let area = Rect(x: area.minX, y: area.minY, width: area.width > 0 ? area.width : size.width,
                        height: area.height > 0 ? area.height : size.height)
        let placement = request.plan.placement(below: request.anchor.rect, gap: request.gap, area: area, alignedTo: request.edge)
        // A buffer must be a whole number of logical pixels.
        func whole(_ pixels: Double) -> Int { Int((pixels / Double(scale)).rounded(.up)) * Int(scale) }
        return (placement, (whole(placement.frame.width), whole(placement.frame.height)))
    }
}
