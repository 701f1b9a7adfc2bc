import RewrapCatalog
import RewrapPanelFile

/// The panel's content plus what the user has chosen so far. Selections are
/// keyed by dropdown id, so a control keeps its identity when its label
/// changes, and the person's picks outlive edits of the file (rules §12.4).
public struct PanelState: Equatable, Sendable {
    public private(set) var panel: Panel
    public private(set) var selections: [NodeID: String]
    /// What the person picked, by dropdown id: kept while the file drops the
    /// dropdown or the option, so the pick shows again when they return.
    public private(set) var picks: [NodeID: String] = [:]
    /// Each dropdown's label, in panel order, kept as selections change: a
    /// resize then lays out the same strings rather than new equal ones.
    public private(set) var labels: [String]
    /// How a title and an option make a label, in the window's language.
    public let labelFormat: MessageFormat

    /// The panel with each dropdown at the option its file selects, its
    /// labels in `words`' format.
    public init(panel: Panel, words: Words = .english) {
        self.init(panel: panel, labelFormat: words.label)
    }

    private init(panel: Panel, labelFormat format: MessageFormat) {
        self.panel = panel
        labelFormat = format
        var selections: [NodeID: String] = [:]
        for item in panel.menus.items { selections[item.id] = item.selected }
        self.selections = selections
        labels = panel.menus.items.map { format.filled([$0.title, $0.selected]) }
    }

    /// The same picks over an edited panel: each dropdown shows its pick
    /// while it has that option, and the file's `selected` otherwise. An
    /// edit is not a pick, so the picks themselves do not change.
    ///
    ///     state.select("Square", for: "shape")
    ///     state.replacingPanel(withoutSquare).selection(of: "shape")   // the file's selected
    ///     state.replacingPanel(withoutSquare).replacingPanel(withSquare).selection(of: "shape")   // "Square"
    public func replacingPanel(_ next: Panel) -> PanelState {
        var state = PanelState(panel: next, labelFormat: labelFormat)
        state.picks = picks
        for (index, item) in next.menus.items.enumerated() {
            guard let pick = picks[item.id], item.options.contains(pick) else { continue }
            state.selections[item.id] = pick
            state.labels[index] = label(title: item.title, selected: pick)
        }
        return state
    }

    /// The panel with `picks` made, as a new run starts from the kept ones:
    /// the same rule as for an edit decides what each dropdown shows.
    public init(panel: Panel, picks: [NodeID: String], words: Words = .english) {
        var state = PanelState(panel: panel, words: words)
        state.picks = picks
        self = state.replacingPanel(panel)
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

    /// Accepts `option` only if it is one of that dropdown's options, and
    /// keeps it as the person's pick when it changes what the dropdown
    /// shows. Returns true when the selection actually changed.
    @discardableResult
    public mutating func select(_ option: String, for id: NodeID) -> Bool {
        guard let index = panel.menus.items.firstIndex(where: { $0.id == id }),
              panel.menus.items[index].options.contains(option), selections[id] != option else {
            return false
        }
        picks[id] = option
        selections[id] = option
        labels[index] = label(title: panel.menus.items[index].title, selected: option)
        return true
    }
}
