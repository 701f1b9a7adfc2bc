import RewrapCatalog

/// The words the program itself says in the window and to screen readers,
/// in the language of the catalog in use; the panel file carries the rest.
/// Each goes through the catalog, so a language is added by a `.po` file
/// alone (`make pot` finds each message by its call here).
///
///     let words = Words(Translator(catalog: arabic))
///     words.more(11)   // "11 عنصرًا آخر"
public struct Words: Equatable, Sendable {
    /// The catalog's texts, which the panel is translated with too.
    public let translator: Translator
    /// The badge's forms, parsed once: a layout asks for the badge's text
    /// at several counts.
    private let moreFormat: PluralFormat

    /// The words as the program writes them.
    public static let english = Words(.english)

    /// The words `translator` gives.
    public init(_ translator: Translator) {
        self.translator = translator
        // TRANSLATORS: The badge at the end of the row of labels, a button: how many
        // labels do not fit the window. Forms for one value of n may leave %d out.
        moreFormat = translator.pluralFormat("%d more", "%d more")
    }

    /// The badge's text for `count` hidden chips, in the plural form the
    /// catalog's `Plural-Forms` gives `count`.
    public func more(_ count: Int) -> String {
        moreFormat.filled(count: count)
    }

    /// What the chip row shows when it has no chips.
    public var noItems: String {
        // TRANSLATORS: Shown in place of the row of labels when the panel has none.
        translator.text("No items")
    }

    /// A dropdown's label from its title and the option it shows.
    public var label: MessageFormat {
        // TRANSLATORS: A dropdown's label: its title (%1$s, such as "Shape") and the option
        // it shows (%2$s, such as "Circle"). Write %2$s before %1$s to swap them.
        translator.formatting("%s: %s") ?? MessageFormat("%s: %s")!
    }

    /// What pressing a dropdown does, for screen readers.
    public var opensMenu: String {
        // TRANSLATORS: What a dropdown's action does, read by screen readers.
        translator.text("Opens the menu of options")
    }

    /// What pressing the badge does, for screen readers.
    public var listsHidden: String {
        // TRANSLATORS: What the badge's action does, read by screen readers.
        translator.text("Lists the labels that do not fit")
    }

    /// What clicking an option of an open dropdown does, for screen readers.
    public var picksOption: String {
        // TRANSLATORS: What clicking one option of an open dropdown does, read by screen readers.
        translator.text("Picks this option")
    }

    /// The notice over the window's bottom edge while the panel file has an
    /// error; `detail` names the file, the place and what is wrong, in
    /// English, as the line on stderr gives them.
    public func panelFileError(_ detail: String) -> String {
        // TRANSLATORS: A notice over the bottom of the window while the panel file being edited
        // has an error. %s names the file, the place (a line and column, or a JSON path) and
        // what is wrong, in English.
        translator.format("The panel file has an error: %s", detail)
    }

    /// What clicking a row of the badge's list does, for screen readers.
    public var closesList: String {
        // TRANSLATORS: What clicking a row of the badge's list of hidden labels does, read by screen readers.
        translator.text("Closes the list")
    }
}
