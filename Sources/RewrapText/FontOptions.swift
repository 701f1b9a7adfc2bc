/// Which fonts text is set in, and how to finish their patterns.
///
///     FontOptions(pattern: "sans-serif", scale: 2)   // 28 px body text
public struct FontOptions {
    /// A fontconfig pattern, such as `sans-serif` or `DejaVu Sans:size=11`;
    /// a size in it, in pixels or points (at 96 dpi), is scaled by `scale`.
    public var pattern: String
    public var scale: Double
    /// The desktop's rendering settings, added to each pattern that does not
    /// set them before fontconfig's own defaults, as Xft finishes the
    /// patterns it draws with: so measuring and drawing load glyphs alike.
    public var defaults: [FontDefault]

    /// Fonts matching `pattern`, sized for `scale`, finished with the desktop's `defaults`.
    public init(pattern: String = "sans-serif", scale: Double = 1, defaults: [FontDefault] = []) {
        self.pattern = pattern
        self.scale = scale
        self.defaults = defaults
    }
}
