/// What lies under the pointer in a popup: an entry's row, or one of the
/// scroll indicators of a menu cut to fit the screen.
public enum PopupHit: Hashable, Sendable {
    case row(Int)
    case indicator(MenuEdge)
}
