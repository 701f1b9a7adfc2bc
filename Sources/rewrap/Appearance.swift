import RewrapScene
import RewrapX11

/// What the command line asked for, read against the desktop's settings of
/// the moment: a settings daemon can change the theme and motion at any time.
struct Appearance {
    let theme: ThemePreference
    let reduceMotionByOption: Bool

    func palette(_ settings: XSettings?) -> Palette {
        theme.theme(desktopThemeName: settings?.themeName).palette
    }

    /// The option, or the desktop turning animations off.
    func reducesMotion(_ settings: XSettings?) -> Bool {
        reduceMotionByOption || !(settings?.animationsEnabled ?? true)
    }
}
