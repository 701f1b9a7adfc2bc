import RewrapCatalog
import RewrapPanelFile

/// The panel's content plus what the user has chosen so far. Selections are
/// keyed by dropdown id, so a control keeps its identity when its label changes.
public struct PanelState: Equatable, Sendable {
    public let panel: Panel
    public private(set) var selections: [NodeID: String]
    /// Each dropdown's label, in panel order, kept as selections change: a
    /// resize then lays out the same strings rather than new equal ones.
    public private(set) var labels: [String]
    /// How a title and an option make a label, in the window's language.
    public let labelFormat: MessageFormat

    /// The panel with each dropdown at the option its file selects, its
    /// labels in `words`' format.
    public init(panel: Panel, words: Words = .english) {
        self.panel = panel
        let format = words.label
        labelFormat = format
        var selections: [NodeID: String] = [:]
        for item in panel.menus.items { selections[item.id] = item.selected }
        self.selections = selections
        labels = panel.menus.items.map { format.filled([$0.title, $0.selected]) }
    }

    /// The dropdown with this id; nil for a chip or an unknown id.
    public func dropdown(_ id: NodeID) -> DropdownSpec? {
        panel.menus.items.first { $0.id == id }
    }

    /// The option the dropdown shows now.
    public func selection(of id: NodeID) -> String? {
        selections[id]
    }

    /// The label format of rules §1, for any option, shown or not.
    public func label(title: String, selected: String) -> String {
        labelFormat.filled([title, selected])
    }

    /// Accepts `option` only if it is one of that dropdown's options.
    /// Returns true when the selection actually changed.
    @discardableResult
    public mutating func select(_ option: String, for id: NodeID) -> Bool {
        guard let index = panel.menus.items.firstIndex(where: { $0.id == id }),
              panel.menus.items[index].options.contains(option), selections[id] != option else {
            return false
        }
        selections[id] = option
        labels[index] = label(title: panel.menus.items[index].title, selected: option)
        return true
    }
}
