import RewrapLayout
import RewrapPanelFile

/// An open popup: whose it is, what it lists, which row is highlighted,
/// and which rows show when it is cut to fit the screen.
public struct PopupMenu: Hashable, Sendable {
    /// The dropdown's id, or `badge` for the list of hidden chips.
    public var owner: NodeID
    public var entries: [PopupEntry]
    public var highlighted: Int?
    /// Every row until the popup is placed and found too tall.
    public var scroll: MenuScroll
    /// The indicator under the pointer, scrolling the menu while it stays there.
    public var autoScroll: MenuEdge?

    /// A menu hanging from `owner`, its highlight on row `highlighted` when given.
    public init(owner: NodeID, entries: [PopupEntry], highlighted: Int? = nil) {
        self.owner = owner
        self.entries = entries
        self.highlighted = highlighted
        scroll = .uncut(count: entries.count)
    }

    /// Moves the highlight by `step` rows, wrapping around at either end.
    public mutating func moveHighlight(by step: Int) {
        guard !entries.isEmpty else { return }
        guard let current = highlighted else {
            highlighted = step >= 0 ? 0 : entries.count - 1
            return
        }
        highlighted = ((current + step) % entries.count + entries.count) % entries.count
    }

    /// Moves the highlight by `pages` of shown rows (less one, so a row of
    /// context stays), stopping at either end.
    public mutating func moveHighlight(pages: Int) {
        guard !entries.isEmpty else { return }
        let step = pages * max(1, scroll.visible - 1)
        highlighted = min(entries.count - 1, max(0, (highlighted ?? scroll.first) + step))
    }

    /// How long each row takes to scroll past while an indicator is hovered.
    public static let autoScrollInterval = 0.05

    /// Highlights the next row after the current one whose text starts with
    /// `letter`, ignoring case, so typing the same letter again cycles.
    public mutating func jump(to letter: Character) {
        let key = String(letter).lowercased()
        let start = (highlighted ?? -1) + 1
        for offset in 0..<entries.count {
            let index = (start + offset) % entries.count
            if entries[index].text.lowercased().hasPrefix(key) {
                highlighted = index
                return
            }
        }
    }

    /// Rows and size, laid out for `metrics`; at least as wide as `minimumWidth`
    /// so the menu lines up with its button.
    public func plan(metrics: Metrics, measurer: any TextMeasurer, minimumWidth: Double) -> PopupPlan {
        PopupLayout(metrics: metrics).plan(for: Proposal(width: minimumWidth),
                                           items: entries.map { measurer.measure($0.text, style: .body) })
    }
}
