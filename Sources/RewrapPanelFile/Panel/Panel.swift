/// Everything the window shows, as read from a panel file (rules §1 and §6.3).
///
///     let panel = try PanelLoader.load(path: "assets/panel.json", reserving: Scene.reservedIDs)
///     panel.menus.items.map(\.id)   // ["shape", "pattern", "arrangement"]
public struct Panel: Hashable, Sendable {
    /// The window's title.
    public var title: String
    public var menus: MenuSection
    public var chips: ChipSection

    /// A panel titled `title`, with its dropdowns and its chips.
    public init(title: String, menus: MenuSection, chips: ChipSection) {
        self.title = title
        self.menus = menus
        self.chips = chips
    }
}
