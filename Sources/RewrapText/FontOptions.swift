/// Which fonts text is set in, and how to finish their patterns.
///
///     FontOptions(pattern: "sans-serif", scale: 2)   // 28 px body text
public struct FontOptions {
    /// A fontconfig pattern, such as `sans-serif` or `DejaVu Sans:size=11`;
    /// a size in it, in pixels or points (at 96 dpi), is scaled by `scale`.
    public var pattern: String
    public var scale: Double
    /// Finishes a pattern after fontconfig's own substitutions, in place of
    /// `FcDefaultSubstitute`. The X side passes `XftDefaultSubstitute`, so
    /// the desktop's hinting settings apply to measuring exactly as they
    /// apply to drawing. Text is always antialiased, as it was before shaping.
    public var substitute: ((OpaquePointer) -> Void)?

    public init(pattern: String = "sans-serif", scale: Double = 1, substitute: ((OpaquePointer) -> Void)? = nil) {
        self.pattern = pattern
        self.scale = scale
        self.substitute = substitute
    }
}
