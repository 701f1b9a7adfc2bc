/// Which way a layout reads: rows fill from the left edge or from the right.
///
/// A layout plans in reading order and mirrors its frames at the end:
/// `x' = width − x − w` inside the plan's reported width. The app's page
/// does the same once for the whole page, so a control keeps its place in
/// the window's mirror image; a layout's own direction serves plans asked
/// for alone (`rewrap plan`), and the tests hold the two to the same rules.
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
