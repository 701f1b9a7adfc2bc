/// What a window's surface holds: nothing drawn at its size yet, the
/// latest drawing of what it shows, or a drawing that what it shows has
/// moved on from. An exposed surface with a drawing is shown again by a
/// copy; a blank or stale one is drawn.
enum SurfacePixels {
    case blank
    case current
    case stale

    /// Something it shows changed: a drawing it holds is out of date.
    mutating func invalidate() {
        if self == .current { self = .stale }
    }

    var needsDraw: Bool { self != .current }
    /// It holds a drawing at the surface's size, current or not.
    var holdsDrawing: Bool { self != .blank }
}
