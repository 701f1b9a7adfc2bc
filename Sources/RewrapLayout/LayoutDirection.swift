/// Which way a layout reads: rows fill from the left edge or from the right.
///
/// Plans are made in reading order and mirrored once, when frames are
/// placed: `x' = width − x − w` inside the plan's reported width.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// `frame` moved to where it reads in this direction, inside a box
    /// `width` wide whose left edge is at 0.
    public func placed(_ frame: Rect, within width: Double) -> Rect {
        switch self {
        case .leftToRight: return frame
        case .rightToLeft: return Rect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
        }
    }
}
