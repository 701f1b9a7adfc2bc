/// A primary button held down since it opened the open menu, or since it
/// pressed inside it: its release picks the row under it, as in GTK 3 and
/// Qt. Touch keeps its own rules (`TouchRecognizer`): a finger never holds.
struct MenuHold: Hashable, Sendable {
    /// The pointer has not left the dropdown that opened the menu, so a
    /// release there is a quick click, which leaves the menu open.
    var onOwner: Bool
}
