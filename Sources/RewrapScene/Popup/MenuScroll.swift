/// Which rows a menu shows when it is cut to fit the screen: `visible`
/// rows of `count`, from `first`. A menu that fits shows them all.
///
///     var scroll = MenuScroll(count: 60, visible: 20)
///     scroll.reveal(45)       // first becomes 26: row 45 is the last shown
///     scroll.scroll(by: -3)   // first 23
public struct MenuScroll: Hashable, Sendable {
    public private(set) var first = 0
    public let visible: Int
    public let count: Int

    /// `visible` is kept within 1...count (0 for an empty menu).
    public init(count: Int, visible: Int) {
        self.count = max(0, count)
        self.visible = min(self.count, max(1, visible))
    }

    /// Every row shows.
    public static func uncut(count: Int) -> MenuScroll {
        MenuScroll(count: count, visible: count)
    }

    public var isCut: Bool { visible < count }
    public var canScrollUp: Bool { first > 0 }
    public var canScrollDown: Bool { first + visible < count }
    public var shown: Range<Int> { first..<(first + visible) }

    /// True while rows are hidden beyond `edge`.
    public func canScroll(towards edge: MenuEdge) -> Bool {
        edge == .top ? canScrollUp : canScrollDown
    }

    /// Positive rows scroll towards the end; stops at either end.
    public mutating func scroll(by rows: Int) {
        first = min(max(0, first + rows), count - visible)
    }

    /// Scrolls just enough to show `row`.
    public mutating func reveal(_ row: Int) {
        if row < first { scroll(by: row - first) }
        if row >= first + visible { scroll(by: row - (first + visible - 1)) }
    }

    /// Scrolls so `row` sits as near the middle as the ends allow.
    public mutating func center(on row: Int) {
        scroll(by: row - visible / 2 - first)
    }
}
