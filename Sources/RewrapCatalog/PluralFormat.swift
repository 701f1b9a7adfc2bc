/// A message with plural forms, read from the catalog and parsed once, for
/// a caller that fills it for many counts: each form a count may take, and
/// the catalog's rule that picks one.
///
///     let more = Translator(catalog: spanish).pluralFormat("%d more", "%d more")
///     more.filled(count: 3)   // "3 más"
public struct PluralFormat: Equatable, Sendable {
    /// The English forms, as written and parsed: one, and any other count.
    private let english: (one: String, other: String)
    private let parsed: (one: MessageFormat?, other: MessageFormat?)
    /// The catalog's rule and each of its forms, nil where the catalog's
    /// form is empty or asks for an argument the original has not; nil
    /// without a catalog or a translation with every form.
    private let translated: (rule: PluralRule, forms: [MessageFormat?])?

    init(singular: String, plural: String, catalog: MessageCatalog?, key: String) {
        english = (singular, plural)
        parsed = (MessageFormat(singular), MessageFormat(plural))
        guard let catalog, let forms = catalog.translations[key], forms.count >= catalog.plural.count,
              let original = parsed.one else {
            translated = nil
            return
        }
        translated = (catalog.plural, forms.map { form in
            MessageFormat(form).flatMap { !form.isEmpty && $0.fits(original, isPluralForm: true) ? $0 : nil }
        })
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.english == b.english && a.parsed == b.parsed && a.translated?.rule == b.translated?.rule
            && a.translated?.forms == b.translated?.forms
    }

    /// The form `count` takes, with `%d` filled in: the catalog's where it
    /// has a fitting one, the English otherwise.
    public func filled(count: Int) -> String {
        let number = [String(count)]
        if let translated, let form = translated.forms[translated.rule.form(for: count)] {
            return form.filled(number)
        }
        let (format, text) = count == 1 ? (parsed.one, english.one) : (parsed.other, english.other)
        return format?.filled(number) ?? text
    }
}
