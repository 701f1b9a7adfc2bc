/// The chip row with its heading and footer (rules §1, items 4–6). No items
/// is valid: the row then shows "No items".
public struct ChipSection: Hashable, Sendable {
    public var heading: String
    public var footer: String
    public var items: [ChipSpec]

    /// The chip row's section: a heading, a footer and the chips in order.
    public init(heading: String, footer: String, items: [ChipSpec]) {
        self.heading = heading
        self.footer = footer
        self.items = items
    }
}
