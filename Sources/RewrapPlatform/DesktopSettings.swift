import RewrapScene
import RewrapText

/// What the desktop says about how the window should look and move. X11
/// reads it from XSETTINGS and Xft's resources, Wayland from the desktop
/// portal and the outputs; the app reacts to a change of the value, not to
/// where it came from.
public struct DesktopSettings: Equatable, Sendable {
    /// Such as "Adwaita-dark"; nil when the desktop names none.
    public var themeName: String?
    /// The desktop asked for a dark or a light look outright (the portal's
    /// color-scheme); nil when it has no preference.
    public var prefersDark: Bool?
    /// False only when the desktop turned animations off.
    public var animationsEnabled: Bool
    /// The interface scale the desktop asks for (X11's DPI over 96, or a
    /// Wayland output's scale); nil when it asks for none.
    public var scale: Double?
    /// How the desktop renders fonts, as fontconfig values to finish font
    /// patterns with, so that measuring and drawing agree with the rest of
    /// the desktop.
    public var fontDefaults: [FontDefault]
    /// Large text: text, and every length measured from it, at this many
    /// times its size, while the window keeps its own scale (GNOME's
    /// text-scaling-factor, or X11's `Gdk/UnscaledDPI` over 96). 1 for none.
    public var textScale: Double
    /// The desktop asked for high contrast (the portal's contrast, GNOME's
    /// high-contrast, or a theme named so).
    public var highContrast: Bool
    /// The person's accent colour, opaque; nil when the desktop names none.
    public var accentColor: Color?
    /// Such as "Adwaita" or "DMZ-White"; nil for the compositor's or X's default.
    public var cursorTheme: String?
    /// The cursor's size in pixels at scale 1; nil for the default.
    public var cursorSize: Int?
    /// The desktop's interface font, such as Cantarell 11; nil for sans-serif at 14 px.
    public var interfaceFont: InterfaceFont?

    /// Settings as a desktop reports them; the defaults are a desktop that says nothing.
    public init(themeName: String? = nil, prefersDark: Bool? = nil, animationsEnabled: Bool = true, scale: Double? = nil,
                fontDefaults: [FontDefault] = [], textScale: Double = 1, highContrast: Bool = false, accentColor: Color? = nil,
                cursorTheme: String? = nil, cursorSize: Int? = nil, interfaceFont: InterfaceFont? = nil) {
        self.themeName = themeName
        self.prefersDark = prefersDark
        self.animationsEnabled = animationsEnabled
        self.scale = scale
        self.fontDefaults = fontDefaults
        self.textScale = textScale
        self.highContrast = highContrast
        self.accentColor = accentColor
        self.cursorTheme = cursorTheme
        self.cursorSize = cursorSize
        self.interfaceFont = interfaceFont
    }

    /// DPIs no screen has (nan, zero, two million) are no scale to follow.
    public static func scale(dpi: Double?) -> Double? {
        dpi.flatMap { (24...1536).contains($0) ? $0 / 96 : nil }
    }

    /// GNOME offers 0.5 to 3; anything else (0, NaN, 100) is no factor to follow.
    public static func textScale(_ factor: Double?) -> Double {
        factor.flatMap { (0.5...3).contains($0) ? $0 : nil } ?? 1
    }

    /// An sRGB colour with each channel in 0...1; nil otherwise, as the
    /// portal says of an accent out of range.
    public static func accentColor(red: Double, green: Double, blue: Double) -> Color? {
        guard [red, green, blue].allSatisfy({ (0...1).contains($0) }) else { return nil }
        return Color(red: red, green: green, blue: blue)
    }

    /// Cursor themes come in sizes up to 256 px; zero or less means the default.
    public static func cursorSize(_ size: Int?) -> Int? {
        size.flatMap { (1...256).contains($0) ? $0 : nil }
    }

    /// A cursor theme's name, or nil for an empty one.
    public static func cursorTheme(_ name: String?) -> String? {
        name.flatMap { $0.isEmpty || $0.utf8.contains(0) ? nil : $0 }
    }

    /// A theme named for high contrast, as GNOME's "HighContrast" and
    /// "HighContrastInverse". ASCII letters only, as `namesDark`.
    public static func namesHighContrast(_ name: String) -> Bool {
        let word = Array("highcontrast".utf8)
        let bytes = name.utf8.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }.filter { $0 != 0x2d && $0 != 0x5f && $0 != 0x20 }
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { bytes[$0..<$0 + word.count].elementsEqual(word) }
    }
}
