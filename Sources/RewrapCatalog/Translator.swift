/// The program's and the panel's texts in the person's language: a
/// catalog's translation where it has a fitting one, the original (English)
/// otherwise. With no catalog, every text is its own translation.
///
///     let words = Translator(catalog: spanish)
///     words.text("Shape")                                // "Forma"
///     words.plural("%d more", "%d more", count: 3)       // "3 más"
public struct Translator: Equatable, Sendable {
    /// The catalog in use; nil for English.
    public let catalog: MessageCatalog?

    /// No catalog: every text as written.
    public static let english = Translator(catalog: nil)

    /// Translates with `catalog`, or not at all.
    public init(catalog: MessageCatalog?) {
        self.catalog = catalog
    }

    /// The message, or its translation; `context` tells apart one English
    /// text that two places use differently.
    public func text(_ message: String, context: String? = nil) -> String {
        guard let found = catalog?.translations[key(message, context)]?.first, !found.isEmpty else { return message }
        return found
    }

    /// The form of `singular`/`plural` that `count` takes, with `%d` filled in.
    public func plural(_ singular: String, _ plural: String, count: Int, context: String? = nil) -> String {
        pluralFormat(singular, plural, context: context).filled(count: count)
    }

    /// `singular`/`plural` read from the catalog and parsed once, for a
    /// caller that fills it for many counts.
    public func pluralFormat(_ singular: String, _ plural: String, context: String? = nil) -> PluralFormat {
        PluralFormat(singular: singular, plural: plural, catalog: catalog, key: key(singular, context))
    }

    /// A format with `%s`-style directives, translated, then filled with
    /// `values`; a translation whose directives do not match is not used.
    public func format(_ message: String, _ values: String..., context: String? = nil) -> String {
        formatting(message, context: context)?.filled(values) ?? message
    }

    /// The translated format itself, for a caller that fills it many times.
    public func formatting(_ message: String, context: String? = nil) -> MessageFormat? {
        guard let original = MessageFormat(message) else { return nil }
        let translated = text(message, context: context)
        guard let format = MessageFormat(translated), format.fits(original, isPluralForm: false) else { return original }
        return format
    }

    /// The language of the catalog in use, as a BCP 47 tag (`zh-TW`); `en` without one.
    public var languageTag: String {
        (catalog?.language ?? "en").split(separator: "@").first.map { $0.replacingUnderscores() } ?? "en"
    }

    /// Whether the catalog says its language reads right to left, as GTK's
    /// catalogs do, by translating `default:LTR` as `default:RTL`; nil
    /// when there is no catalog or it does not say.
    public var readsRightToLeft: Bool? {
        guard catalog != nil else { return nil }
        // TRANSLATORS: Not words to translate: write default:RTL if your language reads
        // right to left (the window then mirrors), default:LTR if it reads left to right.
        switch self.text("default:LTR") {
        case "default:RTL": return true
        case "default:LTR": return false
        default: return nil
        }
    }

    private func key(_ message: String, _ context: String?) -> String {
        context.map { $0 + "\u{04}" + message } ?? message
    }
}

extension Substring {
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
