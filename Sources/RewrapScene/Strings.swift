/// The words the program itself says, in each shipped language. The panel
/// file carries everything else.
public struct Strings: Hashable, Sendable {
    public enum Language: String, CaseIterable, Sendable {
        case english = "en"
        case spanish = "es"
        case traditionalChinese = "zh-Hant"
    }

    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The badge's text for `count` hidden chips. Each of these languages
    /// reads the same word for one and for many ("1 more", "2 más", "還有 2 個").
    public func more(_ count: Int) -> String {
        switch language {
        case .english: return "\(count) more"
        case .spanish: return "\(count) más"
        case .traditionalChinese: return "還有 \(count) 個"
        }
    }

    /// What the chip row shows when it has no chips.
    public var noItems: String {
        switch language {
        case .english: return "No items"
        case .spanish: return "Sin elementos"
        case .traditionalChinese: return "沒有項目"
        }
    }

    /// The language for a POSIX locale name such as `es_ES.UTF-8` or `zh_TW`;
    /// anything unknown is English.
    public static func language(forLocale locale: String) -> Language {
        let name = locale.split(separator: ".").first.map(String.init) ?? locale
        if name.hasPrefix("es") { return .spanish }
        if name.hasPrefix("zh_TW") || name.hasPrefix("zh_HK") || name.hasPrefix("zh_Hant") || name.hasPrefix("zh-Hant")
            || name.hasPrefix("zh-TW") || name.hasPrefix("zh-HK") {
            return .traditionalChinese
        }
        return .english
    }

    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`: the first that is set and not empty wins.
    public static func language(environment: (String) -> String?) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty { return language(forLocale: value) }
        }
        return .english
    }
}
