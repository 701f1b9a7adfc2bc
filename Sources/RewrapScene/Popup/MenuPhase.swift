import RewrapLayout

/// A menu's whole life, kept by its one owner, the controller: closed;
/// requested of the platform, with its menu; or placed, with where it went.
/// The loop and its sources are handed it as a value with each question
/// and keep no copy, so what is drawn, hit-tested, traced and read aloud
/// is always the menu the controller has.
///
///     var phase = MenuPhase.closed
///     phase = .requested(menu)                 // Return on a dropdown
///     phase.put(at: place)                     // the platform put it below the dropdown
///     phase.spot(x: 12, y: 40, inMenuWindow: true)   // .row(1)
///     phase = .closed                          // Escape, a pick, a click outside
public enum MenuPhase: Hashable, Sendable {
    case closed
    /// Open to keys and clicks, while the platform has yet to say where
    /// its window went (on Wayland, until the compositor configures it).
    case requested(PopupMenu)
    /// On the screen at `MenuPlace`.
    case placed(PopupMenu, MenuPlace)

    /// The open menu, requested or placed; nil while closed.
    public var open: PopupMenu? {
        switch self {
        case .closed: nil
        case .requested(let menu), .placed(let menu, _): menu
        }
    }

    /// Where the open menu is; nil until the platform has placed it.
    public var place: MenuPlace? {
        if case .placed(_, let place) = self { return place }
        return nil
    }

    public var isOpen: Bool { open != nil }

    /// The open menu shows `menu` from now on, wherever it is in its life.
    public mutating func show(_ menu: PopupMenu) {
        switch self {
        case .closed: break
        case .requested: self = .requested(menu)
        case .placed(_, let place): self = .placed(menu, place)
        }
    }

    /// The platform put the open menu at `place`: it opens (or, moved with
    /// its dropdown, opens again) scrolled to show the highlighted row, or
    /// the current option, in the middle when it can.
    public mutating func put(at place: MenuPlace) {
        guard var menu = open else { return }
        menu.scroll = MenuScroll(count: menu.entries.count, visible: place.visibleRows)
        if let row = menu.highlighted ?? menu.entries.firstIndex(where: \.isSelected) { menu.scroll.center(on: row) }
        self = .placed(menu, place)
    }

    /// What lies at (`x`, `y`), in the menu's own window's pixels or the
    /// main window's: a platform reports the pointer to either by its own
    /// rules (a grab, a button held since a press), so a point of either is
    /// looked up in the menu. Nil while closed; off the menu while it is
    /// not yet placed.
    public func spot(x: Int, y: Int, inMenuWindow: Bool) -> MenuSpot? {
        guard let menu = open else { return nil }
        guard let place else { return .outside }
        let inMenu = inMenuWindow ? (x: x, y: y) : (x: x - place.corner.x, y: y - place.corner.y)
        guard PixelRect(x: 0, y: 0, width: place.frame.width, height: place.frame.height).contains(x: inMenu.x, y: inMenu.y) else {
            return .outside
        }
        switch place.plan.hit(at: Point(x: Double(inMenu.x), y: Double(inMenu.y)), menu.scroll) {
        case .row(let row): return .row(row)
        case .indicator(let edge): return .indicator(edge)
        case nil: return .menu
        }
    }

    /// The open menu as the trace, the accessible tree and the input method
    /// see it: its frame, and a frame for each row in view.
    public var record: TraceRecord.PopupRecord? {
        guard case let .placed(menu, place) = self else { return nil }
        var rows = [PixelRect?](repeating: nil, count: menu.entries.count)
        for (index, frame) in place.plan.shownRows(menu.scroll) where rows.indices.contains(index) { rows[index] = PixelRect(frame) }
        return TraceRecord.PopupRecord(menu: menu, frame: place.frame, rows: rows)
    }
}

/// Where the platform put an open menu's window, with the plan and anchor it
/// was asked for: what hit-testing, drawing and following its dropdown need.
public struct MenuPlace: Hashable, Sendable {
    /// Its rows and size, planned as it opened.
    public var plan: PopupPlan
    /// The dropdown's presented frame it hangs below, in main-window pixels.
    public var anchor: PixelRect
    /// Where it went: root coordinates on X11, the window's on Wayland.
    public var frame: PixelRect
    /// Its top-left corner in main-window pixels, read with the placement:
    /// asking the platform on each motion would cost X11 a round trip, and
    /// the window does not move under an open menu.
    public var corner: (x: Int, y: Int) { (cornerX, cornerY) }
    private var cornerX: Int
    private var cornerY: Int
    /// Fewer than its rows when it was cut to fit.
    public var visibleRows: Int

    /// A menu of `plan` put at `frame`, below `anchor`, its corner at
    /// `corner` in the main window, showing `visibleRows` rows.
    public init(plan: PopupPlan, anchor: PixelRect, frame: PixelRect, corner: (x: Int, y: Int), visibleRows: Int) {
        self.plan = plan
        self.anchor = anchor
        self.frame = frame
        cornerX = corner.x
        cornerY = corner.y
        self.visibleRows = visibleRows
    }

    /// How far a finger drags a cut menu to scroll it by a row: the rows' pitch.
    public var rowHeight: Double? {
        plan.rows.first.map(\.height).flatMap { $0 > 0 ? $0 : nil }
    }
}
