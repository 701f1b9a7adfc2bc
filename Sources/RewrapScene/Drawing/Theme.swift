/// Light or dark: which palette the window is drawn in.
public enum Theme: String, Hashable, Sendable {
    case light, dark

    public var palette: Palette {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }

    /// The theme's palette, or its high-contrast one.
    public func palette(highContrast: Bool) -> Palette {
        guard highContrast else { return palette }
        return self == .dark ? .highContrastDark : .highContrastLight
    }
}
