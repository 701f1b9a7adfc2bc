import RewrapCatalog
import RewrapPanelFile

extension Panel {
    /// The panel with its headings, footers, titles, options and chip
    /// titles translated, as GTK Builder files are: a text the catalog does
    /// not know stays as written. Ids and the order of options stay, so an
    /// option is the same pick in any language (`untranslated(_:of:)`).
    /// A pure function, applied to each panel as it is loaded.
    public func translated(by translator: Translator) -> Panel {
        guard translator.catalog != nil else { return self }
        var panel = self
        panel.title = translator.text(title)
        panel.menus.heading = translator.text(menus.heading)
        panel.menus.footer = translator.text(menus.footer)
        panel.chips.heading = translator.text(chips.heading)
        panel.chips.footer = translator.text(chips.footer)
        for index in panel.menus.items.indices {
            panel.menus.items[index].title = translator.text(menus.items[index].title)
            panel.menus.items[index].options = menus.items[index].options.map { translator.text($0) }
            panel.menus.items[index].selected = translator.text(menus.items[index].selected)
        }
        for index in panel.chips.items.indices {
            panel.chips.items[index].title = translator.text(chips.items[index].title)
        }
        return panel
    }

    /// The option of dropdown `id` at the place `option` has in `shown`
    /// (this panel translated): what a pick is kept as.
    public func untranslated(_ option: String, of id: NodeID, shown: Panel) -> String? {
        guard let item = menus.items.first(where: { $0.id == id }),
              let index = shown.menus.items.first(where: { $0.id == id })?.options.firstIndex(of: option),
              item.options.indices.contains(index) else { return nil }
        return item.options[index]
    }

    /// `option` of dropdown `id` as `shown` (this panel translated) names it.
    public func translatedOption(_ option: String, of id: NodeID, shown: Panel) -> String? {
        guard let index = menus.items.first(where: { $0.id == id })?.options.firstIndex(of: option),
              let item = shown.menus.items.first(where: { $0.id == id }), item.options.indices.contains(index) else { return nil }
        return item.options[index]
    }
}
