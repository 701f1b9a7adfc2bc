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

    /// Settings as a desktop reports them; the defaults are a desktop that says nothing.
    public init(themeName: String? = nil, prefersDark: Bool? = nil, animationsEnabled: Bool = true, scale: Double? = nil,
                fontDefaults: [FontDefault] = []) {
        self.themeName = themeName
        self.prefersDark = prefersDark
        self.animationsEnabled = animationsEnabled
        self.scale = scale
        self.fontDefaults = fontDefaults
    }

    /// DPIs no screen has (nan, zero, two million) are no scale to follow.
    public static func scale(dpi: Double?) -> Double? {
        dpi.flatMap { (24...1536).contains($0) ? $0 / 96 : nil }
    }
}
