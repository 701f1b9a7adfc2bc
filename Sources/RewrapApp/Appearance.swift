import RewrapPlatform
import RewrapScene

/// What the command line asked for, read against the desktop's settings of
/// the moment: the desktop can change the theme and motion at any time.
struct Appearance {
    let theme: ThemePreference
    let reduceMotionByOption: Bool

    func palette(_ settings: DesktopSettings) -> Palette {
        guard theme == .auto, let dark = settings.prefersDark else {
            return theme.theme(desktopThemeName: settings.themeName).palette
        }
        return (dark ? Theme.dark : .light).palette
    }

    /// The option, or the desktop turning animations off.
    func reducesMotion(_ settings: DesktopSettings) -> Bool {
        reduceMotionByOption || !settings.animationsEnabled
    }
}
