/// The measured chips of a chip row, and the badge's size for every count it
/// could show.
public struct ChipRowItems: Hashable, Sendable {
    public var chips: [Size]
    /// `badges[k - 1]` is the badge's size when k chips are hidden; the text,
    /// and so the width, depends on the count.
    public var badges: [Size]

    /// The chips' sizes, and `badges[k - 1]` for k hidden chips.
    public init(chips: [Size], badges: [Size]) {
        self.chips = chips
        self.badges = badges
    }

    /// Measures the badge once per possible hidden count.
    public init(chips: [Size], badge: (Int) -> Size) {
        self.init(chips: chips, badges: chips.indices.map { badge($0 + 1) })
    }
}
