/// Which window a node is drawn in, and so what its frame is relative to.
public enum AccessibleWindow: Hashable, Sendable {
    /// The main window, whose place on the screen is asked only when screen
    /// coordinates are needed: by a client, or for a batch of bounds events.
    case main
    /// The popup, with its top-left corner in root coordinates.
    case popup(x: Int, y: Int)
}
