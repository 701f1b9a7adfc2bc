/// The dropdown panel with the heading above it and the footer that follows
/// its height (rules §1, items 1–3).
public struct MenuSection: Hashable, Sendable {
    public var heading: String
    public var footer: String
    public var items: [DropdownSpec]

    /// The dropdown panel's section: a heading, a footer and the dropdowns in order.
    public init(heading: String, footer: String, items: [DropdownSpec]) {
        self.heading = heading
        self.footer = footer
        self.items = items
    }
}
