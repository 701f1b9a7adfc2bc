/// Where the pointer is on an open menu, as the app hit-tests it against
/// what is shown: on a row, an edge, the menu's border, or off the menu.
/// Whether it is over the dropdown that opened the menu is told apart, as
/// a menu may cover its own dropdown where the screen is short.
public enum MenuSpot: Hashable, Sendable {
    /// On a row, by its index among the menu's entries.
    case row(Int)
    /// On the scroll indicator at an edge of a menu cut to fit the screen.
    case indicator(MenuEdge)
    /// Inside the menu but on no row: its border or padding.
    case menu
    /// Off the menu, in the window or outside it.
    case outside
}
