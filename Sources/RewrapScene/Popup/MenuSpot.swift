/// Where the pointer is while a menu is open, as the app hit-tests it
/// against what is shown: the menu's rows and edges, the dropdown that
/// opened it, or anywhere else.
public enum MenuSpot: Hashable, Sendable {
    /// On a row, by its index among the menu's entries.
    case row(Int)
    /// On the scroll indicator at an edge of a menu cut to fit the screen.
    case indicator(MenuEdge)
    /// Inside the menu but on no row: its border or padding.
    case menu
    /// On the dropdown or badge that opened the menu.
    case owner
    /// Anywhere else, in the window or outside it.
    case outside
}
