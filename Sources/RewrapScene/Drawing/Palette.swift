/// The demo's colours, one value per theme, so the painter never invents
/// one. Every text colour keeps a contrast ratio of at least 4.5:1 against
/// each background it is drawn on, and the focus ring 3:1 against the window.
/// In high contrast, text keeps 7:1, and borders, the ring, chip outlines
/// and the check mark 4.5:1.
///
///     Painter(metrics: metrics, measurer: fonts, palette: Theme.dark.palette)
public struct Palette: Hashable, Sendable {
    public var background: Color
    public var text: Color
    public var secondaryText: Color
    public var controlFill: Color
    public var controlHoverFill: Color
    public var controlBorder: Color
    /// The focus ring.
    public var accent: Color
    public var chipFill: Color
    public var badgeFill: Color
    /// The badge while hovered or while its popup is open.
    public var badgeHoverFill: Color
    public var popupFill: Color
    public var popupBorder: Color
    public var highlight: Color
    public var highlightText: Color
    public var scrollIndicator: Color
    public var inspectorTarget: Color
    public var inspectorRow: Color
    public var inspectorLimit: Color
    /// The inspector's caption bar, drawn over whatever the window shows.
    public var captionFill: Color
    public var captionText: Color
    /// Outlines chips and the badge, which a tint alone sets apart otherwise; nil draws none.
    public var chipOutline: Color? = nil
    /// The focus ring's stroke, as a multiple of `Metrics.focusRingWidth`.
    public var focusRingWeight: Double = 1
    /// High contrast asks 7:1 of text and 4.5:1 of the ring; others 4.5:1 and 3:1.
    public var isHighContrast = false

    public static let light = Palette(
        background: Color(hex: 0xf7f7f8), text: Color(hex: 0x1d1d1f), secondaryText: Color(hex: 0x6e6e73),
        controlFill: Color(hex: 0xffffff), controlHoverFill: Color(hex: 0xeef3fd), controlBorder: Color(hex: 0xb9b9c0),
        accent: Color(hex: 0x0a64d8), chipFill: Color(hex: 0x0a64d8, alpha: 0.12),
        badgeFill: Color(hex: 0x6e6e73, alpha: 0.15), badgeHoverFill: Color(hex: 0x6e6e73, alpha: 0.28),
        popupFill: Color(hex: 0xffffff), popupBorder: Color(hex: 0x9a9aa2),
        highlight: Color(hex: 0x0a64d8), highlightText: Color(hex: 0xffffff),
        scrollIndicator: Color(hex: 0x1d1d1f, alpha: 0.35),
        inspectorTarget: Color(hex: 0xe0267a), inspectorRow: Color(hex: 0x1f9d55, alpha: 0.5), inspectorLimit: Color(hex: 0xf08c00),
        captionFill: Color(hex: 0x1d1d1f, alpha: 0.85), captionText: Color(hex: 0xffffff))

    public static let dark = Palette(
        background: Color(hex: 0x1c1c1e), text: Color(hex: 0xf2f2f7), secondaryText: Color(hex: 0xa1a1a8),
        controlFill: Color(hex: 0x2c2c2f), controlHoverFill: Color(hex: 0x2f3a4f), controlBorder: Color(hex: 0x5c5c63),
        accent: Color(hex: 0x4d94f7), chipFill: Color(hex: 0x4d94f7, alpha: 0.2),
        badgeFill: Color(hex: 0xa1a1a8, alpha: 0.18), badgeHoverFill: Color(hex: 0xa1a1a8, alpha: 0.3),
        popupFill: Color(hex: 0x2a2a2d), popupBorder: Color(hex: 0x606068),
        highlight: Color(hex: 0x2563c9), highlightText: Color(hex: 0xffffff),
        scrollIndicator: Color(hex: 0xf2f2f7, alpha: 0.35),
        inspectorTarget: Color(hex: 0xff4f9a), inspectorRow: Color(hex: 0x3ccf7a, alpha: 0.5), inspectorLimit: Color(hex: 0xffa31a),
        captionFill: Color(hex: 0x000000, alpha: 0.85), captionText: Color(hex: 0xffffff))

    /// Pure black text on white, with outlined chips and a thicker ring.
    public static let highContrastLight = Palette(
        background: Color(hex: 0xffffff), text: Color(hex: 0x000000), secondaryText: Color(hex: 0x2e2e33),
        controlFill: Color(hex: 0xffffff), controlHoverFill: Color(hex: 0xe6eefc), controlBorder: Color(hex: 0x3d3d42),
        accent: Color(hex: 0x0047b3), chipFill: Color(hex: 0x0047b3, alpha: 0.1),
        badgeFill: Color(hex: 0x000000, alpha: 0.08), badgeHoverFill: Color(hex: 0x000000, alpha: 0.16),
        popupFill: Color(hex: 0xffffff), popupBorder: Color(hex: 0x000000),
        highlight: Color(hex: 0x0047b3), highlightText: Color(hex: 0xffffff),
        scrollIndicator: Color(hex: 0x000000, alpha: 0.6),
        inspectorTarget: Color(hex: 0xe0267a), inspectorRow: Color(hex: 0x1f9d55, alpha: 0.5), inspectorLimit: Color(hex: 0xf08c00),
        captionFill: Color(hex: 0x000000, alpha: 0.9), captionText: Color(hex: 0xffffff),
        chipOutline: Color(hex: 0x0047b3), focusRingWeight: 1.5, isHighContrast: true)

    /// White text on black, with outlined chips and a thicker ring.
    public static let highContrastDark = Palette(
        background: Color(hex: 0x000000), text: Color(hex: 0xffffff), secondaryText: Color(hex: 0xe0e0e6),
        controlFill: Color(hex: 0x121214), controlHoverFill: Color(hex: 0x1f2a3d), controlBorder: Color(hex: 0xc8c8d0),
        accent: Color(hex: 0x7fb5ff), chipFill: Color(hex: 0x7fb5ff, alpha: 0.18),
        badgeFill: Color(hex: 0xffffff, alpha: 0.12), badgeHoverFill: Color(hex: 0xffffff, alpha: 0.22),
        popupFill: Color(hex: 0x121214), popupBorder: Color(hex: 0xe0e0e6),
        highlight: Color(hex: 0x9cc6ff), highlightText: Color(hex: 0x000000),
        scrollIndicator: Color(hex: 0xffffff, alpha: 0.6),
        inspectorTarget: Color(hex: 0xff4f9a), inspectorRow: Color(hex: 0x3ccf7a, alpha: 0.5), inspectorLimit: Color(hex: 0xffa31a),
        captionFill: Color(hex: 0x000000, alpha: 0.9), captionText: Color(hex: 0xffffff),
        chipOutline: Color(hex: 0x7fb5ff), focusRingWeight: 1.5, isHighContrast: true)

    /// The desktop's accent colour on the focus ring and the highlighted
    /// option, made darker (light themes) or lighter (dark ones) at the same
    /// hue until the ring stands out from the window and text on the
    /// highlight, white or black, is readable.
    ///
    ///     Palette.light.withAccent(Color(red: 1, green: 0.8, blue: 0))   // a darker amber
    public func withAccent(_ accent: Color) -> Palette {
        // A little over each threshold, so rounding to 8 bits cannot drop below it.
        let ring = (isHighContrast ? 4.5 : 3) + 0.05
        let text = (isHighContrast ? 7 : 4.5) + 0.05
        let opaque = accent.withAlpha(1)
        let adjusted = opaque.adjustedLightness(darker: background.luminance > 0.5) {
            $0.contrast(with: background) >= ring && $0.contrast(with: $0.textOnIt) >= text
        }
        var palette = self
        palette.accent = adjusted
        palette.highlight = adjusted
        palette.highlightText = adjusted.textOnIt
        return palette
    }
}
