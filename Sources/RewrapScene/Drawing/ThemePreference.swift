/// `--theme light|dark|auto`. Auto follows the desktop's XSETTINGS
/// `Net/ThemeName`: a name containing "dark", in any case, means dark.
///
///     ThemePreference.auto.theme(desktopThemeName: "Adwaita-dark")   // .dark
///     ThemePreference.auto.theme(desktopThemeName: nil)              // .light
public enum ThemePreference: String, CaseIterable, Hashable, Sendable {
    case light, dark, auto

    /// The theme to draw in, given the desktop's theme name when it names one.
    public func theme(desktopThemeName name: String?) -> Theme {
        switch self {
        case .light: return .light
        case .dark: return .dark
        case .auto: return name.map(Self.namesDark) == true ? .dark : .light
        }
    }

    /// Compares ASCII letters only, so odd bytes and scripts whose case
    /// rules differ (a Turkish dotted capital I) can neither match nor crash.
    static func namesDark(_ name: String) -> Bool {
        let word = Array("dark".utf8)
        let bytes = name.utf8.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { bytes[$0..<$0 + word.count].elementsEqual(word) }
    }
}
