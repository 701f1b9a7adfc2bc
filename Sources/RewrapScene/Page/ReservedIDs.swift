import RewrapPanelFile

/// The ids of the window's own nodes. The scene reserves them, so that a
/// dropdown or chip of the panel can never be mistaken for one in the trace.
extension NodeID {
    public static let badge: NodeID = "badge"
    public static let menusHeading: NodeID = "menus.heading"
    public static let menusFooter: NodeID = "menus.footer"
    public static let chipsHeading: NodeID = "chips.heading"
    public static let chipsFooter: NodeID = "chips.footer"
    /// "No items", shown in place of an empty chip row.
    public static let chipsEmpty: NodeID = "chips.empty"
    /// The notice that the panel file has an error.
    public static let notice: NodeID = "notice"
}

extension Scene {
    public static let reservedIDs: Set<NodeID> = [.badge, .menusHeading, .menusFooter, .chipsHeading, .chipsFooter, .chipsEmpty, .notice]
}

extension PanelLoader {
    /// The panel at `path`, with the scene's own ids reserved.
    ///
    ///     let panel = try PanelLoader.load(path: "assets/panel.json")
    public static func load(path: String) throws(PanelError) -> Panel {
        try load(path: path, reserving: Scene.reservedIDs)
    }

    /// The panel in `bytes`, with the scene's own ids reserved.
    public static func parse(_ bytes: [UInt8], file: String) throws(PanelError) -> Panel {
        try parse(bytes, file: file, reserving: Scene.reservedIDs)
    }
}
