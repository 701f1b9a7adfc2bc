import RewrapLayout

/// What the page measured that a new width cannot change: the chip row's
/// items (each chip and every badge count) and the dropdowns' items, kept
/// with the texts they were measured from. A resize then measures nothing;
/// a pick measures only the dropdowns again.
///
/// A cache, so copies of a `PageLayout` share it: it keeps nothing a copy
/// could disagree on, since each entry is checked against the texts asked for.
final class MeasuredItems {
    private var chips: (titles: [String], items: ChipRowItems)?
    private var panel: (labels: [String], items: [FlowItem])?

    func chipItems(for titles: [String], _ measure: () -> ChipRowItems) -> ChipRowItems {
        if let chips, chips.titles == titles { return chips.items }
        let items = measure()
        chips = (titles, items)
        return items
    }

    func panelItems(for labels: [String], _ measure: (String) -> FlowItem) -> [FlowItem] {
        if let panel, panel.labels == labels { return panel.items }
        let items = labels.map(measure)
        panel = (labels, items)
        return items
    }
}
