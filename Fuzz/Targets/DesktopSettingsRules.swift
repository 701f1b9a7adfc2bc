import RewrapPlatform

/// What must hold of the desktop's settings however they were decoded:
/// every value is one the window can use, or the default.
enum DesktopSettingsRules {
    /// The first rule `settings` breaks, or nil.
    static func broken(_ settings: DesktopSettings) -> String? {
        if let scale = settings.scale, !(scale.isFinite && scale > 0 && scale <= 16) { return "a scale of \(scale)" }
        if !(0.5...3).contains(settings.textScale) { return "a text scale of \(settings.textScale)" }
        if let accent = settings.accentColor,
           ![accent.red, accent.green, accent.blue, accent.alpha].allSatisfy({ (0...1).contains($0) }) {
            return "an accent of \(accent)"
        }
        if let size = settings.cursorSize, !(1...256).contains(size) { return "a cursor of \(size) px" }
        if settings.cursorTheme?.isEmpty == true { return "an empty cursor theme" }
        if let font = settings.interfaceFont {
            if !(1...200).contains(font.points) { return "a font of \(font.points) pt" }
            if font.family.isEmpty { return "a font with no family" }
            // Only the size may follow the family: an escaped family adds no property of its own.
            if font.pattern.hasSuffix(":size=\(font.points)") == false { return "a font pattern \(font.pattern)" }
        }
        return nil
    }
}
