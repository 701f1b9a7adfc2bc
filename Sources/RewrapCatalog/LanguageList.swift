/// The languages a person asks for, in order, as gettext reads them:
/// `--locale`, else the colon-separated `LANGUAGE` when it is set, else the
/// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set. Each entry is
/// followed by its fallbacks (`pt_BR` then `pt`). Unlike glibc, `LANGUAGE`
/// counts even when the locale is `C` or is not generated on the machine.
///
///     LanguageList(option: nil, environment: ["LANGUAGE": "pt_BR:es"]).languages   // ["pt_BR", "pt", "es"]
public struct LanguageList: Equatable, Sendable {
    /// Catalog names to look for, most wanted first.
    public let languages: [String]
    /// The locale's own language (`fa` from `fa_IR.UTF-8`), which decides the
    /// direction when no catalog does.
    public let localeLanguage: String

    /// The list `--locale` (`option`) or `environment` asks for.
    public init(option: String?, environment: [String: String]) {
        self.init(option: option) { environment[$0] }
    }

    /// The list `--locale` (`option`) or the variables `environment` reads ask for.
    public init(option: String?, environment: (String) -> String?) {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment($0) }.first { !$0.isEmpty }
        let asked: [Substring]
        if let option {
            asked = [Substring(option)]
        } else if let list = environment("LANGUAGE"), !list.isEmpty {
            asked = list.split(separator: ":")
        } else {
            asked = locale.map { [Substring($0)] } ?? []
        }
        var languages: [String] = []
        for entry in asked {
            for name in Self.fallbacks(of: entry) where !languages.contains(name) { languages.append(name) }
        }
        self.languages = languages
        localeLanguage = Self.code(of: asked.first ?? "")
    }

    /// Whether the locale's language reads right to left, shipped or not
    /// (Arabic, Hebrew, Persian, Urdu and their neighbours): the direction of
    /// a person's own panel when no catalog says.
    public var localeReadsRightToLeft: Bool {
        ["ar", "he", "iw", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug"].contains(localeLanguage)
    }

    /// `pt_BR.UTF-8@euro` gives pt_BR@euro, pt@euro, pt_BR, pt; the names
    /// of Traditional Chinese give zh_TW. `C` and `POSIX` give nothing.
    static func fallbacks(of entry: Substring) -> [String] {
        var name = String(entry.map { $0 == "-" ? "_" : $0 })
        var modifier = ""
        if let at = name.firstIndex(of: "@") {
            modifier = String(name[at...])
            name = String(name[..<at])
        }
        if let dot = name.firstIndex(of: ".") { name = String(name[..<dot]) }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return [] }
        if let traditional = traditionalChinese(name) { name = traditional }
        var parts = name.split(separator: "_").map(String.init)
        if parts.first == "iw" { parts[0] = "he" }
        var names: [String] = []
        for count in stride(from: parts.count, through: 1, by: -1) {
            let stem = parts.prefix(count).joined(separator: "_")
            if !modifier.isEmpty { names.append(stem + modifier) }
        }
        for count in stride(from: parts.count, through: 1, by: -1) { names.append(parts.prefix(count).joined(separator: "_")) }
        return names
    }

    /// Hong Kong's, Macau's and Taiwan's Chinese, and any written in the
    /// Hant script, read the Traditional Chinese catalog.
    private static func traditionalChinese(_ name: String) -> String? {
        let parts = name.split(separator: "_")
        guard parts.first == "zh", parts.count > 1 else { return nil }
        return parts.dropFirst().contains { ["TW", "HK", "MO", "Hant"].contains($0) } ? "zh_TW" : nil
    }

    /// `fa` from `fa_IR.UTF-8@calendar`, `he` from `he-IL`, in lower case.
    static func code(of locale: Substring) -> String {
        String(decoding: locale.utf8.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }.map { $0 | 0x20 },
               as: UTF8.self)
    }
}
