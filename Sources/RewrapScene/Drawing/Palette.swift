/// The demo's colours, one value per theme, so the painter never invents
/// one. Every text colour keeps a contrast ratio of at least 4.5:1 against
/// each background it is drawn on, and the focus ring 3:1 against the window.
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
}
