import RewrapPlatform
import RewrapScene

/// What the command line asked for, read against the desktop's settings of
/// the moment: the desktop can change the theme, contrast, accent and motion
/// at any time.
struct Appearance {
    let theme: ThemePreference
    let reduceMotionByOption: Bool

    /// Light or dark, in high contrast when the desktop asks, with the desktop's accent.
    func palette(_ settings: DesktopSettings) -> Palette {
        let chosen: Theme
        if theme == .auto, let dark = settings.prefersDark {
            chosen = dark ? .dark : .light
        } else {
            chosen = theme.theme(desktopThemeName: settings.themeName)
        }
        let palette = chosen.palette(highContrast: settings.highContrast)
        return settings.accentColor.map(palette.withAccent) ?? palette
    }

    /// The option, or the desktop turning animations off.
    func reducesMotion(_ settings: DesktopSettings) -> Bool {
        reduceMotionByOption || !settings.animationsEnabled
    }
}
