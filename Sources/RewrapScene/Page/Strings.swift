import RewrapLayout

/// The words the program itself says, in each shipped language. The panel
/// file carries everything else.
public struct Strings: Hashable, Sendable {
    /// The languages the program speaks, by their language tags.
    public enum Language: String, CaseIterable, Sendable {
        case english = "en"
        case spanish = "es"
        case traditionalChinese = "zh-Hant"
        case arabic = "ar"
        case hebrew = "he"

        /// Which way the language reads, and so which way the window lays out.
        public var direction: LayoutDirection {
            Strings.direction(forLocale: rawValue)
        }
    }

    public let language: Language

    /// The program's own texts in `language`.
    public init(_ language: Language) {
        self.language = language
    }

    /// The badge's text for `count` hidden chips, in the plural form the
    /// language uses for that count (CLDR's rules): English, Spanish and
    /// Chinese read the same word for one and many ("1 more", "2 más",
    /// "還有 2 個"); Hebrew has one, two and other; Arabic has six forms.
    public func more(_ count: Int) -> String {
        let number = String(count)
        switch language {
        case .english: return "\(number) more"
        case .spanish: return "\(number) más"
        case .traditionalChinese: return "還有 \(number) 個"
        case .hebrew:
            switch count {
            case 1: return "עוד אחד"
            case 2: return "עוד שניים"
            default: return "עוד \(number)"
            }
        case .arabic:
            switch (count, count % 100) {
            case (0, _): return "لا مزيد"
            case (1, _): return "عنصر آخر"
            case (2, _): return "عنصران آخران"
            case (_, 3...10): return "\(number) عناصر أخرى"
            case (_, 11...99): return "\(number) عنصرًا آخر"
            default: return "\(number) عنصر آخر"
            }
        }
    }

    /// What the chip row shows when it has no chips.
    public var noItems: String {
        switch language {
        case .english: return "No items"
        case .spanish: return "Sin elementos"
        case .traditionalChinese: return "沒有項目"
        case .arabic: return "لا توجد عناصر"
        case .hebrew: return "אין פריטים"
        }
    }

    /// The notice over the window's bottom edge while the panel file has
    /// an error; `detail` names the file, the place and what is wrong.
    public func panelFileError(_ detail: String) -> String {
        switch language {
        case .english: return "The panel file has an error: \(detail)"
        case .spanish: return "El archivo del panel tiene un error: \(detail)"
        case .traditionalChinese: return "面板檔案有錯誤：\(detail)"
        case .arabic: return "في ملف اللوحة خطأ: \(detail)"
        case .hebrew: return "בקובץ הלוח יש שגיאה: \(detail)"
        }
    }

    /// The language for a POSIX locale name such as `es_ES.UTF-8`, `zh_TW`
    /// or `ar_EG`; anything unknown is English.
    public static func language(forLocale locale: String) -> Language {
        let name = locale.split(separator: ".").first.map(String.init) ?? locale
        // Byte prefixes: the names are ASCII, and `hasPrefix` would first
        // find the character boundaries.
        func starts(_ prefix: String) -> Bool { name.utf8.starts(with: prefix.utf8) }
        if starts("es") { return .spanish }
        if ["zh_TW", "zh_HK", "zh_Hant", "zh-Hant", "zh-TW", "zh-HK"].contains(where: starts) { return .traditionalChinese }
        switch languageCode(name) {
        case "ar": return .arabic
        case "he", "iw": return .hebrew
        default: return .english
        }
    }

    /// Right to left for the languages that read so, shipped or not
    /// (Arabic, Hebrew, Persian, Urdu and their neighbours), for a panel
    /// given on the command line in the user's own language.
    public static func direction(forLocale locale: String) -> LayoutDirection {
        let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug"]
        return rightToLeft.contains(languageCode(locale)) ? .rightToLeft : .leftToRight
    }

    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`: the first that is set and not empty.
    public static func locale(environment: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// `fa` from `fa_IR.UTF-8@calendar`, `he` from `he-IL`.
    /// Only ASCII letters count, and one bit lowers their case: `isLetter`
    /// and `lowercased()` would page in Unicode tables at every
    /// start just for this.
    private static func languageCode(_ locale: String) -> String {
        let letters = locale.utf8.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        return String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
    }
}
