/// The top or bottom edge of a menu cut to fit the screen, where an
/// indicator shows that more rows lie beyond and scrolls while hovered.
public enum MenuEdge: Hashable, Sendable {
    case top, bottom
}
