/// What a node on screen is; the trace writes these names (rules §6.2).
public enum NodeKind: String, Hashable, Sendable {
    case heading, dropdown, text, chip, badge, empty
    /// A row of an open popup.
    case option
    /// The panel file has an error: the notice over the window's bottom edge.
    case notice

    /// The one rule for what takes the pointer and the keyboard: hover,
    /// clicks, Tab and hit testing all ask here.
    public var isInteractive: Bool {
        self == .dropdown || self == .badge
    }
}
